// FeedViewer: the feed application: a model made of small models, each with its update; views and panels; the runtime and its effect handlers.
//
// May import, of this package: TerminalScreen, TerminalKit, TerminalGraphics, BlockArt, ImageCodecs, ImageLoading, FeedSources, Sidecars, LoadSemantics, TerminalText, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
