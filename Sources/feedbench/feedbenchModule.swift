// feedbench: the benchmark scenarios make bench runs.
//
// May import, of this package: FeedViewer, TerminalScreen, TerminalKit, TerminalGraphics, PicsumServer, FeedSources, Sidecars, LoadSemantics, BlockArt, ImageLoading, ImageCodecs, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
