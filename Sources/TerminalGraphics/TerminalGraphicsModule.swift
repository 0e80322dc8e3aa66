// TerminalGraphics: what a terminal draws: text cells, and pixels through each graphics protocol (one file each), their encoders, the choice among them.
//
// May import, of this package: TerminalKit, ImageCodecs, TerminalText, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
