# Face Down: every command a developer needs. `make test` works on a fresh machine.
PYTHON ?= python3
NPM ?= npm
STAMPS := .pyodide/stamps

.PHONY: test check check-slow lint fix deps site run play bench-bots clean single screenshots netlab

# Three workers: the Pyodide suite starts first (tests/conftest.py), the tests that open many
# browser profiles run in one worker (tests/browser/conftest.py), every other test goes to whichever worker is
# free. On 2 cores the browser tests mostly wait on Chromium, so a third worker still gains.
PARALLEL := -n 3 --dist loadgroup

## test: install whatever is missing, lint, then run every test (host CPython, Pyodide, Chromium);
## the tests run in a network namespace with only loopback (tools/sealed.sh): nothing can leave the machine
test: deps site single lint
	tools/sealed.sh $(PYTHON) -m pytest $(PARALLEL) -m "not bench and not slow"

## check: the inner loop: lint, then every test but the browser's (host CPython and Pyodide, side by side)
check: $(STAMPS)/python $(STAMPS)/node $(STAMPS)/wheels lint
	$(PYTHON) -m pytest $(PARALLEL) -m "not browser and not slow"

## check-slow: the tests marked slow (exhaustive matrices, whole long games, a game through a third-party relay,
## a page asleep on a direct channel), beside make test
check-slow: deps site single
	tools/sealed.sh $(PYTHON) -m pytest $(PARALLEL) -m slow tests

## lint / fix: ruff check and format
lint:
	$(PYTHON) -m ruff check . && $(PYTHON) -m ruff format --check .
fix:
	$(PYTHON) -m ruff check --fix . && $(PYTHON) -m ruff format .

## site: build the publishable site in place (runtime copied into static/vendor/ with its standard library cut,
## engine zipped, .br/.gz copies beside the large files)
SITE_SOURCES := $(shell find game static/js static/css static/rules static/icons -type f -not -path '*__pycache__*') \
  index.html static/manifest.webmanifest tools/embed_page.py tools/build_transport.mjs tools/pack_wheel.py pyscript.toml \
  tools/stdlib_trim.py tools/bytecode.py tools/stdlib/recorded.txt tools/precompress.mjs
site: static/vendor/manifest.json
static/vendor/manifest.json: $(STAMPS)/node tools/build_site.py $(SITE_SOURCES)
	$(PYTHON) tools/build_site.py

## single: build dist/face-down.html, the whole app in one file that plays offline from file:// (after the site)
single: dist/face-down.html
dist/face-down.html: static/vendor/manifest.json tools/build_single.py
	$(PYTHON) tools/build_single.py

## run: build the site if needed, then serve it on http://127.0.0.1:8000/ and open it
PORT ?= 8000
run: site single
	$(PYTHON) tools/serve.py --port $(PORT) --open

## play: a game in the terminal, you against bots (GAME=cambio PLAYERS=3 LEVEL=hard SEED=7)
GAME ?= concentration
PLAYERS ?= 2
LEVEL ?= medium
SEED ?= $(shell date +%s)
play:
	$(PYTHON) -m game play $(GAME) --players $(PLAYERS) --human 0 --bots $(LEVEL) --seed $(SEED)

deps: $(STAMPS)/python $(STAMPS)/node $(STAMPS)/wheels $(STAMPS)/browsers $(STAMPS)/netlab

# Debian's browsers for the browser tests (Playwright cannot download one here; PLATFORM.md): Chromium, and for
# tests/browser/test_engines.py WebKitGTK with its WebDriver and an X server to show it on, and Firefox ESR.
BROWSER_PACKAGES := chromium webkit2gtk-driver xvfb firefox-esr
$(STAMPS)/browsers:
	@{ command -v chromium && command -v WebKitWebDriver && command -v Xvfb && command -v firefox-esr; } >/dev/null \
	  || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES); }
	@mkdir -p $(STAMPS) && touch $@

# The network lab's routers and TURN server (tools/netlab.py): nftables and coturn, from Debian.
$(STAMPS)/netlab:
	@command -v nft >/dev/null && command -v turnserver >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nftables coturn; }
	@mkdir -p $(STAMPS) && touch $@

## netlab: rooms across NAT routers: every pair of four kinds of network, STUN only and with TURN (the tables,
## and bench/results/netlab.json); about 15 minutes. make bench runs it too.
netlab: deps site
	tools/sealed.sh $(PYTHON) -m bench.run --only netlab

# The test tools, pinned in pyproject.toml's "test" extra; the engine itself is installed editable.
$(STAMPS)/python: pyproject.toml
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/node: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@mkdir -p $(STAMPS) && touch $@

# Pure-Python wheels of pytest and hypothesis (same pins) for the suite's second run inside Pyodide.
$(STAMPS)/wheels: pyproject.toml
	rm -rf .pyodide/wheels
	$(PYTHON) -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
	  --python-version 3.14 --platform any --implementation py --abi none -d .pyodide/wheels \
	  $$($(PYTHON) tools/test_requirements.py --pure)
	@mkdir -p $(STAMPS) && touch $@

clean:
	rm -rf .pyodide node_modules .pytest_cache .hypothesis *.egg-info build dist

## screenshots: the README's pictures, every game at phone and laptop size (docs/screenshots/, committed)
screenshots: deps site
	$(PYTHON) tools/screenshots.py

## bench-bots: how well and how fast the bots play (CPython), then their decision times in Pyodide
bench-bots: deps
	$(PYTHON) -m game.bots.arena
	node tools/pyodide.mjs -m game.bots.arena --timing

## bench: boot, bytes, click-to-paint, engine and bot speed in one run (bench/README.md), after its smoke test
.PHONY: bench bench-smoke
bench: deps site bench-smoke
	$(PYTHON) -m bench.run

## bench-smoke: a tiny run of the benchmark (BENCH_QUICK=1) that checks every row comes out (tests/test_bench.py)
bench-smoke: deps site
	tools/sealed.sh $(PYTHON) -m pytest -p no:xdist -m bench tests/test_bench.py

## lighthouse: Lighthouse's mobile audit of the app and of the bare PyScript page (3 each), into bench/results/latest.json
.PHONY: lighthouse
lighthouse: deps site
	$(PYTHON) -m bench.run --only lighthouse --merge
