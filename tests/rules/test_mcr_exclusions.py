"""Exclusion families (counting principles 1, 3 and 5 of seed 000 §3.8.2), worked by hand.

Each case names the family, a hand, fans it must score and fans the family excludes.
"""

import pytest
from mcr_records import fan_names, record

from firmware.rules.mcr import score_record

SINGLE = "独听・单钓"

FAMILIES = [
    # Kong series: at most one of 四杠/三杠/双暗杠/明暗杠/双明杠/暗杠/明杠.
    ("kongs: three kongs; concealed kongs count toward the concealed pungs (AMB-6)", record("555z8p", "8p", ["1111m", "[2222p]", "[3333s]"]),
     {"三杠": 1, "三暗刻": 1}, {"双暗杠", "暗杠", "明杠", "双明杠", "双暗刻"}),
    ("kongs: two concealed kongs exclude one concealed kong and 双暗刻",
     record("456s789s5z", "5z", ["[2222m]", "[3333p]"]), {"双暗杠": 1}, {"暗杠", "双暗刻"}),
    ("kongs: two melded kongs exclude one melded kong", record("345s678s5z", "5z", ["1111m", "+2222p"]),
     {"双明杠": 1}, {"明杠"}),
    # Concealed-pung series: at most one of 四暗刻/三暗刻/双暗刻; 四暗刻 also takes 碰碰和, 门前清.
    ("concealed pungs: four", record("111m222p333s444s5s", "5s"), {"四暗刻": 1},
     {"三暗刻", "双暗刻", "碰碰和", "门前清"}),
    ("concealed pungs: a pung finished on a discard is exposed",
     record("111m222p333s44s55s", "4s"), {"三暗刻": 1, "碰碰和": 1}, {"四暗刻"}),
    # Terminal/honour pungs absorbed by a bigger fan; wind pungs by 圈风刻/门风刻.
    ("terminal pungs: 三风刻 absorbs its three, a fourth still counts",
     record("222z333z999m5p", "5p", ["111z"], seat="N", round_wind="N"), {"三风刻": 1, "幺九刻": 1}, set()),
    ("terminal pungs: 混幺九 absorbs them all, with 碰碰和 and 全带幺",
     record("999p111z555z9s", "9s", ["111m"]), {"混幺九": 1}, {"幺九刻", "碰碰和", "全带幺"}),
    ("terminal pungs: a prevalent-and-seat wind pung counts 2 + 2, not 幺九刻",
     record("567p789s111z1m", "1m", ["123m"], seat="E"), {"圈风刻": 1, "门风刻": 1}, {"幺九刻"}),
    ("terminal pungs: 大四喜 takes wind fans, 三风刻, 碰碰和, 幺九刻",
     record("333444z5m", "5m", ["111z", "222z"], seat="E"), {"大四喜": 1},
     {"圈风刻", "门风刻", "三风刻", "碰碰和", "幺九刻"}),
    # Suit family.
    ("suits: 清一色 takes 缺一门 and 无字", record("456789p11p23p", "4p", ["123p"]), {"清一色": 1}, {"缺一门", "无字"}),
    ("suits: 混一色 takes 缺一门", record("456m789m222z1z", "1z", ["123m"]), {"混一色": 1}, {"缺一门"}),
    ("suits: 绿一色 takes 混一色 (with Green) but adds 清一色 and 断幺 without it",
     record("2233444666888s", "4s"), {"绿一色": 1, "清一色": 1, "断幺": 1}, {"混一色", "缺一门", "无字"}),
    ("suits: 推不倒 takes 缺一门", record("123p345p888s9p", "9p", ["555z"]), {"推不倒": 1}, {"缺一门"}),
    # Chow relations: account-once (principle 5) and non-split (principle 2).
    ("chows: 123m 789m 123s 789s makes three relations, not four",
     record("123789m123789s9p", "9p"), {"喜相逢": 2, "老少副": 1}, set()),
    ("chows: 一色四步高 takes 一色三步高, 连六, 老少副", record("122333444556s9p", "9p"), {"一色四步高": 1},
     {"一色三步高", "连六", "老少副"}),
    ("chows: 一色三同顺 takes 一般高", record("234234m567p9s", "9s", ["234m"]), {"一色三同顺": 1}, {"一般高"}),
    ("chows: 三色双龙会 takes 平和, 喜相逢, 老少副, 无字", record("123789m123789p5s", "5s"), {"三色双龙会": 1},
     {"平和", "喜相逢", "老少副", "无字"}),
    # Concealment and win conditions.
    ("concealment: 七对 takes 门前清 and 单钓将", record("1133m5577p22s66z7z", "7z"), {"七对": 1}, {"门前清", SINGLE}),
    ("concealment: 不求人 takes 自摸", record("444p666s789m5z", "5z", ["[1111s]"], by="self_draw"),
     {"不求人": 1}, {"自摸", "门前清"}),
    ("concealment: 全求人 takes 单钓将", record("1s", "1s", ["123m", "555p", "789s", "777z"]), {"全求人": 1}, {SINGLE}),
    ("win: 杠上开花 takes 自摸", record("67m11z", "8m", ("234m", "567p", "8888s"), by="self_draw", kong_related=True),
     {"杠上开花": 1}, {"自摸"}),
    ("win: 抢杠和 takes 和绝张", record("67m11z", "8m", ("234m", "567p", "888s"), kong_related=True, last_of_kind=True),
     {"抢杠和": 1}, {"和绝张"}),
    # Pair upgrades and tile-range family.
    ("pair: 小三元 takes 双箭刻 and 箭刻", record("555666z7z234m567p", "7z"), {"小三元": 1}, {"双箭刻", "箭刻"}),
    ("range: 全大 takes 大于五 and 无字", record("789p789s888s7m", "7m", ["999m"]), {"全大": 1}, {"大于五", "无字"}),
    ("range: 全双刻 takes 碰碰和, 断幺, 无字", record("444p666s888s8m", "8m", ["222m"]), {"全双刻": 1},
     {"碰碰和", "断幺", "无字"}),
    ("range: 清幺九 takes 双同刻 but keeps 三暗刻", record("999m111p999p1s", "1s", ["111m"]),
     {"清幺九": 1, "三暗刻": 1}, {"双同刻", "混幺九", "幺九刻", "碰碰和", "全带幺"}),
]


@pytest.mark.parametrize(("family", "rec", "present", "absent"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_exclusion_family(family, rec, present, absent):
    fans = fan_names(score_record(rec, "wmo"))
    assert {name: fans.get(name) for name in present} == present
    assert absent.isdisjoint(fans), sorted(absent & set(fans))
