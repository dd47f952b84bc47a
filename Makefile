# Two entry points a fresh machine needs: `make run` (the table on the simulator) and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench venv

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
