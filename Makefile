# Every target creates .venv and installs what it needs, so a fresh clone needs only
# python3 (>= 3.11) and make.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: demo test fuzz venv bench clean lint soak load

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

# The main job on the embedded default: the gateway in this process (in-memory store,
# in-process executor) and a whole battle played through its HTTP/WebSocket API by two
# scripted player clients. No Redis needed.
demo: $(STAMP)
	$(BIN)/battle validate examples/lantern-marsh.json
	$(BIN)/battle demo

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# ruff, mypy (with the pydantic plugin) and import-linter's layer contracts, all configured in
# pyproject.toml. Fails on any finding; .ci/run runs it before the tests.
lint: $(STAMP)
	$(BIN)/ruff check shared worker gateway battle tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

# The fuzzers at length: every test of tests/fuzz under the `fuzz` hypothesis profile
# (10,000 examples in all, tests/fuzz/budget.py; `make test` runs a few dozen each), then schemathesis
# over the gateway's OpenAPI document with 300 requests per operation.
fuzz: $(STAMP)
	$(BIN)/python -m pytest tests/fuzz -q --hypothesis-profile=fuzz --timeout=3600 -p no:cacheprovider
	SCHEMATHESIS_EXAMPLES=300 $(BIN)/python -m pytest tests/gateway/test_robustness.py -q --timeout=3600 \
		-p no:cacheprovider

bench: $(STAMP)
	$(BIN)/python bench/dice.py
	$(BIN)/python bench/resolve.py
	$(BIN)/python bench/service.py --quick

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info

# Soak with chaos (bench/soak.py): 200 battles over WebSockets against a gateway, two Celery
# workers SIGKILLed at random at least 50 times, and a throwaway Redis (AOF) restarted once.
# SOAK_ARGS=--quick for a short run.
soak: $(STAMP)
	$(BIN)/python bench/soak.py $(SOAK_ARGS)

# The load ramp (bench/load.py): 100 -> 2,000 WebSockets on one gateway.
load: $(STAMP)
	$(BIN)/python bench/load.py $(LOAD_ARGS)
