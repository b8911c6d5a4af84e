# The two commands: `make demo` and `make test`. Both install missing system libraries first.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
TAGCLOUD = .build/release/tagcloud
# On Linux the release binaries carry the Swift runtime and Foundation inside them: `tagcloud` then
# starts in half the time, the dynamic loader having a dozen fewer libraries to load and bind
# (bench/README.md, group `startup`). macOS has the runtime in the system and cannot link it so.
RELEASE = -c release $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)

.PHONY: all setup build web test test-spark demo docs bench bench-count-scale bench-serve bench-web fuzz sanitize format lint clean

all: build

setup:
	@scripts/setup

build: setup
	$(SWIFT) build $(RELEASE) --product tagcloud

# Tests run optimised (-c release) with @testable imports enabled: the layout property tests place
# thousands of words and would take minutes unoptimised.
TESTFLAGS = -c release -Xswiftc -enable-testing

# Formatting and the size rules (files at most 400 lines, functions at most 80) are checked first,
# then the WebAssembly C libraries against the native ones (scripts/check-wasm-libs, on Debian). The
# Embedded Swift build (scripts/check-embedded, one compiler thread) runs beside those and the
# native build, which leave a core free much of the time; the tests wait for it, as they run its
# probe. The documentation is built too, from the same build, so a broken symbol link fails the tests.
# On Debian, Firefox, WebKit and Xvfb for tests/web/test_browsers.py, and in CI (CI=true) the Spark
# test's Java runtime and pyspark (a 450 MB download), are installed while the Swift tests build
# (and waited for before any test: their packages may bring fonts, which layouts depend on); the
# Spark test always runs in CI, elsewhere when both are there.
test: setup
	SWIFT="$(SWIFT)" scripts/format --check
	scripts/check-sizes
	scripts/setup --wasm
	@mkdir -p .build && rm -f .build/check-embedded.status && (scripts/check-embedded > .build/check-embedded.log 2>&1; echo $$? > .build/check-embedded.status) &
	@if command -v apt-get >/dev/null; then scripts/check-wasm-libs; else echo "check-wasm-libs: skipped: the WebAssembly C libraries are built from Debian's source packages"; fi
	@mkdir -p .build && rm -f .build/browsers-setup.status .build/spark-setup.done && \
		( (if command -v apt-get >/dev/null; then scripts/setup --browsers; fi) > .build/browsers-setup.log 2>&1; \
		echo $$? > .build/browsers-setup.status; if [ "$$CI" = true ]; then scripts/setup --spark > .build/spark-setup.log 2>&1; fi; \
		touch .build/spark-setup.done) &
	$(SWIFT) build --build-tests $(TESTFLAGS)
	@while [ ! -f .build/browsers-setup.status ]; do sleep 2; done; cat .build/browsers-setup.log >&2; exit $$(cat .build/browsers-setup.status)
	@while [ ! -f .build/check-embedded.status ]; do sleep 2; done; cat .build/check-embedded.log; exit $$(cat .build/check-embedded.status)
	@if command -v apt-get >/dev/null; then scripts/build-web .build/release/tagcloud; fi
	$(SWIFT) test --skip-build $(TESTFLAGS)
	@if command -v apt-get >/dev/null; then xvfb-run -a python3 tests/web/test_browsers.py $(TAGCLOUD) .build/web; fi
	@if command -v apt-get >/dev/null; then xvfb-run -a python3 tests/web/test_editor.py .build/web; fi
	@while [ ! -f .build/spark-setup.done ]; do sleep 2; done; if [ "$$CI" = true ]; then cat .build/spark-setup.log >&2; fi
	python3 tests/spark/test_spark_count.py $(TAGCLOUD)
	SWIFT_BUILD_FLAGS="$(TESTFLAGS)" scripts/docs

# The static site of the WebAssembly engine in .build/web (scripts/build-web): the engine, its
# JavaScript API and Node runner, a page, the fonts. Serve it with python3 -m http.server -d .build/web.
web: build
	scripts/setup --wasm
	scripts/build-web $(TAGCLOUD)

# scripts/spark-count.py in Spark's local mode against one `tagcloud count` (installs a Java runtime
# and pyspark first). `make test` runs it too: in CI always, elsewhere when both are installed.
test-spark: build
	scripts/setup --spark
	python3 tests/spark/test_spark_count.py $(TAGCLOUD)

# API documentation (DocC, warnings as errors) as a static site in .build/docs/site.
docs: setup
	scripts/docs

demo: build
	@scripts/demo $(TAGCLOUD)

# The `startup` group times the `tagcloud` binary beside tagcloud-bench, so both are built alike.
bench: setup
	$(SWIFT) build $(RELEASE) --product tagcloud
	$(SWIFT) run $(RELEASE) tagcloud-bench

# Partial counts, merges and scripts/spark-count.py on this machine (bench/README.md#counting-at-scale).
bench-count-scale: setup
	$(SWIFT) build $(RELEASE) --product tagcloud
	$(SWIFT) build $(RELEASE) --product tagcloud-bench
	python3 bench/count-scale.py --no-build

# tagcloud serve: /api/layout latency, a 60 s load run with wrk (installed if missing), memory
# (bench/serve.py; BENCH_SERVE_FLAGS=--duration 10 for a short run).
bench-serve: build
	python3 bench/serve.py --no-build $(BENCH_SERVE_FLAGS)

# The WebAssembly engine beside the native build: the same cloud natively, in Node, in headless
# Chromium (bench/web-engine.py; bench/README.md#the-webassembly-engine).
bench-web: web
	$(SWIFT) build -c release --product tagcloud-bench
	python3 bench/web-engine.py

# libFuzzer targets (Fuzz/): arguments, frequency tables, config files, PNG masks. FUZZ_SECONDS each.
FUZZ_SECONDS ?= 60
fuzz: setup
	scripts/fuzz $(FUZZ_SECONDS)

# The whole test suite under AddressSanitizer, then ThreadSanitizer (separate build folders).
sanitize: setup
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
	    $(SWIFT) test $(TESTFLAGS) --sanitize=address --scratch-path .build/asan
	$(SWIFT) test $(TESTFLAGS) --sanitize=thread --scratch-path .build/tsan

# Formatting with the toolchain's swift-format and .swift-format: `format` rewrites the Swift files
# in place; `lint` changes nothing and fails naming the files that are not formatted.
format:
	SWIFT="$(SWIFT)" scripts/format

lint:
	SWIFT="$(SWIFT)" scripts/format --check

clean:
	rm -rf .build demo/*.png demo/*.svg demo/*.json demo/*.pdf demo/*.html
