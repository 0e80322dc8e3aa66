// photofeed: the command line: argument parsing, the config file, wiring.
//
// May import, of this package: PhotoShow, FeedViewer, TerminalScreen, TerminalKit, TerminalGraphics, PicsumServer, FeedSources, Sidecars, LoadSemantics, BlockArt, ImageLoading, ImageCodecs, TerminalText, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
