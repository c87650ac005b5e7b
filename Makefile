# The two commands of the README. Both start from nothing: they create .venv if it is
# missing and (re)install the project when pyproject.toml changed.
#   make run    the whole course with Voilà on http://localhost:$(PORT)/ (the welcome page;
#               every lesson app at /voila/render/en/NN-....ipynb)
#   make test   ruff and mypy, then the whole pytest suite (notebooks and browser tests
#               included) with the engine's coverage, which must reach 95% (COV_MIN);
#               extra pytest arguments: make test PYTEST_ARGS="-m 'not browser'" (a run
#               of a few tests only: add COV_MIN=0)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
PYTEST_ARGS ?=
COV_MIN ?= 95

.PHONY: run test lint clean
# A recipe that fails leaves no stamp behind, so the next run tries again.
.DELETE_ON_ERROR:

# A venv whose creation failed half-way (no ensurepip, say) is removed, not reused.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

# The Voilà template and server setting are copied into the venv (shared-data): a change
# to them reinstalls too.
SHARED := $(wildcard share/jupyter/voila/templates/belote-teach/*) \
          etc/jupyter/voila.json

$(VENV)/.installed-app: pyproject.toml $(SHARED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	$(BIN)/python -m belote_teach.solver --warm-up
	touch $@

$(VENV)/.installed-test: pyproject.toml $(SHARED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m belote_teach.solver --warm-up
	touch $@ $(VENV)/.installed-app

run: $(VENV)/.installed-app
	@echo
	@echo "  belote-teach: the course is at  http://localhost:$(PORT)/"
	@echo "  (Ctrl-C stops the server)"
	@echo
	$(BIN)/python -m belote_teach.course_server notebooks --no-browser --port=$(PORT) \
	  --Voila.ip=127.0.0.1

# mypy: the engine strictly, the rest with mypy's default checks ([tool.mypy]).
lint: $(VENV)/.installed-test
	$(BIN)/ruff check belote_teach tests
	$(BIN)/mypy belote_teach

# What the coverage gate leaves out of the engine: the widgets, the HTML, the command line
# and the course server (their coverage is reported, not held to $(COV_MIN)%).
NOT_ENGINE := belote_teach/ui/*,belote_teach/render/*,belote_teach/cli.py,belote_teach/course_server.py

# pytest exits 5 when it collected no test: that is a failure here, said out loud. Then
# the coverage of the lines the tests ran ([tool.coverage]): the engine's per module,
# failing below $(COV_MIN)%, and the rest's total. The exit status is pytest's when
# tests failed, else the coverage gate's.
# axe-core for the accessibility browser tests (tests/browser/test_accessibility.py), at the
# version package-lock.json pins.
node_modules/axe-core/axe.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

test: lint node_modules/axe-core/axe.min.js
	@status=0; $(BIN)/python -m pytest --cov=belote_teach --cov-report= $(PYTEST_ARGS) \
	  || status=$$?; \
	if [ $$status -eq 5 ]; then echo "make test: pytest collected no tests" >&2; exit 5; fi; \
	echo "make test: coverage of the engine (at least $(COV_MIN)%)"; \
	cov=0; $(BIN)/coverage report --omit='$(NOT_ENGINE)' --fail-under=$(COV_MIN) || cov=$$?; \
	echo "make test: coverage of ui/, render/, cli.py, course_server.py:" \
	  "$$($(BIN)/coverage report --include='$(NOT_ENGINE)' --format=total)%"; \
	if [ $$cov -ne 0 ]; then \
	  echo "make test: the engine's coverage is under $(COV_MIN)%" >&2; fi; \
	[ $$status -ne 0 ] || status=$$cov; \
	exit $$status

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache .hypothesis .mypy_cache .coverage
