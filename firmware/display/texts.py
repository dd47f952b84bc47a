"""What the page says, in Chinese and English: every text goes to the page as a pair
``{"zh": ..., "en": ...}`` and the page picks the language (config, or the reader's toggle).

The English fault texts are firmware/faults.py's, the single source; their Chinese here
follows them code by code (a test checks every code has both). Fans carry their own
Chinese and English from the scorers; riichi yaku come in the scorer's (romanised) names, so
their Chinese is here.
"""

from firmware.controller.machine import State
from firmware.faults import fault_info

LANGUAGES = ("zh", "en")


def pair(zh: str, en: str) -> dict:
    return {"zh": zh, "en": en}


STATES = {
    State.OFF: ("关机", "Off"),
    State.SELF_TEST: ("自检", "Self test"),
    State.IDLE: ("待机：按开盖键开始", "Idle: press the hatch button to start"),
    State.COLLECTING_OPENING: ("收牌：中心盖打开中", "Collecting: the hatch opens"),
    State.COLLECTING_OPEN: ("收牌：请推入牌后按升牌", "Collecting: push the tiles in, then press raise"),
    State.COLLECTING_CLOSING: ("收牌：中心盖关闭中", "Collecting: the hatch closes"),
    State.RAISING_UP: ("升起牌墙", "Raising the walls"),
    State.RAISING_DOWN: ("升降台回落", "Lowering the lifts"),
    State.DICE_WAITING: ("请按骰子键", "Press dice"),
    State.DICE_ROLLING: ("掷骰中", "The dice roll"),
    State.PREPARING_SHUFFLING: ("洗牌中", "Shuffling"),
    State.PREPARING_STACKING: ("码牌中", "Stacking"),
    State.PREPARING_READY: ("牌墙已备好", "Walls ready"),
    State.PLAYING_SHUFFLING: ("对局中 · 下一副洗牌", "Playing · next set shuffling"),
    State.PLAYING_STACKING: ("对局中 · 下一副码牌", "Playing · next set stacking"),
    State.PLAYING_READY: ("对局中 · 下一副已备好", "Playing · next set ready"),
    State.FAULT: ("故障", "Fault"),
    State.ESTOP: ("紧急停止", "Emergency stop"),
    State.MAINTENANCE_MENU: ("维护菜单", "Maintenance menu"),
    State.MAINTENANCE_TESTING: ("维护：部件测试", "Maintenance: testing a part"),
}

FAULTS_ZH = {
    "E101": ("自检：升降台未回到底部或中心盖未按时关闭",
             "清理升降台和中心盖，检查限位开关，然后按复位。"),
    "E102": ("某个升降台同时报告到顶和到底", "松开或更换卡住的限位开关，然后按复位。"),
    "E201": ("堆牌头未按时收到牌", "打开盖板，检查转盘、磁圈和传送带能自由转动，然后按复位。"),
    "E202": ("堆牌头停止取牌（传送带堵塞）", "取出卡在堆牌头的牌（检查牌头与传送带的间隙），然后按复位。"),
    "E203": ("一墩牌未按时送到任何一边", "清洁各边的计数传感器，检查链条推杆，然后按复位。"),
    "E204": ("某边收到的墩数多于布局，或结束时少于布局",
             "检查各边计数传感器和布局选择开关；把牌推入后按复位。"),
    "E205": ("分牌链条未按时经过零位传感器", "清洁 S4 传感器和反光板，检查链条运转，然后按复位。"),
    "E206": ("牌仍在流动时满带传感器一直有效", "清洁或更换满带传感器，然后按复位。"),
    "E301": ("这副牌比本规则所用的多", "从机器里取出多余的牌，然后按复位。"),
    "E302": ("这副牌缺牌", "找到缺少的牌，从中心口投入，然后按复位。"),
    "E401": ("升降台未按时到达限位", "清理台板，检查升降电机及其限位开关，然后按复位。"),
    "E402": ("升降台过早到达限位", "松开或更换卡住的限位开关，然后按复位。"),
    "E403": ("中心盖未按时打开或关闭", "清理中心口，检查中心盖电机和开关，然后按复位。"),
    "E501": ("机器运行时盖板/中心被抬起", "合上盖板，确认没有手在里面，然后按复位。"),
    "E511": ("牌识别：这副牌缺牌，缺的牌已显示", "找到显示的牌，从中心口投入（或重新登记这副牌），然后按复位。"),
    "E512": ("牌识别：有一张不属于这副的牌", "取出显示的牌（与另一副中的同一张对换），然后按复位。"),
    "E513": ("牌识别：标签读到两次，或某边牌数不对", "检查显示的牌的标签或该边的计数传感器，然后按复位。"),
    "E514": ("RFID 读卡器没有应答", "检查读卡器的线缆和电源（端口见详情），然后按复位。"),
    "E515": ("提示，不是机器故障（电机照常运转）：某家手牌张数不对（相公）",
             "请叫裁判：座位和张数已显示；机器本身无需处理。"),
    "E516": ("提示，不是机器故障（电机照常运转）：裁判发现违规",
             "请叫裁判：座位、违规和牌已显示；由裁判确认或驳回。"),
    "E601": ("紧急停止", "排除危险，松开急停按钮，然后按复位。"),
    "E701": ("骰子没有转动", "检查骰子保险丝和电机，清洁转动传感器，然后按复位。"),
    "E801": ("周期检查拒绝了备好的牌墙", "阅读屏幕上的详情，修正这副牌，然后按复位。"),
    "E901": ("控制器软件错误", "记下日志中的详情后按复位；如果反复出现，请重启服务。"),
}

