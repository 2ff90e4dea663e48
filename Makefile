# Every target creates .venv and installs what it needs, so a fresh clone needs only
# python3 (>= 3.11) and make.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: demo test venv bench clean lint

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

# Until the resolver and the service land, the main job validates the example ruleset and
# prints a character's computed sheet.
demo: $(STAMP)
	$(BIN)/battle validate examples/lantern-marsh.json
	$(BIN)/battle sheet --ruleset examples/lantern-marsh.json examples/juno.json

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/dice.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
