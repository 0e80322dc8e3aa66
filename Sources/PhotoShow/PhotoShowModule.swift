// PhotoShow: what photofeed show and show --grid do, callable from tests.
//
// May import, of this package: TerminalScreen, TerminalGraphics, TerminalKit, BlockArt, ImageCodecs, ImageLoading, TerminalText, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
