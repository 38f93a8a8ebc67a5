# Every target does its own set-up: a fresh machine needs only python3 (>= 3.11) and make.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# The tests run the optional parts too (Ray, the research adapters, the JAX engine: jax's CPU
# wheels install in about 25 s), so a change that breaks them cannot land; `pip install
# pondside` alone needs none of them.
EXTRAS ?= dev,ray,rl,jax

.PHONY: install run test screenshots native native-clean bench strength lab lint format clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

install: $(STAMP)

# The online table on the SQLite default; it prints the address to open. HOST and PORT as needed.
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP)
	$(VENV)/bin/pondside serve --host $(HOST) --port $(PORT)

# Two workers, each given half of the tests in order and stealing from the other's end when
# done: fewer modules cut between the workers, each cut starting the module's fixtures (a
# server, a browser) twice, than the default scheduler's ever smaller chunks.
test: $(STAMP)
	$(PY) -m pytest -n 2 --dist worksteal -q

# The browser tests, keeping their screenshots in docs/screenshots (Chromium needed).
screenshots: $(STAMP)
	PONDSIDE_SCREENSHOTS=$(CURDIR)/docs/screenshots $(PY) -m pytest -q tests/server/test_browser*.py

# The optional compiled build of the rules' hot modules (mypyc, needs a C compiler): beside the
# pure modules, used while it matches their sources; PONDSIDE_PURE=1 runs the pure ones.
# `make native-clean` removes it. A failed build leaves the pure modules in use.
native: $(STAMP)
	$(PY) -c 'import sys; from pondside.engine.native import main; sys.exit(main(["build"]))'

native-clean: $(STAMP)
	$(PY) -c 'import sys; from pondside.engine.native import main; sys.exit(main(["clean"]))'

# OpenSpiel is compared when it installs on this platform; the benchmark runs either way. The
# online table's sweep takes a few minutes (every run stops by itself after 20 s of play).
bench: $(STAMP)
	-$(PY) -m pip install --quiet -e '.[bench]'
	-$(MAKE) native
	# Random play and ISMCTS (1,000 iterations) of every game against OpenSpiel's hearts in one
	# run: the two speed ratios of issue 17 and whether each goal is met.
	$(VENV)/bin/pondside bench --report --positions 20
	$(VENV)/bin/pondside loadtest --tables 50,100,250,500,1000 --seconds 20 \
		--out docs/loadtest.json --plot docs/loadtest.png
	# Two server processes on one address (Redis started by loadtest; PostgreSQL when
	# PONDSIDE_BENCH_POSTGRES names a database, else one SQLite file shared by both).
	if command -v redis-server >/dev/null; then \
		$(VENV)/bin/pondside loadtest --processes 2 --tables 100,250,500 --seconds 20 \
			$${PONDSIDE_BENCH_POSTGRES:+--database $$PONDSIDE_BENCH_POSTGRES} \
			--out docs/loadtest-2p.json --plot docs/loadtest-2p.png; \
	else echo "redis-server is not installed: the two-process load test is skipped"; fi

# The figures of docs/bots.md as they were made, line by line (some three hours on 2 cores; each
# line's results go to docs/strength/GAME.json, and a line stopped with Ctrl-C keeps its matches):
# each game's top level against the heuristics, then the level ladders, then the ladders' steps
# (each level against the one below; the search levels' steps are most of the time: hours a
# game at STEP_MATCHES). Budgets are iterations, so the figures do not depend on JOBS or on the
# machine's load.
JOBS ?= 2
LADDER_MATCHES ?= 60
STEP_MATCHES ?= 400
STRENGTH = $(VENV)/bin/pondside strength --jobs $(JOBS) --out docs/bots.md \
	--levels-out src/pondside/bots/steps.json
strength: $(STAMP)
	$(STRENGTH) --games lame-duck,down-the-drain --lines search-heuristic --matches 100
	$(STRENGTH) --games wildcat-chicane,king-of-the-quackers --lines search-heuristic --matches 60
	for game in lame-duck king-of-the-quackers wildcat-chicane down-the-drain; do \
		$(STRENGTH) --games $$game --lines ladder --ladder-matches $(LADDER_MATCHES) || exit 1; \
	done
	$(STRENGTH) --games ladders --lines ladder --ladder-matches 40
	$(STRENGTH) --lines steps --steps random-beginner,beginner-casual --step-matches 2000
	$(STRENGTH) --lines steps --steps casual-strong,strong-expert --step-matches $(STEP_MATCHES)

# docs/lab: the designer's lab's report of every game (docs/lab/README.md says what each shows).
# Every option set is played by the casual level at every seat on enough deals for about ±2
# points on its seat win rates (95% Wilson): 2,000 deals at four seats, 2,300 at Wildcat
# Chicane's three (a fair third varies more than a fair quarter). The level ladder's search
# levels play at small budgets (iterations), and only in the games whose search is quick enough.
LAB = $(VENV)/bin/pondside lab --jobs $(JOBS)
lab: $(STAMP)
	$(LAB) lame-duck --options rounds=1 --vs expert=true --vs target=66 --matches 2000 \
		--sweep column_limit=4,5,6 --target 'abs(first_seat_advantage) <= 1 point' \
		--ladder 5 --budgets strong=10,expert=20 --out docs/lab/lame-duck
	$(LAB) down-the-drain --vs games=3 --matches 2000 --sweep hand_size=5,6,7 \
		--target 'abs(first_seat_advantage) <= 1 point' --out docs/lab/down-the-drain
	$(LAB) wildcat-chicane --vs variant=classic --matches 2300 --ladder 3 \
		--budgets strong=5,expert=15 --out docs/lab/wildcat-chicane
	$(LAB) king-of-the-quackers --vs deck=basic --matches 2000 --out docs/lab/king-of-the-quackers
	$(LAB) ladders --players 4 --options rounds=1 --vs rounds=1,teams=true --matches 2000 \
		--out docs/lab/ladders

lint: $(STAMP)
	$(PY) -m ruff check src tests
	$(PY) -m ruff format --check src tests
	$(PY) -m mypy

format: $(STAMP)
	$(PY) -m ruff format src tests
	$(PY) -m ruff check --fix src tests

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
	rm -f src/pondside/_native.json
