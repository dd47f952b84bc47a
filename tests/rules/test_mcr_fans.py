"""Hand-computed tests, one per fan of the 81 (seed 000 §3.8.1; points from the 1998 table).

Each case lists every fan the hand scores under the default `wmo` profile, worked out by
hand from the definitions and exclusions in ../shared/rules/mcr.md, so each test also
checks what the fan excludes. 单钓将 etc. appear under pymahjonggb's names (独听・单钓).
"""

import pytest
from mcr_records import fan_names, record

from firmware.rules.mcr import score_record
from firmware.rules.mcr.fans import FANS

SINGLE, EDGE, CLOSED = "独听・单钓", "独听・边张", "独听・嵌张"
CHICKEN_MELDS = ("234m", "567p", "888s")  # with 678m + 11z: no fan at all

CASES = [
    ("大四喜", record("333444z5m", "5m", ["111z", "222z"]), {"大四喜": 1, "混一色": 1, "双暗刻": 1, SINGLE: 1}),
    ("大三元", record("555666777z12m99p", "3m"), {"大三元": 1, "三暗刻": 1, "门前清": 1, EDGE: 1, "缺一门": 1, "全带幺": 1}),
    ("绿一色", record("223344666888s6z", "6z"), {"绿一色": 1, "一般高": 1, "双暗刻": 1, "门前清": 1, SINGLE: 1}),
    ("九莲宝灯", record("1112345678999m", "5m"), {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1}),
    ("四杠", record("5z", "5z", ["1111m", "+2222p", "[3333s]", "[4444z]"]),
     {"四杠": 1, "三色三节高": 1, "双暗刻": 1, "幺九刻": 2, "五门齐": 1}),
    ("连七对", record("2233445566778m", "8m"), {"连七对": 1, "断幺": 1}),
    ("十三幺", record("19m19p19s1234567z", "1m"), {"十三幺": 1}),
    ("清幺九", record("999m111p999p1s", "1s", ["111m"]), {"清幺九": 1, "三暗刻": 1, SINGLE: 1}),
    ("小四喜", record("222333z44z12m", "3m", ["111z"]),
     {"小四喜": 1, "全带幺": 1, "双暗刻": 1, EDGE: 1, "混一色": 1, "圈风刻": 1, "门风刻": 1}),
    ("小三元", record("555666z7z234m567p", "7z"), {"小三元": 1, "双暗刻": 1, "门前清": 1, SINGLE: 1, "缺一门": 1}),
    ("字一色", record("222z555z666z7z", "7z", ["111z"]), {"字一色": 1, "小三元": 1, "三暗刻": 1, SINGLE: 1, "圈风刻": 1}),
    ("四暗刻", record("111m222p333s444s5s", "5s"), {"四暗刻": 1, "三色三节高": 1, "幺九刻": 1, "无字": 1}),
    ("一色双龙会", record("1122335778899m", "5m"), {"一色双龙会": 1, "门前清": 1, SINGLE: 1}),
    ("一色四同顺", record("2222333344445m", "5m"), {"一色四同顺": 1, "清一色": 1, "断幺": 1, "平和": 1, "门前清": 1}),
    ("一色四节高", record("333444555p9s", "9s", ["222p"]), {"一色四节高": 1, "三暗刻": 1, SINGLE: 1, "推不倒": 1, "无字": 1}),
    ("一色四步高", record("122333444556s9p", "9p"), {"一色四步高": 1, "平和": 1, "门前清": 1, SINGLE: 1, "缺一门": 1}),
    ("三杠", record("555z8p", "8p", ["1111m", "+2222p", "3333s"]), {"三杠": 1, "三色三节高": 1, "碰碰和": 1, "箭刻": 1, "幺九刻": 1, SINGLE: 1}),
    ("混幺九", record("999p111z555z9s", "9s", ["111m"]),
     {"混幺九": 1, "三暗刻": 1, "箭刻": 1, "圈风刻": 1, SINGLE: 1, "五门齐": 1}),
    ("七对", record("1133m5577p22s66z7z", "7z"), {"七对": 1}),
    ("七星不靠", record("14m25p36s1234567z", "7m"), {"七星不靠": 1}),
    ("全双刻", record("444p666s888s8m", "8m", ["222m"]), {"全双刻": 1, "三暗刻": 1, SINGLE: 1}),
    ("清一色", record("456789p11p23p", "4p", ["123p"]), {"清一色": 1, "清龙": 1, "平和": 1}),
    ("一色三同顺", record("234234m567p9s", "9s", ["234m"]), {"一色三同顺": 1, "平和": 1, SINGLE: 1}),
    ("一色三节高", record("444p555p123s9m", "9m", ["333p"]), {"一色三节高": 1, "双暗刻": 1, SINGLE: 1, "无字": 1}),
    ("全大", record("789p789s888s7m", "7m", ["999m"]), {"全大": 1, "喜相逢": 1, "四归一": 1, "幺九刻": 1, SINGLE: 1}),
    ("全中", record("456p456s444m5s", "5s", ["456m"]), {"全中": 1, "三色三同顺": 1, "四归一": 1, CLOSED: 1}),
    ("全小", record("123m123s333m2s", "2s", ["111p"]), {"全小": 1, "喜相逢": 1, "四归一": 1, "幺九刻": 1, CLOSED: 1}),
    ("清龙", record("456s789s1199m", "9m", ["123s"]), {"清龙": 1, "幺九刻": 1, "缺一门": 1, "无字": 1}),
    ("三色双龙会", record("123789m123789p5s", "5s"), {"三色双龙会": 1, "门前清": 1, SINGLE: 1}),
    ("一色三步高", record("123m234m345m5s", "5s", ["999p"]), {"一色三步高": 1, "幺九刻": 1, SINGLE: 1, "无字": 1}),
    ("全带五", record("555p456s567p5s", "5s", ["345m"]), {"全带五": 1, "三色三步高": 1, "四归一": 1, CLOSED: 1}),
    ("三同刻", record("777p777s234p9s", "9s", ["777m"]), {"三同刻": 1, "双暗刻": 1, "无字": 1}),
    ("三暗刻", record("222m444p666s123s7s", "7s"), {"三暗刻": 1, "门前清": 1, "无字": 1}),
    ("全不靠", record("147m25p369s12345z", "6z"), {"全不靠": 1}),
    ("组合龙", record("147m258p369s234m5z", "5z"), {"组合龙": 1, "门前清": 1, SINGLE: 1}),
    ("大于五", record("789p678s999s8m", "8m", ["666m"]), {"大于五": 1, "幺九刻": 1, SINGLE: 1}),
    ("小于五", record("123p234s111s3m", "3m", ["444m"]), {"小于五": 1, "幺九刻": 1, SINGLE: 1}),
    ("三风刻", record("222z333z456m9p", "9p", ["111z"], seat="N", round_wind="N"),
     {"三风刻": 1, "双暗刻": 1, SINGLE: 1, "缺一门": 1}),
    ("花龙", record("456p789s555z7z", "7z", ["123m"]), {"花龙": 1, "箭刻": 1, SINGLE: 1}),
    ("推不倒", record("123p345p888s9p", "9p", ["555z"]), {"推不倒": 1, "箭刻": 1, SINGLE: 1}),
    ("三色三同顺", record("456p456s222s9m", "9m", ["456m"]), {"三色三同顺": 1, SINGLE: 1, "无字": 1}),
    ("三色三节高", record("444p555s789m1z", "1z", ["333m"]), {"三色三节高": 1, "双暗刻": 1, SINGLE: 1}),
    ("无番和", record("67m11z", "8m", CHICKEN_MELDS), {"无番和": 1}),
    ("妙手回春", record("67m11z", "8m", CHICKEN_MELDS, by="self_draw", last_wall_tile=True), {"妙手回春": 1}),
    ("海底捞月", record("67m11z", "8m", CHICKEN_MELDS, last_wall_tile=True), {"海底捞月": 1}),
    ("杠上开花", record("67m11z", "8m", ("234m", "567p", "8888s"), by="self_draw", kong_related=True),
     {"杠上开花": 1, "明杠": 1}),
    ("抢杠和", record("67m11z", "8m", CHICKEN_MELDS, kong_related=True, last_of_kind=True), {"抢杠和": 1}),
    ("碰碰和", record("777s999m5z", "5z", ["222m", "333p"]), {"碰碰和": 1, "双暗刻": 1, "幺九刻": 1, SINGLE: 1}),
    ("混一色", record("456m789m222z1z", "1z", ["123m"]), {"混一色": 1, "清龙": 1, "幺九刻": 1, SINGLE: 1}),
    ("三色三步高", record("234p345s777m9s", "9s", ["123m"]), {"三色三步高": 1, SINGLE: 1, "无字": 1}),
    ("五门齐", record("567p789s444z5z", "5z", ["123m"]), {"五门齐": 1, "幺九刻": 1, SINGLE: 1}),
    ("全求人", record("1s", "1s", ["123m", "555p", "789s", "777z"]), {"全求人": 1, "箭刻": 1}),
    ("双暗杠", record("456s789s5z", "5z", ["[2222m]", "[3333p]"]), {"双暗杠": 1, "门前清": 1, "连六": 1, SINGLE: 1}),
    ("双箭刻", record("666z123m456p9s", "9s", ["555z"]), {"双箭刻": 1, SINGLE: 1}),
    ("全带幺", record("789p111s999m1z", "1z", ["123m"]), {"全带幺": 1, "幺九刻": 2, "双暗刻": 1, SINGLE: 1}),
    ("不求人", record("234m456p678s345s9s", "9s", by="self_draw"), {"不求人": 1, "三色三步高": 1, "平和": 1, "连六": 1}),
    ("双明杠", record("345s678s5z", "5z", ["1111m", "+2222p"]), {"双明杠": 1, "幺九刻": 1, "连六": 1, SINGLE: 1}),
    ("和绝张", record("67m11z", "8m", CHICKEN_MELDS, last_of_kind=True), {"和绝张": 1}),
    ("箭刻", record("567p789s555z1m", "1m", ["123m"]), {"箭刻": 1, SINGLE: 1}),
    ("圈风刻", record("567p789s111z1m", "1m", ["123m"]), {"圈风刻": 1, SINGLE: 1}),
    ("门风刻", record("567p789s333z1m", "1m", ["123m"]), {"门风刻": 1, SINGLE: 1}),
    ("门前清", record("234m567p345s678s9s", "9s"), {"门前清": 1, "平和": 1, "连六": 1}),
    ("平和", record("567p345s67s99m", "8s", ["234m"]), {"平和": 1, "连六": 1}),
    ("四归一", record("222m567p345s9s", "9s", ["234m"]), {"四归一": 1, SINGLE: 1, "无字": 1}),
    ("双同刻", record("555p123s678m9s", "9s", ["555m"]), {"双同刻": 1, SINGLE: 1, "无字": 1}),
    ("双暗刻", record("444p666s789m5z", "5z", ["123m"]), {"双暗刻": 1, "老少副": 1, SINGLE: 1}),
    ("暗杠", record("123m567s789s5z", "5z", ["[4444p]"]), {"暗杠": 1, "门前清": 1, SINGLE: 1}),
    ("断幺", record("567p456s22p77s", "7s", ["234m"]), {"断幺": 1}),
    ("一般高", record("234m567p111s5z", "5z", ["234m"]), {"一般高": 1, "幺九刻": 1, SINGLE: 1}),
    ("喜相逢", record("234p678s111s5z", "5z", ["234m"]), {"喜相逢": 1, "幺九刻": 1, SINGLE: 1}),
    ("连六", record("567m999p111s5z", "5z", ["234m"]), {"连六": 1, "幺九刻": 2, "双暗刻": 1, SINGLE: 1}),
    ("老少副", record("789m555p222s5z", "5z", ["123m"]), {"老少副": 1, "双暗刻": 1, SINGLE: 1}),
    ("幺九刻", record("567s345p5z", "5z", ["234m", "999p"]), {"幺九刻": 1, SINGLE: 1}),
    ("明杠", record("567s345p5z", "5z", ["234m", "6666p"]), {"明杠": 1, SINGLE: 1}),
    ("缺一门", record("678m345p5z", "5z", ["234m", "666p"]), {"缺一门": 1, SINGLE: 1}),
    ("无字", record("678s345p1m", "1m", ["234m", "666p"]), {"无字": 1, SINGLE: 1}),
    (EDGE, record("89s345p55z", "7s", ["234m", "666p"]), {EDGE: 1}),
    (CLOSED, record("79s345p55z", "8s", ["234m", "666p"]), {CLOSED: 1}),
    (SINGLE, record("345p678s5z", "5z", ["234m", "666p"]), {SINGLE: 1}),
    ("自摸", record("67m11z", "8m", CHICKEN_MELDS, by="self_draw"), {"自摸": 1}),
]


