# Book of Christmas Eve — every set-up step lives here, so a fresh clone needs only
# `make play` or `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8000
NPM_STAMP    := node_modules/.package-lock.json
VENDOR_STAMP := static/vendor/.stamp
SNAPSHOT_DIR := static/vendor/snapshot
SNAPSHOT     := $(SNAPSHOT_DIR)/manifest.json
# Every file PyScript copies into Pyodide for `import engine` (pyscript.toml [files], whose
# sources and destinations are the same relative paths).
ENGINE_FILES := $(shell $(PYTHON) -c 'import tomllib; print(*sorted(k.removeprefix("./") \
	for k in tomllib.load(open("pyscript.toml", "rb"))["files"]))')

.PHONY: play vendor dist test test-engine test-e2e test-xbrowser typecheck fuzz bench bench-held par scenarios \
	clean system-deps-play system-deps-test lint test-js check test-examples-js test-examples-pytest \
	test-examples screenshots

# The system packages each command needs (tools/system-deps.txt): checked first, installed with
# apt-get when this user can (root, or sudo without a password), else a stop naming them.
system-deps-play:
	PYTHON=$(PYTHON) bash tools/system-deps.sh play
system-deps-test:
	PYTHON=$(PYTHON) bash tools/system-deps.sh test

# The venv is rebuilt whenever the declared dependencies change.
# The integrators' pytest kit (testkit/python) too: our own browser suites run on it.
$(STAMP): pyproject.toml testkit/python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]' -e testkit/python
	touch $@

# The browser runtime (PyScript + Pyodide) comes from the npm registry, pinned in
# package-lock.json; npm ci rewrites node_modules/.package-lock.json, our stamp.
$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Copy the runtime into static/vendor/ (git-ignored) so the page loads nothing from a CDN,
# with the standard library precompiled, and a memory snapshot of the interpreter with the
# engine imported (static/boot/pyodide.mjs restores it; see docs/boot.md).
vendor: $(VENDOR_STAMP) $(SNAPSHOT)
	$(PYTHON) tools/precache.py

$(VENDOR_STAMP): $(NPM_STAMP) tools/vendor.sh tools/build_runtime.mjs
	bash tools/vendor.sh
	touch $@

# Rebuilt whenever Pyodide, the stdlib zip or any engine file changes; never committed. Should
# it fail, the page boots without it (a console note says why), so the build goes on.
$(SNAPSHOT): $(VENDOR_STAMP) $(ENGINE_FILES) main.py pyscript.toml
	rm -rf $(SNAPSHOT_DIR) && mkdir -p $(SNAPSHOT_DIR)
	node tools/build_runtime.mjs snapshot static/vendor/pyodide/python_stdlib.zip \
		$(SNAPSHOT_DIR)/engine.snap $@.tmp $(ENGINE_FILES) main.py && mv $@.tmp $@ \
	|| { rm -rf $(SNAPSHOT_DIR); echo "make: NOTE: no memory snapshot built; the page boots without it" >&2; }

# What a static host serves: dist/ (tools/dist.py; docs/hosting.md "Publishing"). Always rebuilt (the
# compressed copies are cached in build/precompress/, so a rebuild takes a second).
# The two test kits are packed beside it, in build/kits/ (not served): the JavaScript kit's npm
# tarball and the Python kit's wheel, each at the game's version (docs/testing.md "Install").
dist: $(STAMP) vendor
	$(BIN)/python tools/dist.py
	@rm -rf build/kits && mkdir -p build/kits
	npm pack ./testkit/js --pack-destination build/kits --silent
	$(BIN)/pip wheel -q --no-deps -w build/kits ./testkit/python

# Serve the repo root on loopback; the page is http://127.0.0.1:$(PORT)/
play: system-deps-play $(STAMP) vendor
	$(BIN)/python tools/serve.py --host 127.0.0.1 --port $(PORT)

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine

# The front end's types (tsconfig.json: every module with `// @ts-check`, strict; the engine's
# events from types/engine.d.ts, which tools/engine_types.py writes from engine/events.py).
typecheck-js: $(NPM_STAMP)
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.worker.json
	node_modules/.bin/tsc -p tsconfig.sw.json

test-engine: $(STAMP)
	$(BIN)/pytest tests/engine engine README.md tests/test_readme.py

# ESLint over the front end, the tools and the JS tests (eslint.config.mjs; pinned in package.json).
lint: $(NPM_STAMP)
	node_modules/.bin/eslint .

# The unit tests of the page's pure modules (tests/js/*.test.mjs), with Node's own runner. The
# modules are ES modules in a package.json without "type" (the browser needs none): Node reads
# them as such, and is told not to warn about it on every file.
test-js:
	node --test --test-reporter=spec --disable-warning=MODULE_TYPELESS_PACKAGE_JSON tests/js/

# The JavaScript kit's example (examples/playwright-js: what an integrator writes with testkit/js)
# against dist/, served on a free loopback port (serve.py's port 0; it prints the address) for as
# long as the tests run, in Debian's Chromium (playwright.config.mjs).
test-examples-js: $(NPM_STAMP) dist
	@log=$$(mktemp); $(BIN)/python tools/serve.py --host 127.0.0.1 --port 0 --directory dist >$$log 2>&1 & \
	pid=$$!; trap 'kill $$pid; rm -f $$log' EXIT; \
	for _ in $$(seq 100); do url=$$(grep -o 'http://127.0.0.1:[0-9]*/' $$log) && break; sleep 0.1; done; \
	[ -n "$$url" ] || { cat $$log; exit 1; }; \
	BOCE_BASE_URL=$$url node_modules/.bin/playwright test -c examples/playwright-js

