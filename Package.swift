// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]
// The modules that crunch pixels and bytes (decoding and resizing, block art, the terminal
// graphics encoders, the digests) are optimised in debug builds too: unoptimised, they were most
// of `make test`'s CPU time, in the unit suites and in every `photofeed` the real-time suites
// spawn. The debug configuration still passes -enable-testing, so `@testable import` works.
let optimised: [SwiftSetting] = strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]

// The C shim, built as Debian's hardening flags build C,
// in every configuration: fortification needs optimisation, so -O2 even in debug builds.
let hardenedC = [
    "-O2", "-U_FORTIFY_SOURCE", "-D_FORTIFY_SOURCE=3", "-fstack-protector-strong", "-fstack-clash-protection",
    "-Wformat", "-Werror=format-security",
]
// Executables: position-independent, with full RELRO (relocations read-only, every symbol bound
// before main).
let hardenedLink = ["-Xclang-linker", "-pie", "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"]

// Linux only: the C targets, the terminal code and the tests are built and run on Linux, and
// nothing is tested on macOS, so no Apple platform is claimed.
//
// Each target lists exactly the modules it imports: `make test` checks it with
// scripts/check-imports.py (SwiftPM's --explicit-target-dependency-import-check does not flag
// a module that arrives transitively).
let package = Package(
    name: "photofeed",
    products: [
        .executable(name: "photofeed", targets: ["photofeed"]),
        .executable(name: "feedbench", targets: ["feedbench"]),
        .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
        .library(name: "ImageLoading", targets: ["ImageLoading"]),
        .library(name: "BlockArt", targets: ["BlockArt"]),
        .library(name: "PicsumServer", targets: ["PicsumServer"]),
        .library(name: "TerminalScreen", targets: ["TerminalScreen"]),
        .library(name: "FeedViewer", targets: ["FeedViewer"]),
        .library(name: "PhotoShow", targets: ["PhotoShow"]),
        .library(name: "FeedSources", targets: ["FeedSources"]),
        .library(name: "TerminalText", targets: ["TerminalText"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
        .library(name: "LoadSemantics", targets: ["LoadSemantics"]),
        .library(name: "FoundationExtras", targets: ["FoundationExtras"]),
        .library(name: "Vocabulary", targets: ["Vocabulary"]),
        .library(name: "Sidecars", targets: ["Sidecars"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // No default traits: FullFoundation makes Hummingbird import Foundation (and so link
        // FoundationInternationalization and ICU's ~30 MB of data) instead of FoundationEssentials;
        // ConfigurationSupport is for swift-configuration readers, which PicsumServer does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Hummingbird's own dependencies, named because PicsumServer imports them directly.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // FilePath: a path is bytes (a name that is not UTF-8 is its own file, never a U+FFFD guess).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // C libraries from the system, found with pkg-config.
        .systemLibrary(
            name: "CNcurses", pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The other formats, from Debian bookworm's libraries (versions and what each lacks:
        // Sources/ImageCodecs/ImageCodecs.docc/Formats.md).
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]
        ),
        // No pkg-config for libavif and libjxl: their .pc files add -D flags (AVIF_DLL, for
        // Windows; HWY_SHARED_DEFINE, for Highway's headers, not included) that SwiftPM refuses
        // with a warning; their headers are in /usr/include.
        .systemLibrary(
            name: "CAVIF",
            providers: [.apt(["libavif-dev"])]
        ),
        // No pkg-config for libheif and libtiff either: their -l flags would load them (and,
        // for libheif, the thirty libraries behind it) at every start; the shim opens them on
        // first use (library_loader.h).
        .systemLibrary(
            name: "CHEIF",
            providers: [.apt(["libheif-dev"])]
        ),
        .systemLibrary(
            name: "CJXL",
            providers: [.apt(["libjxl-dev"])]
        ),
        .systemLibrary(
            name: "CTIFF",
            providers: [.apt(["libtiff-dev"])]
        ),
        .systemLibrary(
            name: "CLCMS", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        // XMP (Adobe's toolkit behind a C API), for the culling decisions' sidecars. Linked, not
        // opened on first use: libexempi brings only libexpat and zlib (libstdc++ is loaded anyway).
        .systemLibrary(
            name: "CExempi", pkgConfig: "exempi-2.0",
            providers: [.apt(["libexempi-dev"])]
        ),
        // setjmp/longjmp wrappers: a corrupt file is an error value, never exit().
        .target(
            name: "CImageShim",
            // CZlib: the ICC reader inflates a PNG's iCCP; library_versions.c asks zlib its version.
            dependencies: ["CJPEG", "CPNG", "CWebP", "CGIF", "CAVIF", "CHEIF", "CJXL", "CTIFF", "CLCMS", "CZlib"],
            // The C files #include the headers (no module import, so no autolinking). libheif,
            // libavif, libjxl and libtiff are not linked at all: the shim opens them with dlopen
            // when a HEIF, an AVIF, a JPEG XL or a TIFF first comes (library_loader.h), since
            // loading them and what they bring (x265, dav1d, aom, Highway, Brotli, Abseil…)
            // costs every process time before main (`feedbench --scenario graphics` times whole
            // `show` processes).
            // libwebpmux (libwebp-dev, like libwebpdemux): the animated WebP encoder, for the
            // embedded server's animations scaled to the size asked for.
            // Built hardened whatever the configuration, as Debian builds C that parses hostile
            // input: optimised (fortification needs it), with fortified libc calls, a strong stack
            // protector, stack-clash probes, and format strings that must be literals.
            // `make hardening-check` checks the linked binary.
            cSettings: [.unsafeFlags(hardenedC)],
            linkerSettings: [.linkedLibrary("webpmux")]
        ),

        // The words several modules share, each defined once: pixel sizes, colour depth, cell
        // colour, the disappear policy, load slots and photo keys, library versions. A leaf:
        // scripts/check-imports.py keeps it without dependencies and keeps its type names out of
        // every other module.
        .target(name: "Vocabulary", swiftSettings: strict),
        // Text from outside made safe for a terminal, and its width in cells: the one place every
        // printed or drawn feed-, file- or client-derived string goes through.
        .target(name: "TerminalText", swiftSettings: strict),
        .target(
            name: "ImageCodecs",
            dependencies: ["CImageShim", "Vocabulary"],
            swiftSettings: optimised
        ),
        // SHA-256 and MD5 in Swift (the disk cache, ETags, thumbnail names): no second BoringSSL.
        .target(name: "Digests", swiftSettings: optimised),
        // What the package took from Foundation that FoundationEssentials lacks (child processes,
        // threads, file reads, standard streams, path and text helpers, a JSON value): the
        // photofeed binary imports FoundationEssentials only, so Foundation's ICU data (~30 MB)
        // is not linked into it. scripts/check-imports.py keeps `import Foundation` out of it.
        .target(name: "FoundationExtras", dependencies: [.product(name: "SystemPackage", package: "swift-system")], swiftSettings: strict),
        .target(
            name: "ImageLoading",
            dependencies: [
                "ImageCodecs", "Vocabulary",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "DequeModule", package: "swift-collections"),
                "Digests", "FoundationExtras", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // The rules of lazy loading, checked over a run's records, and the run as a Chrome trace.
        .target(name: "LoadSemantics", dependencies: ["ImageLoading", "Vocabulary", "FoundationExtras"], swiftSettings: strict),
        .target(
            name: "BlockArt",
            dependencies: ["ImageCodecs", "Vocabulary"],
            swiftSettings: optimised
        ),
        .target(
            name: "PicsumServer",
            dependencies: [
                "ImageCodecs", "Vocabulary", "TerminalText",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                "Digests", "FoundationExtras",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "FeedSources",
            dependencies: ["ImageCodecs", "Vocabulary", "ImageLoading", "FoundationExtras", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict
        ),
        // The culling decisions (stars, pick or reject, a colour label) in XMP sidecars every
        // photo editor reads: found by both naming conventions, updated through exempi keeping
        // everything else, written atomically beside the photo or in a folder of their own.
        .target(
            name: "Sidecars",
            dependencies: ["CExempi", "FoundationExtras", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict
        ),
        // The conversation with the terminal: the input grammar (keys, mouse, replies), the
        // start-up probe, tmux, colour depth and terminfo; beneath the viewer and `show`.
        .target(name: "TerminalKit", dependencies: ["Vocabulary", "CNcurses", "FoundationExtras"], swiftSettings: strict),
        // What a terminal draws: text cells, and real pixels through each graphics protocol
        // (kitty placed directly or by placeholders, sixel, iTerm2: one file each, one registry),
        // their encoders, and the choice among them from the probe's answers; beneath the viewer
        // and `show`, which both draw through it.
        .target(
            name: "TerminalGraphics", dependencies: ["TerminalKit", "Vocabulary", "ImageCodecs", "TerminalText", "CZlib", "FoundationExtras"],
            swiftSettings: optimised
        ),
        // A terminal screen with no feed in it (curses, frames and their diff, text in cells, pictures placed in cells).
        .target(
            name: "TerminalScreen",
            dependencies: ["TerminalKit", "Vocabulary", "TerminalGraphics", "BlockArt", "ImageCodecs", "CNcurses", "TerminalText", "FoundationExtras"],
            swiftSettings: strict
        ),
        // The feed viewer (model, update, views, panels, runtime), drawn on a TerminalScreen.
        .target(
            name: "FeedViewer",
            dependencies: [
                "TerminalScreen", "Vocabulary", "TerminalKit", "TerminalGraphics", "BlockArt", "ImageCodecs", "ImageLoading", "FeedSources",
                "Sidecars", "TerminalText", "LoadSemantics", "FoundationExtras", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // What `photofeed show` does, from typed settings into any output; the executable only parses arguments.
        .target(
            name: "PhotoShow",
            dependencies: [
                "BlockArt", "Vocabulary", "ImageCodecs", "ImageLoading", "TerminalKit", "TerminalGraphics", "TerminalScreen", "TerminalText",
                "FoundationExtras", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "photofeed",
            dependencies: [
                "ImageCodecs", "Vocabulary", "ImageLoading", "BlockArt", "PicsumServer", "PhotoShow", "TerminalScreen", "FeedViewer", "TerminalKit", "TerminalGraphics",
                "FeedSources", "Sidecars", "TerminalText", "LoadSemantics", "FoundationExtras", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict,
            // Release: no dynamic symbol table of every Swift symbol (-export-dynamic, which
            // -static-stdlib adds): nothing loads plugins into photofeed.
            // lld (the toolchain's) packs the relative relocations (DT_RELR, glibc ≥ 2.36: bookworm)
            // and ignores glibc's link-time warning about FoundationEssentials' mktemp, which gold
            // printed. Every configuration is a position-independent executable with full RELRO
            // (`hardenedLink`): photofeed parses hostile images and HTTP, so its code and data
            // load at a random address and its relocations are read-only before main.
            // `feedbench --scenario graphics` times `show` processes, relocation included.
            linkerSettings: [
                .unsafeFlags(hardenedLink),
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(configuration: .release)),
            ],
            plugins: ["GitCommit"]
        ),
        // `photofeed --version`'s commit: BuildCommit.swift from `git rev-parse`, before each build.
        .plugin(name: "GitCommit", capability: .buildTool()),
        .executableTarget(
            name: "feedbench",
            dependencies: [
                "ImageCodecs", "Vocabulary", "ImageLoading", "BlockArt", "PicsumServer", "TerminalScreen", "FeedViewer", "TerminalKit", "TerminalGraphics",
                "FeedSources", "LoadSemantics", "Sidecars", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        // Hostile files built byte by byte, shared by the codec and pipeline tests.
        // conformance/: the public decoder suites (PngSuite, BMP Suite, libwebp's test data, AVIF
        // samples) with their references, read from disk by ImageCodecsTests' ConformanceSuiteTests.
        .target(name: "CodecFixtures", path: "Tests/CodecFixtures", exclude: ["conformance"], swiftSettings: strict),
        // A child process that decodes one file and reports its own peak memory (VmHWM), so a
        // memory bound is measured with nothing else in the process.
        .executableTarget(name: "DecodePeak", dependencies: ["ImageCodecs", "Vocabulary"], path: "Tests/DecodePeak", swiftSettings: strict),
        // What the test targets share: the realTime tag, a seeded generator, a clock the test
        // moves, polling with a deadline, tmux sessions and scratch mounts. Defined once here.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"], swiftSettings: strict),
        .testTarget(name: "VocabularyTests", dependencies: ["Vocabulary"], swiftSettings: strict),
        .testTarget(name: "FoundationExtrasTests", dependencies: ["FoundationExtras", .product(name: "SystemPackage", package: "swift-system")], swiftSettings: strict),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "Vocabulary", "CodecFixtures", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ImageLoadingTests",
            dependencies: [
                "ImageCodecs", "Vocabulary", "ImageLoading", "CodecFixtures",
                "Digests", "FoundationExtras", "TestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "LoadSemanticsTests", dependencies: ["LoadSemantics", "Vocabulary", "ImageLoading", "ImageCodecs"], swiftSettings: strict),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "Vocabulary", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics", "Vocabulary", "TerminalKit", "ImageCodecs", "TerminalText", "CZlib"],
            swiftSettings: strict
        ),
        .testTarget(name: "BlockArtTests", dependencies: ["BlockArt", "Vocabulary", "ImageCodecs"], swiftSettings: strict),
        // The screen's tests, with no feed: cells, frames, curses' pure parts, pictures.
        .testTarget(
            name: "TerminalScreenTests",
            dependencies: ["TerminalScreen", "Vocabulary", "TerminalGraphics", "TerminalKit", "TerminalText", "BlockArt", "ImageCodecs"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FeedViewerTests",
            dependencies: [
                "FeedViewer", "Vocabulary", "TerminalScreen", "TerminalKit", "TerminalGraphics", "BlockArt", "FeedSources", "ImageCodecs", "ImageLoading",
                "Sidecars", "TerminalText", "LoadSemantics", "FoundationExtras", "TestSupport", .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PicsumServerTests",
            dependencies: [
                "PicsumServer", "Vocabulary", "ImageCodecs", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Decisions to XMP and back, sidecars found, updated and refused, on temporary folders.
        .testTarget(
            name: "SidecarsTests",
            dependencies: ["Sidecars", .product(name: "SystemPackage", package: "swift-system")],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FeedSourcesTests",
            dependencies: [
                "FeedSources", "Vocabulary", "ImageCodecs", "ImageLoading", "FoundationExtras", "TestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // `show` called as a library: settings in, printed bytes and failures' sentences out.
        .testTarget(
            name: "PhotoShowTests",
            dependencies: ["PhotoShow", "BlockArt", "ImageCodecs", "ImageLoading", "TerminalGraphics", "TerminalKit", "Vocabulary"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PhotofeedCommandTests",
            dependencies: [
                "photofeed", "Vocabulary", "PhotoShow", "ImageLoading", "ImageCodecs", "BlockArt", "LoadSemantics", "TerminalGraphics",
                "FeedSources", "FeedViewer", "Sidecars", "TerminalScreen", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        // feedbench's own parts: docs/PERFORMANCE.md as runs add to it.
        .testTarget(name: "FeedBenchTests", dependencies: ["feedbench"], swiftSettings: strict),

        // Real-time targets (the Makefile's REAL_TIME_TARGETS, each run in a process of its own;
        // every suite in them carries the `.realTime` tag, and no other suite does).
        // The built binary as a child process, run to completion: every command, its output and status.
        .testTarget(name: "EndToEndTests", dependencies: ["ImageCodecs", "LoadSemantics", "FoundationExtras", "TestSupport"], swiftSettings: strict),
        // The built viewer on a pseudo-terminal the test plays: the probe's answers, keys, escapes read back.
        .testTarget(name: "TerminalEndToEndTests", dependencies: ["LoadSemantics", "TestSupport"], swiftSettings: strict),
        // The built viewer (and the shells' completion) in tmux: keys in, screens out.
        .testTarget(name: "TmuxTests", dependencies: ["ImageCodecs", "LoadSemantics", "TestSupport"], swiftSettings: strict),
        // A real-time target that needs its module's test fixtures depends on that module's unit
        // test target and imports it @testable (SwiftPM lets a test target depend on another):
        // the fixtures stay where the unit suites use them, nothing is copied.
        // The embedded server on a loopback socket: HTTP clients (curl, wget, nginx in front),
        // connection limits, shaping, render admission, the control endpoint, start and stop.
        .testTarget(
            name: "ServerIntegrationTests",
            dependencies: [
                "PicsumServer", "PicsumServerTests", "Vocabulary", "ImageCodecs", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The pipeline and the feeds on live sockets and folders: HTTP loads, freshness and
        // resumes against the embedded server, its feed and previews, folders watched by inotify,
        // and the embedded server started beside the viewer's screen.
        .testTarget(
            name: "FeedIntegrationTests",
            dependencies: [
                "FeedSources", "FeedSourcesTests", "ImageLoading", "ImageLoadingTests", "ImageCodecs", "PicsumServer", "FeedViewer", "photofeed",
                "Vocabulary", "TestSupport", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // The system's pseudo-terminals and child processes: curses on a pty (and on a measured
        // link), the start-up probe answered as each terminal family answers, child processes and
        // a real shell, decodes measured in a child of their own (peak memory), XMP sidecars against exiftool
        // and on real read-only and full file systems.
        .testTarget(
            name: "SystemIntegrationTests",
            dependencies: [
                "TerminalScreen", "TerminalScreenTests", "TerminalGraphics", "TerminalKit", "TerminalText", "BlockArt", "ImageCodecs", "ImageCodecsTests",
                "FoundationExtras", "Vocabulary", "TestSupport", "Sidecars", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
    ]
)
