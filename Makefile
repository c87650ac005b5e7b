# The two commands of the README. Both start from nothing: they create .venv if it is
# missing and (re)install the project when pyproject.toml changed.
#   make run    the whole course with Voilà on http://localhost:$(PORT)/ (the welcome page;
#               every lesson app at /voila/render/en/NN-....ipynb)
#   make test   ruff, then the whole pytest suite (notebooks and browser tests included);
#               extra pytest arguments: make test PYTEST_ARGS="-m 'not browser'"
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
PYTEST_ARGS ?=

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
          etc/jupyter/jupyter_server_config.d/belote-teach.json

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

lint: $(VENV)/.installed-test
	$(BIN)/ruff check belote_teach tests

# pytest exits 5 when it collected no test: that is a failure here, said out loud.
test: lint
	@status=0; $(BIN)/python -m pytest $(PYTEST_ARGS) || status=$$?; \
	if [ $$status -eq 5 ]; then echo "make test: pytest collected no tests" >&2; fi; \
	exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
