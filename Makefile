# photofeed — the two commands: `make run` and `make test` (`make check`: the unit tests alone).
SWIFT ?= swift
RELEASE_BIN := .build/release
# Static Swift runtime: a `photofeed show` process starts without loading Foundation/ICU
# dynamically, which would dominate its start-up (`feedbench --scenario blockart-speed` times it).
RELEASE := -c release --static-swift-stdlib

.PHONY: run test check bench build release deps serve clean fuzz fuzz-smoke install uninstall hardening-check man

## run: build in release mode and start the viewer on its embedded feed (ARGS="--symbols quad" etc.)
run:
	@scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE) --product photofeed
	$(RELEASE_BIN)/photofeed $(ARGS)

## test: build everything (debug), check, then the unit targets in parallel and each real-time target in a
## process of its own, all side by side
## check: build, then the unit targets alone (the inner loop: no real-time target)
# The suites that shape real time (loopback HTTP, tmux, pseudo-terminals, child processes, inotify)
# live in test targets of their own, named here and nowhere else. Every suite in them carries the
# Swift Testing tag `.realTime` and no other suite does: scripts/check-test-groups.py reads the built
# bundle's tests and tags and fails, naming the suite, on a real-time suite in a unit target, an
# untagged suite in a real-time target, or a name here that is no test target. A new real-time
# suite goes in one of these targets (with the tag); a new real-time target goes in this list.
# On Linux every test target is linked into one bundle (photofeedPackageTests.xctest), so a target is
# chosen by its name: its tests' ids start with `Target.`.
# Each real-time target runs in a process of its own, one test at a time: they mostly wait on
# children, sockets and terminals, so side by side they take about the time of the longest. The
# unit targets run at the same time, in parallel, as idle-priority work (`chrt --idle`: they get a
# CPU only when no real-time test and no child of one wants it; under `nice -n 10` the clipboard's
# 20,010 paths and a tmux save still missed their bounds in one run of two). The modules that crunch
# pixels and bytes are optimised even in debug builds (Package.swift's `optimised`), in the unit suites
# and in every `photofeed` the real-time ones spawn, and HardeningTests spares hardening-check its
# disassembly: all of it is about 200-210 CPU-seconds (the unit suites ~55-65, the real-time targets'
# processes and children ~145, plus the tmux servers' own; ~290 before), so on 2 cores it takes at
# least 1.7 min (1.9 measured after the build, 2.8 beside another engineer's benchmark); the
# real-time targets end first. They run the test bundle
# itself (two `swift test`s would queue on SwiftPM's lock); each real-time target's output is
# printed when all have ended, and any failure fails the run.
REAL_TIME_TARGETS := EndToEndTests TerminalEndToEndTests TmuxTests ServerIntegrationTests FeedIntegrationTests SystemIntegrationTests
empty :=
space := $(empty) $(empty)
REAL_TIME_PATTERN := ^($(subst $(space),|,$(strip $(REAL_TIME_TARGETS))))\.
TEST_BUNDLE = "$$($(SWIFT) build --show-bin-path)/photofeedPackageTests.xctest"
test:
	@scripts/ensure-deps.sh test
	@scripts/check-imports.py
	@scripts/check-architecture.py
	$(SWIFT) build --build-tests
	@scripts/check-test-groups.py $(TEST_BUNDLE) $(REAL_TIME_TARGETS)
	@bundle=$(TEST_BUNDLE); pids=""; logs=$$(mktemp -d); \
	echo "unit targets in parallel at idle priority, beside each real-time target in a process of its own (their output follows when all end)"; \
	for target in $(REAL_TIME_TARGETS); do \
		"$$bundle" --testing-library swift-testing --no-parallel --filter "^$$target\." >"$$logs/$$target" 2>&1 & \
		pids="$$pids $$!"; \
	done; \
	chrt --idle 0 "$$bundle" --testing-library swift-testing --parallel --skip '$(REAL_TIME_PATTERN)'; status=$$?; \
	for pid in $$pids; do wait $$pid || status=1; done; \
	for target in $(REAL_TIME_TARGETS); do echo "== $$target"; cat "$$logs/$$target"; done; \
	rm -rf "$$logs"; exit $$status

check:
	@scripts/ensure-deps.sh test
	$(SWIFT) build --build-tests
	"$$($(SWIFT) build --show-bin-path)/photofeedPackageTests.xctest" --testing-library swift-testing --parallel --skip '$(REAL_TIME_PATTERN)'

