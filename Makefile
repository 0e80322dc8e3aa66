# photofeed — the two commands: `make run` and `make test`.
SWIFT ?= swift
RELEASE_BIN := .build/release
# Static Swift runtime: a `photofeed show` process starts in ~11 ms instead of ~17 ms
# (dynamic loading of Foundation/ICU dominated start-up).
RELEASE := -c release --static-swift-stdlib

.PHONY: run test bench build release deps serve clean fuzz fuzz-smoke

## run: build in release mode and start the viewer on its embedded feed (ARGS="--symbols quad" etc.)
run:
	@scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE) --product photofeed
	$(RELEASE_BIN)/photofeed $(ARGS)

## test: build everything (debug), then run the unit suites in parallel and the real-time ones serially
# The suites that shape real time (loopback HTTP, tmux, pseudo-terminals, child processes) run one
# at a time after the rest: beside other suites on 2 cores they were starved into flaking. They
# carry the Swift Testing tag `.realTime` where we own them, but swift-testing 6.3 cannot select
# by tag (`--filter tag:` came later), so this regex over test ids (Target.Suite/test) is the one
# list of them. A new real-time suite goes here (and gets the tag). The suites that measure the
# process's peak memory (VmHWM) run here too: beside other suites they measure the others' memory.
REAL_TIME_SUITES := ImageCodecsTests\.(HostileInputTests|ReducedDecodingTests)|EndToEndTests\.|ImageLoadingTests\.(HTTPPipelineIntegrationTests|HTTPDataLoaderLifecycleTests)|FeedSourcesTests\.(EmbeddedServerFeedTests|LowDataRequestTests)|PicsumServerTests\.Server(Attribution|HTTPSemantics|Image|Lifecycle|List|Shaping)Tests|TerminalUITests\.CursesScreen(Demo)?Tests
test:
	@scripts/ensure-deps.sh test
	@scripts/check-imports.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --skip '$(REAL_TIME_SUITES)'
	$(SWIFT) test --skip-build --no-parallel --filter '$(REAL_TIME_SUITES)'

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

## fuzz: libFuzzer + AddressSanitizer on the C shim's JPEG and PNG decode paths
# Seeds: fuzz/seeds (small hand-made edge files) and the photos of Assets/photos under 256 KiB
# (copied to .build/fuzz/seeds-assets: the multi-megapixel originals would make every run
# decode megabytes under ASan, and libFuzzer's max_len follows the largest seed); new inputs go to
# .build/fuzz/corpus-*; a crash is written to .build/fuzz/ and fails the target.
# FUZZ_SECONDS per target (default 300); `make fuzz-smoke` is the 2 × 45 s CI run.
FUZZ_SECONDS ?= 300
FUZZ_CC ?= clang
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-ISources/CImageShim/include $(shell pkg-config --cflags libjpeg libpng)
FUZZ_LIBS := $(shell pkg-config --libs libjpeg libpng)
FUZZ_SOURCES := $(wildcard Sources/CImageShim/*.c) fuzz/decode_fuzzer.c
FUZZ_ASSET_SEEDS := $(shell find Assets/photos -maxdepth 1 -type f \( -name '*.jpg' -o -name '*.png' \) -size -256k)

fuzz:
	@scripts/ensure-deps.sh run
	mkdir -p .build/fuzz/corpus-jpeg .build/fuzz/corpus-png .build/fuzz/seeds-assets
	cp $(FUZZ_ASSET_SEEDS) .build/fuzz/seeds-assets/
	$(FUZZ_CC) $(FUZZ_FLAGS) -DFUZZ_JPEG $(FUZZ_SOURCES) $(FUZZ_LIBS) -o .build/fuzz/fuzz_jpeg
	$(FUZZ_CC) $(FUZZ_FLAGS) -DFUZZ_PNG $(FUZZ_SOURCES) $(FUZZ_LIBS) -o .build/fuzz/fuzz_png
	.build/fuzz/fuzz_jpeg -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=512 -timeout=5 \
		-artifact_prefix=.build/fuzz/jpeg- .build/fuzz/corpus-jpeg fuzz/seeds .build/fuzz/seeds-assets
	.build/fuzz/fuzz_png -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=512 -timeout=5 \
		-artifact_prefix=.build/fuzz/png- .build/fuzz/corpus-png fuzz/seeds .build/fuzz/seeds-assets

fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=45

clean:
	rm -rf .build
