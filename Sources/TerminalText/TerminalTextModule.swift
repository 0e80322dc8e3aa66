// TerminalText: text from outside (feeds, file names, clients) made safe to print, and its width in cells.
//
// May import, of this package: nothing.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
