"""The kinds of event the ledger writes to the log, and the body each carries.

Bodies hold what happened, never what follows from it: a hand's number, payments and the
dealer after it are derived on replay, so two writers (the running table and an operator's
command) can never record conflicting numbers. A later event refers to an earlier one by its
event id (``corrects``), or to a flag by the referee's flag id.
"""

GAME_STARTED = "game_started"
"""{rules, profile, players [4 names or null], ties, time_limit_min, first_dealer, auto}"""
HAND_RECORDED = "hand_recorded"
"""{result (the referee's hand result), source ("referee" | "operator"), table_hand, elapsed_s}"""
HAND_CORRECTED = "hand_corrected"
"""{corrects (the hand's hand_recorded event id), result, why, judge}"""
FLAG_RAISED = "flag_raised"
"""{table_hand, flag}: a referee's flag as raised, written before the table shows it. Its
hand's result carries it again when the hand ends; a hand a power cut (or a restart) cut
short keeps its flags here alone (``mjtable replay`` lists them)."""
SENSED = "sensed"
"""{table_hand, n, reports}: zone reports and button presses the referee sensed in its hand
(``Sensed``), the first of them its ``n``-th (from 0), gathered for at most ``[ledger]
sensed_sync_s`` and written before any flag or result that follows them. A replay gives a
recorded hand its reports as ``sensed``; those of a hand cut short stay apart (``mjtable
replay`` lists them)."""
FLAG_RESOLVED = "flag_resolved"
"""{flag_id, confirmed, judge, why}"""
SEATS_CHANGED = "seats_changed"
"""{players [4 names or null], why}"""
GAME_ENDED = "game_ended"
"""{by ("rules": a seal of the end the rules reached, with scores and standings;
"operator": the operator ended the game), reason}"""
LOG_ACCEPTED = "log_accepted"
"""{upto, damaged_file, problem, why}: an operator kept events 1..upto of a damaged log."""
OPERATOR_ACTION = "operator_action"
"""{action, who, why, details}: what an operator or judge did at the table (the display's
actions, written ahead); ``correct_score`` {seat, delta} also adjusts that seat's score."""
