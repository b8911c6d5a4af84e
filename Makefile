# The two commands: `make demo` and `make test`. Both install missing system libraries first.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
TAGCLOUD = .build/release/tagcloud

.PHONY: all setup build test demo bench clean

all: build

setup:
	@scripts/setup

build: setup
	$(SWIFT) build -c release --product tagcloud

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: build
	@scripts/demo $(TAGCLOUD)

bench: setup
	$(SWIFT) run -c release tagcloud-bench

clean:
	rm -rf .build demo/*.png demo/*.svg demo/*.json demo/*.pdf demo/*.html
