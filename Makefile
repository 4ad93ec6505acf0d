# The README's commands. A fresh clone needs only `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed-stamp
DEV_STAMP = $(VENV)/.dev-stamp
SOURCES = $(shell find memctl -name '*.py')

.PHONY: demo test lint bench bench-embedder bench-scale bench-ab install clean

install: $(STAMP)

# A regular (not editable) install, as users get it: no import hook on every start-up, which
# matters to `make bench`. It is redone whenever a source file changes. `make demo` needs only
# what running memctl needs; the tests, linters and benchmarks add the dev tools.
$(STAMP): pyproject.toml $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet .
	touch $(STAMP)

$(DEV_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet '.[dev]'
	touch $(STAMP) $(DEV_STAMP)

demo: $(STAMP)
	$(BIN)/memctl status fixtures/arc/memory
	$(BIN)/memctl assemble fixtures/arc/memory --skill deploy --query "build queue stalled" --budget 2000

# tests/test_report_browser.py renders `memctl report` in Debian's chromium. As root (CI is) it is
# installed here when missing; where it cannot be, that test fails and says why (it never skips in
# CI or as root); a developer's machine without root, outside CI, gets it skipped with the reason.
CHROMIUM = /usr/bin/chromium

$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "make: installing Debian's chromium for the browser test"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
			|| echo "make: could not install chromium: tests/test_report_browser.py will fail"; \
	else \
		echo "make: $(CHROMIUM) is missing and this is not root: the browser test is skipped (it fails in CI)"; \
	fi

test: $(DEV_STAMP) $(STAMP) $(CHROMIUM)
	$(BIN)/python -m pytest -q
	$(BIN)/memctl lint fixtures/arc/memory fixtures/openclaw fixtures/volute/home fixtures/consolidate

lint: $(DEV_STAMP) $(STAMP)
	$(BIN)/ruff check memctl tests benchmarks
	$(BIN)/mypy

bench: $(DEV_STAMP) $(STAMP)
	$(BIN)/python benchmarks/bench_assemble.py
	$(BIN)/python benchmarks/bench_history.py
	$(BIN)/python benchmarks/bench_relevance.py

# bench_relevance.py with its memctl+embedder column: installs the example embedder's model (a few hundred MB
# with torch), which neither `make test` nor memctl needs.
bench-embedder: $(DEV_STAMP) $(STAMP)
	$(BIN)/python -m pip install --quiet '.[bench-embedder]'
	$(BIN)/python benchmarks/bench_relevance.py
	$(BIN)/python benchmarks/bench_relevance.py --holdout

# BENCH_SCALE_SIZES (3000,10000), BENCH_SCALE_GENERATORS (tidy,shaped), BENCH_SCALE_HUGE (tidy,shaped),
# BENCH_ROUNDS (3); BENCH_SOURCE=<tree> runs that tree's code instead of the installed memctl.
bench-scale: $(DEV_STAMP) $(STAMP)
	$(BIN)/python benchmarks/bench_scale.py

# REF (HEAD), NEW (the work tree); BENCH_AB_HOME (small, shaped-small, tidy:N, shaped:N, huge, shaped-huge), BENCH_AB_CASES, BENCH_AB_COLD=1
bench-ab: $(DEV_STAMP) $(STAMP)
	$(BIN)/python benchmarks/bench_ab.py $(or $(REF),HEAD) $(NEW)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
