// PicsumServer: the embedded picsum-compatible server (photofeed serve), with network shaping.
//
// May import, of this package: ImageCodecs, TerminalText, Digests, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
