"""A result's zone pictures, written as the zones each discard found changed and read back
whole; expected pictures written out here by hand."""

from firmware.referee import pictures

ZONES = ("hand.0", "pond")


def test_each_discard_names_only_the_zones_that_changed_and_reads_back_whole():
    log = [(0, "1m", ((1, 1), (0, 0))), (1, "2m", ((1, 1), (1, 0))), (0, "3m", ((2, 1), (1, 0)))]
    written = pictures.changed(log, ZONES, lambda tiles: "".join(map(str, tiles)))
    assert written == [{"seat": 0, "tile": "1m", "zones": {"hand.0": "11", "pond": "00"}},
                       {"seat": 1, "tile": "2m", "zones": {"pond": "10"}},
                       {"seat": 0, "tile": "3m", "zones": {"hand.0": "21"}}]
    assert [d["zones"] for d in pictures.whole(written)] == [
        {"hand.0": "11", "pond": "00"}, {"hand.0": "11", "pond": "10"}, {"hand.0": "21", "pond": "10"}]


def test_a_result_with_every_zone_at_every_discard_reads_the_same():
    full = [{"seat": 0, "tile": "1m", "zones": {"hand.0": "11", "pond": "1m"}},
            {"seat": 1, "tile": "2m", "zones": {"hand.0": "11", "pond": "1m2m"}}]
    assert list(pictures.whole(full)) == full


def test_a_damaged_entry_keeps_its_place_and_the_rest_read_on():
    damaged = [{"seat": 0, "tile": "1m", "zones": {"pond": "1m"}}, "garbage",
               {"seat": 2, "tile": "3m", "zones": "not zones"}]
    assert list(pictures.whole(damaged)) == [
        {"seat": 0, "tile": "1m", "zones": {"pond": "1m"}}, None,
        {"seat": 2, "tile": "3m", "zones": {"pond": "1m"}}]
    assert list(pictures.whole("not a list")) == [] and list(pictures.whole(None)) == []
