"""The walls as the simulated players take from them, worked out by hand from the briefs
(common.md §3: the deal, the replacement ends; riichi_rcr_beijing.md §1: the dead wall)."""

from types import SimpleNamespace

from firmware import rulesets
from firmware.tiles.wall_order import draw_order
from firmware.wall_break import wall_break
from hal_sim.world.wall import PlayWall, deal_order


def rule_set(replacement_from: str, dead_wall_stacks: int = 0):
    return SimpleNamespace(replacement_from=replacement_from, dead_wall_stacks=dead_wall_stacks)


def test_the_deal_is_three_rounds_of_four_then_the_dealers_jump():
    seats = deal_order(2)
    assert len(seats) == 53
    assert seats[:16] == [2] * 4 + [3] * 4 + [0] * 4 + [1] * 4
    assert seats[16:48] == seats[:16] * 2
    # the upper tiles of the 1st and 3rd next stacks (48, 52) to the dealer, 49-51 one each
    assert seats[48:] == [2, 3, 0, 1, 2]
    assert [seats.count(seat) for seat in range(4)] == [13, 13, 14, 13]


def test_after_the_deal_the_live_wall_starts_at_the_54th_tile():
    wall = PlayWall(list(range(144)), rule_set("tail"))
    hands = wall.deal(0)
    assert hands[0] == [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 52]
    assert hands[3] == [12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 51]
    assert (wall.draw(), wall.draw(), wall.live()) == (53, 54, 144 - 55)


def test_replacements_from_the_tail_take_the_last_tile_still_in_the_order():
    wall = PlayWall(list(range(144)), rule_set("tail"))
    wall.deal(0)
    assert [wall.replacement(), wall.replacement(), wall.draw()] == [143, 142, 53]
    assert wall.live() == 144 - 53 - 3 and wall.remaining() == list(range(54, 142))


def test_replacements_from_the_front_are_the_next_draws():
    wall = PlayWall(list(range(108)), rule_set("front"))
    wall.deal(1)
    assert [wall.replacement(), wall.draw(), wall.replacement()] == [53, 54, 55]


def test_the_dead_wall_holds_the_replacements_and_the_indicators():
    """136 tiles, 7 dead stacks = tiles 122..135 in draw order, stack 7 (134, 135) at the
    break. Replacements from its far end, upper tile first: 134, 135, then 132, 133. The
    first dora indicator is the upper tile of the 3rd stack from the break (130), the next
    ones one stack on (128, 126, ...); the ura indicators lie under them (131, 129, ...)."""
    wall = PlayWall(list(range(136)), rule_set("dead_wall", 7))
    wall.deal(0)
    assert wall.live() == 122 - 53
    assert (wall.dora_indicators(), wall.ura_indicators()) == ([130], [131])
    assert wall.replacement() == 134
    assert (wall.dora_indicators(), wall.ura_indicators()) == ([130, 128], [131, 129])
    assert wall.live() == 122 - 53 - 1  # the live wall's last tile went into the dead wall
    assert [wall.replacement() for _ in range(3)] == [135, 132, 133]
    assert wall.dora_indicators() == [130, 128, 126, 124, 122]
    assert not wall.can_replace()
    assert len(wall.remaining()) == 136 - 53 - 4 and 134 not in wall.remaining()


def test_the_walls_on_the_table_are_taken_in_the_tables_geometry():
    stacks = [[(f"{side}.{n} lo", f"{side}.{n} up") for n in range(1, 18)] for side in range(4)]
    broken = wall_break("riichi", [(3, 4)])
    wall = PlayWall.from_table(stacks, broken, rulesets.get("riichi"))
    assert wall.tiles == draw_order(stacks, broken)
    # dice 7: the opposite wall (W); K = 7: drawing starts at W stack 8, upper tile first
    assert wall.tiles[:2] == ["2.8 up", "2.8 lo"]
