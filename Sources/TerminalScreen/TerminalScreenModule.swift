// TerminalScreen: a terminal screen with no feed in it: curses, frames and their diff, styled text and its width, pictures placed in cells.
//
// May import, of this package: TerminalKit, TerminalGraphics, BlockArt, ImageCodecs, TerminalText, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