OFFENCES = {
    "false_win": ("诈和", "False win"),
    "below_minimum": ("错和（不足起和番）", "Below the minimum"),
    "no_yaku": ("无役和牌", "No yaku"),
    "furiten": ("振听和牌", "Furiten"),
    "riichi_not_ready": ("立直未听牌", "Riichi while not ready"),
    "wrong_count": ("相公（张数不对）", "Wrong tile count"),
    "wrong_call": ("错误的吃碰杠", "Wrong call"),
    "call_not_allowed": ("不允许的吃碰", "Call not allowed"),
    "void_suit": ("定缺违规", "Void suit"),
    "flower_discarded": ("打出花牌", "Flower discarded"),
}

YAKU_ZH = {
    "Menzen Tsumo": "门前清自摸和", "Riichi": "立直", "Ippatsu": "一发", "Chankan": "抢杠",
    "Rinshan Kaihou": "岭上开花", "Haitei Raoyue": "海底捞月", "Houtei Raoyui": "河底捞鱼",
    "Double Riichi": "两立直", "Pinfu": "平和", "Tanyao": "断幺九", "Iipeiko": "一杯口",
    "Yakuhai (haku)": "役牌 白", "Yakuhai (hatsu)": "役牌 发", "Yakuhai (chun)": "役牌 中",
    "Yakuhai (seat wind east)": "自风 东", "Yakuhai (seat wind south)": "自风 南",
    "Yakuhai (seat wind west)": "自风 西", "Yakuhai (seat wind north)": "自风 北",
    "Yakuhai (round wind east)": "场风 东", "Yakuhai (round wind south)": "场风 南",
    "Yakuhai (round wind west)": "场风 西", "Yakuhai (round wind north)": "场风 北",
    "Sanshoku Doujun": "三色同顺", "Ittsu": "一气通贯", "Chantai": "混全带幺九",
    "Honroutou": "混老头", "Toitoi": "对对和", "San Ankou": "三暗刻", "San Kantsu": "三杠子",
    "Sanshoku Doukou": "三色同刻", "Chiitoitsu": "七对子", "Shou Sangen": "小三元",
    "Honitsu": "混一色", "Junchan": "纯全带幺九", "Ryanpeikou": "二杯口", "Chinitsu": "清一色",
    "Kokushi Musou": "国士无双", "Chuuren Poutou": "九莲宝灯", "Suu Ankou": "四暗刻",
    "Daisangen": "大三元", "Shousuushii": "小四喜", "Ryuuiisou": "绿一色", "Suu Kantsu": "四杠子",
    "Tsuu Iisou": "字一色", "Chinroutou": "清老头", "Dai Suushii": "大四喜",
    "Kokushi Musou Juusanmen Matchi": "国士无双十三面", "Suu Ankou Tanki": "四暗刻单骑",
    "Daburu Chuuren Poutou": "纯正九莲宝灯", "Tenhou": "天和", "Chiihou": "地和",
    "Dora": "宝牌", "Ura Dora": "里宝牌", "Aka Dora": "赤宝牌",
}

WINDS = (pair("东", "East"), pair("南", "South"), pair("西", "West"), pair("北", "North"))
PLACES = (pair("东位", "East seat"), pair("南位", "South seat"), pair("西位", "West seat"),
          pair("北位", "North seat"))
WIN_BY = {"self_draw": pair("自摸", "self-drawn"), "discard": pair("点和", "on a discard")}

