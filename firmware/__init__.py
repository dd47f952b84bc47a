"""Table firmware: the logic layer (controller, tiles, rules, ledger). Never imports hardware libraries."""
