// LoadSemantics: the audit's rules over a run's load records, and the run as a Chrome trace.
//
// May import, of this package: ImageLoading, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
