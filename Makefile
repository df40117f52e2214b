# Book of Christmas Eve — every set-up step lives here, so a fresh clone needs only
# `make play` or `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8000

.PHONY: play test test-engine test-e2e typecheck bench par clean

# The venv is rebuilt whenever the declared dependencies change.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine

test-engine: $(STAMP)
	$(BIN)/pytest tests/engine engine README.md

test: $(STAMP) typecheck
	$(BIN)/pytest

clean:
	rm -rf $(VENV) node_modules static/vendor
