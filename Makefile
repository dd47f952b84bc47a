# Two entry points a fresh machine needs: `make run` (the table on the simulator) and `make test`.
# The venv's interpreter: the distribution's python3.11 where it can make a venv (Debian's: what
# Raspberry Pi OS runs a table's service on), else the python3 on PATH.
PY ?= $(shell /usr/bin/python3.11 -c 'import ensurepip, venv' 2>/dev/null && echo /usr/bin/python3.11 || echo python3)
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
