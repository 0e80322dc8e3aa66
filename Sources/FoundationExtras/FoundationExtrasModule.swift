// FoundationExtras: what FoundationEssentials lacks: child processes, file reads by bytes, paths as bytes, cache folders that refuse what is not theirs, error text in words.
//
// May import, of this package: nothing.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
