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

# Until the service lands (issue 4), the main job resolves a whole fight offline on the
# example ruleset, every side under the Engine's tactics.
demo: $(STAMP)
	$(BIN)/battle validate examples/lantern-marsh.json
	$(BIN)/battle fight --ruleset examples/lantern-marsh.json --party examples/party.json --foes examples/foes.json --seed 7

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/dice.py
	$(BIN)/python bench/resolve.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
