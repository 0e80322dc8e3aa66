# photofeed — the two commands: `make run` and `make test`.
SWIFT ?= swift
RELEASE_BIN := .build/release
# Static Swift runtime: a `photofeed show` process starts in ~11 ms instead of ~17 ms
# (dynamic loading of Foundation/ICU dominated start-up).
RELEASE := -c release --static-swift-stdlib

.PHONY: run test bench build release deps serve clean

## run: build in release mode and start the viewer on its embedded feed (ARGS="--symbols quad" etc.)
run:
	@scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE) --product photofeed
	$(RELEASE_BIN)/photofeed $(ARGS)

## test: build everything (debug) and run every test
# Serially: the end-to-end and loopback suites shape real time (bandwidth, latency, a tmux
# screen); run beside every other suite on 2 cores they were starved into flaking. ~25 s.
test:
	@scripts/ensure-deps.sh test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel

## bench: release build, then the feedbench scenarios (installs chafa/timg/hyperfine)
bench:
	@scripts/ensure-deps.sh bench
	$(SWIFT) build $(RELEASE) --product feedbench
	$(SWIFT) build $(RELEASE) --product photofeed
	$(RELEASE_BIN)/feedbench

build:
	@scripts/ensure-deps.sh run
	$(SWIFT) build

## serve: the embedded picsum-style server alone
serve:
	@scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE) --product photofeed
	$(RELEASE_BIN)/photofeed serve

clean:
	rm -rf .build
