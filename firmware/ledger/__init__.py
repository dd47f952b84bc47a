"""The game ledger: seats and scores, hands, dealer rotation, payments, penalties, the end of
the game and the standings, kept as events on the table's log (firmware/store).

Pure logic: ``Ledger`` folds the log's events into games; each rule set's game (rotation,
payments from its rules package, penalties, end, standings) is in ``games``. ``Book``
joins the ledger to its log (verified and replayed on opening, written ahead on use), and
``component`` is the table's ``[ledger]`` section.
"""