UI = {
    "title": ("自动麻将桌", "Automatic mahjong table"),
    "view_table": ("牌桌", "Table"), "view_hand": ("上一局", "Last hand"),
    "view_faults": ("故障", "Faults"), "view_flags": ("裁判提示", "Flags"),
    "view_game": ("比赛", "Game"), "view_operator": ("操作", "Operator"),
    "live": ("实时", "live"), "offline": ("连接中断，重连中…", "connection lost, reconnecting…"),
    "state": ("状态", "State"), "rules": ("规则", "Rules"), "next_rules": ("下一局起", "From the next hand"),
    "cycle": ("周期", "Cycle"), "hand": ("局", "Hand"), "dealer": ("庄家", "Dealer"),
    "round": ("圈", "Round"), "honba": ("本场", "Honba"), "sticks": ("立直棒", "Riichi sticks"),
    "score": ("分数", "Score"), "behind": ("与领先差", "Behind the leader"), "last": ("上一局", "Last hand"),
    "progress": ("洗牌码牌进度", "Shuffling and stacking"), "tiles_seen": ("张已码", "tiles stacked"),
    "no_game": ("没有比赛记录（未配置计分）", "no game (no ledger configured)"),
    "no_referee": ("未配置裁判", "no referee configured"),
    "no_hand": ("还没有结束的一局", "no hand finished yet"),
    "no_fault": ("没有故障", "no fault"), "no_flags": ("没有裁判提示", "no flags"),
    "fault_now": ("当前故障", "Fault now"), "fault_history": ("故障记录", "Fault history"),
    "what_to_do": ("处理方法", "What to do"), "detail": ("详情", "Detail"),
    "winner": ("和牌", "Winner"), "from": ("放铳", "From"), "total": ("合计", "Total"),
    "fu": ("符", "fu"), "points": ("分", "points"), "han": ("番", "han"), "fan": ("番", "fan"),
    "payments": ("收支", "Payments"), "draw": ("流局", "Draw"), "ready": ("听牌", "Ready"),
    "cut": ("因违规中止", "Cut short by an offence"), "tiles_held": ("张", "tiles"),
    "sets_verified": ("已核对牌副", "Sets checked"),
    "offence": ("违规", "Offence"), "evidence": ("证据", "Evidence"), "penalty": ("罚则", "Penalty"),
    "rule": ("条款", "Rule"), "seat": ("座位", "Seat"), "rank": ("名次", "Rank"),
    "player": ("选手", "Player"), "standard_score": ("标准分", "Standard score"),
    "uma": ("顺位分", "Uma"), "result": ("结果", "Result"),
    "open": ("待裁决", "open"), "confirmed": ("已确认", "confirmed"), "dismissed": ("已驳回", "dismissed"),
    "confirm": ("确认", "Confirm"), "dismiss": ("驳回", "Dismiss"),
    "standings": ("排名", "Standings"), "hands": ("已打各局", "Hands so far"),
    "ended": ("比赛结束", "Game over"), "final": ("终局分数", "Final scores"),
    "pin": ("操作密码", "Operator PIN"), "who": ("姓名", "Name"), "why": ("理由", "Reason"),
    "reset_fault": ("故障复位", "Reset the fault"), "confirm_result": ("确认结果", "Confirm the result"),
    "correct_score": ("更正分数", "Correct a score"),
    "change_rules": ("更换规则（下一局起）", "Change the rule set (from the next hand)"),
    "new_game": ("开始新比赛", "Start a new game"), "void": ("本局作废", "void the hand"),
    "corrected": ("更正后的结果（JSON）", "corrected result (JSON)"),
    "no_game_yet": ("还没有比赛", "no game yet"),
    "send": ("提交", "Send"), "language": ("English", "中文"), "notices": ("提示", "Notices"),
    "result_confirmed": ("结果已确认", "result confirmed"),
}


def ui_texts() -> dict:
    """Every label of the page, by key, as language pairs."""
    return {key: pair(*texts) for key, texts in UI.items()}


def state_text(state: State) -> dict:
    return pair(*STATES[state])


def fault_texts(code: str) -> dict:
    """Meaning and action of fault ``code`` in both languages (English from firmware/faults)."""
    info = fault_info(code)
    zh_meaning, zh_action = FAULTS_ZH.get(code, (info.meaning, info.action))
    return {"message": pair(zh_meaning, info.meaning), "action": pair(zh_action, info.action)}


def offence_text(offence: str) -> dict:
    zh, en = OFFENCES.get(offence, (offence, offence.replace("_", " ")))
    return pair(zh, en)


def yaku_text(name: str) -> dict:
    return pair(YAKU_ZH.get(name, name), name)