## bench: release build, then the feedbench scenarios (installs chafa/timg/hyperfine), and real pixels
## again on 16 large photographs beside chafa, timg and img2sixel (scripts/bench-photos.sh), where the
## previewer scenario also scrolls 80 copies of them one process per photo, as a preview pane does; writes
## docs/PERFORMANCE.md (the date, the machine, the versions, each table and its command); the cull
## scenario makes 1,000 RAW-sized files (sparse: their previews' space on disk) and removes them
bench:
	@scripts/ensure-deps.sh bench
	$(SWIFT) build $(RELEASE) --product feedbench
	$(SWIFT) build $(RELEASE) --product photofeed
	$(RELEASE_BIN)/feedbench --markdown docs/PERFORMANCE.md
	$(RELEASE_BIN)/feedbench --markdown docs/PERFORMANCE.md --append --scenario graphics --scenario pixel-ratios --scenario grid --scenario previewer --assets "$$(scripts/bench-photos.sh)"
	$(RELEASE_BIN)/feedbench --markdown docs/PERFORMANCE.md --append --scenario slow-tty --scenario cull

build:
	@scripts/ensure-deps.sh run
	$(SWIFT) build

## serve: the embedded picsum-style server alone
serve:
	@scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE) --product photofeed
	$(RELEASE_BIN)/photofeed serve

## hardening-check: the release binary, as `make install` installs it, checked by Debian's hardening-check
## (PIE, stack protector, fortified calls, full RELRO); `make test` checks the debug build the same way
# --nocfprotection: no Swift binary can carry Intel CET's property (the toolchain's static runtime has none).
hardening-check:
	@scripts/ensure-deps.sh test
	$(SWIFT) build $(RELEASE) --product photofeed
	hardening-check --nocfprotection $(RELEASE_BIN)/photofeed

## man: photofeed(1) from the debug binary into .build/photofeed.1 (read it with `man -l .build/photofeed.1`)
man: build
	scripts/generate-manual.py "$$($(SWIFT) build --show-bin-path)/photofeed" > .build/photofeed.1
	@echo "man -l .build/photofeed.1"

## install: release build, then the stripped binary, photofeed(1), bash/zsh/fish completions, the README and
## the photos' credits, and the embedded feed's photos under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local)
# What goes where: scripts/install.sh. The man page and the completions are generated from the binary
# being installed (its own flag definitions), so they never go stale. BINARY=path installs that binary
# instead of building one (the end-to-end test installs the debug build it tests).
PREFIX ?= /usr/local
DESTDIR ?=
BINARY ?=
install:
	@scripts/ensure-deps.sh run
	$(if $(BINARY),,$(SWIFT) build $(RELEASE) --product photofeed)
	scripts/install.sh install "$(or $(BINARY),$(RELEASE_BIN)/photofeed)" "$(DESTDIR)$(PREFIX)"

## uninstall: remove what `make install` put under $(DESTDIR)$(PREFIX) (same PREFIX and DESTDIR)
uninstall:
	scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

