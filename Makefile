# The two commands of the README. Both start from nothing: they create .venv if it is
# missing and (re)install the project when pyproject.toml changed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
COURSE ?= notebooks/en/03-play-a-trick.ipynb

.PHONY: run test lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-app

run: $(VENV)/.installed-app
	@echo
	@echo "  belote-teach: the course is at  http://localhost:$(PORT)/"
	@echo "  (Ctrl-C stops the server)"
	@echo
	$(BIN)/voila --no-browser --port=$(PORT) --Voila.ip=127.0.0.1 $(COURSE)

test: $(VENV)/.installed-test
	$(BIN)/ruff check belote_teach tests
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
