# Two entry points a fresh machine needs: `make run` (the table on the simulator) and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench venv fuzz

$(BIN)/mjtable: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

venv: $(BIN)/mjtable

run: venv
	$(BIN)/mjtable run

test: venv
	$(BIN)/python -m pytest -q

bench: venv
	$(BIN)/python benchmarks/run_all.py

# Differential fuzzing against the oracles (pymahjonggb, mahjong): 20,000 generated hands per
# engine with a fresh seed it prints; exit 1 on any difference. Replay or resize with e.g.
# `make fuzz FUZZ_ARGS="--seed 1234 --hands 50000"`.
fuzz: venv
	$(BIN)/python tests/fuzz_oracles.py $(FUZZ_ARGS)