@pytest.mark.parametrize(("fan", "rec", "expected"), CASES, ids=[case[0] for case in CASES])
def test_each_fan_scores_as_computed_by_hand(fan, rec, expected):
    result = score_record(rec, "wmo")
    assert fan in expected
    assert fan_names(result) == expected


def test_the_cases_cover_all_80_listed_fans():
    """81 fans = the 80 in the list plus 花牌 (flowers, tested below); 明暗杠 is profile-only."""
    names = {fan for fan, _rec, _expected in CASES}
    listed = {f.zh for f in FANS} - {"明暗杠"}
    assert len(listed) == 80
    assert listed - names == set()


def test_flowers_count_after_the_win_but_not_toward_the_minimum():
    """花牌 (81): 1 point each, added after a valid win; 7 points + 3 flowers is still 错和."""
    chicken = score_record(record("67m11z", "8m", CHICKEN_MELDS, flowers=3), "wmo")
    assert (chicken["status"], chicken["flower_points"], chicken["total"], chicken["total_excl_flowers"]) == (
        "win", 3, 11, 8)
    five = score_record(record("234m567p345s678s9s", "9s", flowers=3), "wmo")  # 门前清 平和 连六
    assert (five["status"], five["total_excl_flowers"], five["total"]) == ("below_min", 5, 8)