## fuzz: libFuzzer + AddressSanitizer on the C shim's JPEG and PNG decode paths, its WebP/GIF/AVIF/HEIF/
## JPEG XL/TIFF paths, the BMP decoder, the thumbnail-cache reader and the HTTP freshness parser
# Four targets: fuzz_jpeg and fuzz_png (fuzz/decode_fuzzer.c over the C shim, clang), and two
# Swift ones built by swiftc -sanitize=fuzzer,address from fuzz/swift_fuzzer.swift with the sources
# they exercise: fuzz_thumbnail (the freedesktop thumbnail reader: PNGTextChunks' lenient and
# strict walks, the probe, the class bound, the decode through the shim's chunk walk and tail
# budget: ImageCodecs' Swift sources plus the shim built with -fsanitize=fuzzer-no-link) and
# fuzz_freshness (CacheFreshness, its header parsing, HTTPDateParser, the 304 selection).
# fuzz_bmp (FUZZ_BMP: BMPDecoding, the Swift BMP decoder, whole and reduced, seeded with the BMP
# Suite in Tests/CodecFixtures/conformance/bmpsuite).
# Seeds: fuzz/seeds (small hand-made edge files, thumbnails included), fuzz/seeds-http (header
# blocks) and the photos of Assets/photos under 256 KiB (copied to .build/fuzz/seeds-assets: the
# multi-megapixel originals would make every run decode megabytes under ASan, and libFuzzer's
# max_len follows the largest seed); new inputs go to .build/fuzz/corpus-*; a crash is written to
# .build/fuzz/ and fails the target.
# fuzz_formats (FUZZ_FORMATS in fuzz/decode_fuzzer.c) takes the six library formats in one target,
# seeded with Assets/formats (every format's stills, turned files, animations, truncations) and
# fuzz/seeds-formats (its findings, e.g. a HEIC claiming 29-bit samples, which would make libheif 1.15 allocate gigabytes;
# and an AVIF with two ipma boxes, which libavif refuses and libheif decodes);
# fuzz/lsan-formats.supp names the one leak inside libheif (its dav1d plugin on a failed decode).
# fuzz_raw (fuzz/raw_fuzzer.c) takes camera RAW files through LibRaw (pf_raw_preview, preview only and
# developed, then a JPEG preview through the shim's JPEG probe and decode), seeded with
# Tests/CodecFixtures/conformance/raw (real cameras' files and hand-made DNGs).
# FUZZ_SECONDS per target (default 300; FUZZ_FORMATS_SECONDS for fuzz_formats and fuzz_raw); `make fuzz-smoke`
# is the CI run: 6 × 45 s plus 30 s each for fuzz_formats and fuzz_raw.
# FUZZ_RUNS=N runs each target N inputs instead (e.g. FUZZ_RUNS=1000000), with no time limit.
FUZZ_SECONDS ?= 300
FUZZ_RUNS ?=
FUZZ_CC ?= clang
FUZZ_SWIFTC ?= swiftc
FUZZ_FORMATS_SECONDS ?= $(FUZZ_SECONDS)
FUZZ_PKGS := libjpeg libpng libwebpdemux libwebpmux libgif libheif libtiff-4 lcms2 zlib
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-ISources/CImageShim/include $(shell pkg-config --cflags $(FUZZ_PKGS))
FUZZ_LIBS := $(shell pkg-config --libs $(FUZZ_PKGS)) -lavif -ljxl
FUZZ_SOURCES := $(wildcard Sources/CImageShim/*.c) fuzz/decode_fuzzer.c
FUZZ_ASSET_SEEDS := $(shell find Assets/photos -maxdepth 1 -type f \( -name '*.jpg' -o -name '*.png' \) -size -256k)
FUZZ_SWIFT_FLAGS := -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -use-ld=lld \
	-enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature ExistentialAny
FUZZ_THUMBNAIL_SOURCES := fuzz/swift_fuzzer.swift $(wildcard Sources/ImageCodecs/*.swift)
FUZZ_FRESHNESS_SOURCES := fuzz/swift_fuzzer.swift Sources/ImageLoading/Loading/DataResponseHead.swift \
	$(wildcard Sources/ImageLoading/Caching/CacheFreshness*.swift) Sources/ImageLoading/Caching/HTTPDateParser.swift
FUZZ_TERMINAL_SOURCES := fuzz/swift_fuzzer.swift $(wildcard Sources/TerminalKit/Input/*.swift)
FUZZ_LIMIT := $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS),-max_total_time=$(FUZZ_SECONDS)) -rss_limit_mb=512 -timeout=5
FUZZ_FORMATS_LIMIT := $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS),-max_total_time=$(FUZZ_FORMATS_SECONDS)) -rss_limit_mb=1024 -timeout=10

fuzz:
	@scripts/ensure-deps.sh run
	mkdir -p .build/fuzz/corpus-jpeg .build/fuzz/corpus-png .build/fuzz/corpus-thumbnail .build/fuzz/corpus-freshness \
		.build/fuzz/corpus-formats .build/fuzz/corpus-raw \
		.build/fuzz/corpus-terminal .build/fuzz/corpus-bmp \
		.build/fuzz/seeds-assets .build/fuzz/shim .build/fuzz/modules
	cp $(FUZZ_ASSET_SEEDS) .build/fuzz/seeds-assets/
	$(FUZZ_CC) $(FUZZ_FLAGS) -DFUZZ_JPEG $(FUZZ_SOURCES) $(FUZZ_LIBS) -o .build/fuzz/fuzz_jpeg
	$(FUZZ_CC) $(FUZZ_FLAGS) -DFUZZ_PNG $(FUZZ_SOURCES) $(FUZZ_LIBS) -o .build/fuzz/fuzz_png
	$(FUZZ_CC) $(FUZZ_FLAGS) -DFUZZ_FORMATS $(FUZZ_SOURCES) $(FUZZ_LIBS) -o .build/fuzz/fuzz_formats
	$(FUZZ_CC) $(FUZZ_FLAGS) $(wildcard Sources/CImageShim/*.c) fuzz/raw_fuzzer.c $(FUZZ_LIBS) -o .build/fuzz/fuzz_raw
	for source in Sources/CImageShim/*.c; do \
		$(FUZZ_CC) -g -O1 -fsanitize=fuzzer-no-link,address -ISources/CImageShim/include \
			$(shell pkg-config --cflags $(FUZZ_PKGS)) -c $$source -o .build/fuzz/shim/$$(basename $$source .c).o || exit 1; \
	done
	$(FUZZ_SWIFTC) -sanitize=address -parse-as-library -O -g -swift-version 6 \
		-enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature ExistentialAny \
		-module-name Vocabulary -emit-module -emit-module-path .build/fuzz/modules/Vocabulary.swiftmodule \
		-emit-library -static $(wildcard Sources/Vocabulary/*.swift) -o .build/fuzz/libVocabulary.a
	$(FUZZ_SWIFTC) $(FUZZ_SWIFT_FLAGS) -D FUZZ_THUMBNAIL -module-name ThumbnailFuzz -I .build/fuzz/modules \
		-Xcc -fmodule-map-file=fuzz/CImageShim.modulemap $(FUZZ_THUMBNAIL_SOURCES) .build/fuzz/shim/*.o \
		.build/fuzz/libVocabulary.a $(FUZZ_LIBS) -o .build/fuzz/fuzz_thumbnail
	$(FUZZ_SWIFTC) $(FUZZ_SWIFT_FLAGS) -D FUZZ_BMP -module-name BMPFuzz -I .build/fuzz/modules \
		-Xcc -fmodule-map-file=fuzz/CImageShim.modulemap $(FUZZ_THUMBNAIL_SOURCES) .build/fuzz/shim/*.o \
		.build/fuzz/libVocabulary.a $(FUZZ_LIBS) -o .build/fuzz/fuzz_bmp
	$(FUZZ_SWIFTC) $(FUZZ_SWIFT_FLAGS) -D FUZZ_FRESHNESS -module-name FreshnessFuzz $(FUZZ_FRESHNESS_SOURCES) \
		-o .build/fuzz/fuzz_freshness
	$(FUZZ_SWIFTC) $(FUZZ_SWIFT_FLAGS) -D FUZZ_TERMINAL -module-name TerminalFuzz $(FUZZ_TERMINAL_SOURCES) \
		-o .build/fuzz/fuzz_terminal
	.build/fuzz/fuzz_jpeg $(FUZZ_LIMIT) -artifact_prefix=.build/fuzz/jpeg- \
		.build/fuzz/corpus-jpeg fuzz/seeds .build/fuzz/seeds-assets Tests/CodecFixtures/conformance/imagetestsuite/jpg
	.build/fuzz/fuzz_png $(FUZZ_LIMIT) -artifact_prefix=.build/fuzz/png- \
		.build/fuzz/corpus-png fuzz/seeds .build/fuzz/seeds-assets Tests/CodecFixtures/conformance/imagetestsuite/png
	LSAN_OPTIONS=suppressions=fuzz/lsan-formats.supp .build/fuzz/fuzz_formats $(FUZZ_FORMATS_LIMIT) -artifact_prefix=.build/fuzz/formats- \
		.build/fuzz/corpus-formats Assets/formats fuzz/seeds-formats Tests/CodecFixtures/conformance/made-damage \
		Tests/CodecFixtures/conformance/imagetestsuite/gif Tests/CodecFixtures/conformance/imagetestsuite/tif
	.build/fuzz/fuzz_raw $(FUZZ_FORMATS_LIMIT) -artifact_prefix=.build/fuzz/raw- \
		.build/fuzz/corpus-raw Tests/CodecFixtures/conformance/raw
	.build/fuzz/fuzz_thumbnail $(FUZZ_LIMIT) -artifact_prefix=.build/fuzz/thumbnail- \
		.build/fuzz/corpus-thumbnail fuzz/seeds
	.build/fuzz/fuzz_bmp $(FUZZ_LIMIT) -artifact_prefix=.build/fuzz/bmp- \
		.build/fuzz/corpus-bmp Tests/CodecFixtures/conformance/bmpsuite
	.build/fuzz/fuzz_freshness $(FUZZ_LIMIT) -artifact_prefix=.build/fuzz/freshness- \
		.build/fuzz/corpus-freshness fuzz/seeds-http
	.build/fuzz/fuzz_terminal $(FUZZ_LIMIT) -artifact_prefix=.build/fuzz/terminal- \
		.build/fuzz/corpus-terminal fuzz/seeds-terminal

fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=45 FUZZ_FORMATS_SECONDS=30

clean:
	rm -rf .build
