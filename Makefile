# The two commands of the README. Both start from nothing: they create .venv if it is
# missing and (re)install the project when pyproject.toml changed.
#   make run    the whole course with Voilà on http://localhost:$(PORT)/ (the welcome page;
#               every lesson app at /voila/render/en/NN-....ipynb)
#   make test   make lint, then the whole pytest suite (notebooks and browser tests
#               included) with the engine's coverage, which must reach 95% (COV_MIN);
#               extra pytest arguments: make test PYTEST_ARGS="-m 'not browser'" (a run
#               of a few tests only: add COV_MIN=0)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
PYTEST_ARGS ?=
COV_MIN ?= 95

.PHONY: run test lint clean site
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
	$(BIN)/python -m belote_teach.search.solver --warm-up
	touch $@

$(VENV)/.installed-test: pyproject.toml $(SHARED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m belote_teach.search.solver --warm-up
	touch $@ $(VENV)/.installed-app $(VENV)/.installed-site

run: $(VENV)/.installed-app
	@echo
	@echo "  belote-teach: the course is at  http://localhost:$(PORT)/"
	@echo "  (Ctrl-C stops the server)"
	@echo
	$(BIN)/python -m belote_teach.serve.server notebooks --no-browser --port=$(PORT) \
	  --Voila.ip=127.0.0.1

# The static edition (deploy/site/build.py): the whole course in the browser, no server,
# into $(SITE); serve it with any static server, e.g.
#   .venv/bin/python -m http.server --directory _site --bind 127.0.0.1 8000
# SITE_BASE is the path it is served under (/belote-teach/ for a GitHub project site).
SITE ?= _site
SITE_BASE ?= /
$(VENV)/.installed-site: pyproject.toml $(SHARED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[site]'
	touch $@

site: $(VENV)/.installed-site node_modules/.installed
	$(BIN)/python deploy/site/build.py --output $(SITE) --base-url $(SITE_BASE)

# ruff; mypy (strict below the widgets, [tool.mypy]); the layers of DESIGN.md (import-linter,
# [tool.importlinter]); no module reaching into another's private names.
lint: $(VENV)/.installed-test
	$(BIN)/ruff check belote_teach tests benchmarks deploy
	$(BIN)/mypy belote_teach
	$(BIN)/lint-imports --no-cache
	$(BIN)/python tests/architecture.py

# The coverage gates: the engine (its folder), and every layer below the widgets (engine,
# search, players, coach, course, explain), each at least $(COV_MIN)%; the widgets, the
# HTML, the command line and the course server are reported, not held to it.
ENGINE := belote_teach/engine/*
BELOW_WIDGETS := $(ENGINE),belote_teach/search/*,belote_teach/players/*,belote_teach/coach/*,belote_teach/course/*,belote_teach/explain/*
WIDGETS := belote_teach/ui/*,belote_teach/render/*,belote_teach/serve/*,belote_teach/cli.py

# pytest exits 5 when it collected no test: that is a failure here, said out loud. Then
# the coverage of the lines the tests ran ([tool.coverage]): the engine's per module,
# failing below $(COV_MIN)%, and the rest's total. The exit status is pytest's when
# tests failed, else the coverage gate's.
# The Node packages at the versions package-lock.json pins: axe-core for the accessibility
# browser tests (tests/browser/test_accessibility.py), pyodide for the static edition.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

test: lint node_modules/.installed
	@status=0; $(BIN)/python -m pytest --cov=belote_teach --cov-report= $(PYTEST_ARGS) \
	  || status=$$?; \
	if [ $$status -eq 5 ]; then echo "make test: pytest collected no tests" >&2; exit 5; fi; \
	echo "make test: coverage of the layers below the widgets (at least $(COV_MIN)%)"; \
	cov=0; $(BIN)/coverage report --include='$(BELOW_WIDGETS)' --fail-under=$(COV_MIN) \
	  || cov=$$?; \
	engine=$$($(BIN)/coverage report --include='$(ENGINE)' --format=total); \
	echo "make test: coverage of engine/: $$engine% (at least $(COV_MIN)%)"; \
	$(BIN)/coverage report --include='$(ENGINE)' --fail-under=$(COV_MIN) >/dev/null \
	  || cov=$$?; \
	echo "make test: coverage of ui/, render/, serve/, cli.py:" \
	  "$$($(BIN)/coverage report --include='$(WIDGETS)' --format=total)%"; \
	if [ $$cov -ne 0 ]; then \
	  echo "make test: a coverage gate is under $(COV_MIN)%" >&2; fi; \
	[ $$status -ne 0 ] || status=$$cov; \
	exit $$status

clean:
	rm -rf $(VENV) node_modules _site build/site .pytest_cache .ruff_cache .hypothesis .mypy_cache .coverage
