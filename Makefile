# `make play` and `make test` are all the set-up there is: each creates
# .venv and installs what it needs on first use (and again when
# pyproject.toml changes).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# pytest-xdist workers; override with `make test JOBS=1`.
JOBS   ?= 2

.PHONY: play test bench clean

# PYTHONWARNINGS=ignore: the build backend's notes (an editable install's
# caveats) are not for someone starting a game.
# Reinstall when the packages change too (an editable install maps the
# package folders that existed when it was made).
PACKAGES := $(wildcard engine/__init__.py engine/*/__init__.py tui/__init__.py tui/*/__init__.py themes/__init__.py)

$(VENV)/.app: pyproject.toml $(PACKAGES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test: $(VENV)/.app
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e '.[test]'
	touch $@

play: $(VENV)/.app
	$(VENV)/bin/parlor $(ARGS)

test: $(VENV)/.test
	$(PY) -m pytest -q -n $(JOBS) $(PYTEST_ARGS)

bench: $(VENV)/.app
	$(PY) -m engine.bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