# The loop of seconds (under a minute on 2 cores): lint, the JS unit tests, and the engine's tests
# and docs but those of the exact PAR sheet (test_par_*.py: the shipped model's sheet alone is
# about 22 s of CPU) and the long simulations (test_simulate.py), which `make test` and
# `make test-engine` run: about three quarters of the engine suite's time.
# Also every check of the repository's files (tests/test_*.py: docs' lists and tables, prose
# numbers, languages, README figures, index.html's placeholders, the kits' versions) but the
# model tuner's runs (test_tune.py, about 30 s). The self-hosted runtime's files (the vendor stamp,
# about 5 s on a fresh clone, without the memory snapshot) are there first: the checks that every
# module import resolves to a file read them.
SLOW_ENGINE_TESTS := --ignore-glob='tests/engine/test_par_*.py' --ignore=tests/engine/test_simulate.py
FILE_CHECKS := $(filter-out tests/test_tune.py,$(wildcard tests/test_*.py))
check: lint typecheck-js test-js $(STAMP) $(VENDOR_STAMP)
	$(BIN)/pytest -q tests/engine engine README.md $(FILE_CHECKS) $(SLOW_ENGINE_TESTS)

test-e2e: system-deps-test $(STAMP) vendor
	$(BIN)/pytest tests/e2e

# The integrator's examples (examples/pytest) with our pytest kit (testkit/python, installed into
# the venv), against dist/ served by tools/serve.py on a free port for the length of the run.
test-examples-pytest: system-deps-test $(STAMP) dist
	@mkdir -p build; $(BIN)/python tools/serve.py --host 127.0.0.1 --port 0 --directory dist > build/examples-serve.log 2>&1 & \
	server=$$!; trap 'kill $$server' EXIT; \
	for i in $$(seq 50); do url=$$(grep -o "http://[0-9.:]*/" build/examples-serve.log) && break; sleep 0.1; done; \
	test -n "$$url" || { cat build/examples-serve.log; exit 1; }; \
	$(BIN)/pytest examples/pytest --base-url $$url -p no:cacheprovider

# dist/ served by Debian's nginx, played in Chromium, Firefox ESR and WebKitGTK (tests/xbrowser).
test-xbrowser: system-deps-test $(STAMP) dist
	$(BIN)/pytest tests/xbrowser

# Both integrator examples (docs/testing.md), each against dist/: about a minute and a half each.
test-examples: test-examples-js test-examples-pytest

# Store the pictures of the visual regression tests (tests/e2e/test_visual.py, still mode) anew:
# after a wanted change of the picture; look at each before committing (docs/testing.md).
screenshots: system-deps-test $(STAMP) vendor
	$(BIN)/pytest tests/e2e/test_visual.py --update-screenshots

# lint and the JS unit tests first (seconds; make runs them, not pytest, so each runs once), then
# every pytest suite, then the integrator examples on both kits against dist/ (`make test-examples`)
# It ends with the 15 slowest tests (pytest's --durations) and the wall time of its tests.
# The suite runs on both cores (pytest-xdist; tests/parallel.py keeps together what a worker must
# set up once, and runs the tests that time taps or take still pictures alone); `make test JOBS=1`
# runs it in one process (docs/contributing.md "Run one test").
JOBS ?= 2
PARALLEL = $(if $(filter-out 1,$(JOBS)),-n $(JOBS) --dist loadgroup -p parallel)
test: system-deps-test $(STAMP) lint typecheck-js test-js typecheck vendor dist
	@start=$$(date +%s); $(BIN)/pytest $(PARALLEL) --durations=15 -p timing_report && $(MAKE) test-examples; status=$$?; \
	echo "make test: the tests took $$(( $$(date +%s) - start )) s of wall time"; exit $$status

# The property tests and the CLI's fuzz of hostile files with fresh random examples, ten times as
# many (`make test` replays a fixed set).
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore $(BIN)/pytest tests/engine/test_properties.py tests/engine/test_cli_hostile.py

# Everything derived from the model, in one command (docs/contributing.md "Change the model and
# regenerate the figures"): the scenario catalogue first, then the exact PAR sheet, written where
# the game's info screen reads it, and its figures into README.md (printed too; `python -m engine
# par` prints the whole sheet). A test fails while any of the three is stale
# (tests/test_make_par.py names them). About 25 s of CPU, most of it the max-win cap's figures,
# on 2 workers (`make bench` times it), and the catalogue's search a few seconds more.
par: $(STAMP) scenarios
	$(BIN)/python -m engine par --json --workers 2 > static/par.json.tmp
	mv static/par.json.tmp static/par.json
	$(BIN)/python tools/readme_figures.py

# The scenario catalogue (engine/scenarios.py) alone (`make par` runs it too): found by a seeded
# search, so a regeneration gives the same file unless the rules or the model changed; tests
# check the two agree.
scenarios: $(STAMP)
	$(BIN)/python -m engine scenarios --json > engine/data/scenarios.json.tmp
	mv engine/data/scenarios.json.tmp engine/data/scenarios.json

# Speed, as ratios against baselines run in the same process: the engine, then the published
# page (dist/ through nginx with brotli) against a bare Pyodide page served the same way, on a
# phone and a desktop profile, in Chromium, Firefox and WebKit, with taps and memory (writes
# docs/bench-browser.json and the figures of docs/speed.md).
bench: system-deps-test $(STAMP) dist
	$(BIN)/python tools/bench.py
	$(BIN)/python tools/bench_browser.py

# Play from the first paint alone (make bench runs it too): held visits of the game on the phone
# profile against the bare page; writes its own table in docs/speed.md.
bench-held: system-deps-test $(STAMP) dist
	$(BIN)/python tools/bench_browser.py --held-only

clean:
	rm -rf $(VENV) node_modules static/vendor static/precache.js dist dist.tmp build/precompress
