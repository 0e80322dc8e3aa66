// TerminalKit: the conversation with the terminal: the input grammar (keys, mouse, replies), the start-up probe, tmux, colour depth and terminfo.
//
// May import, of this package: FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
