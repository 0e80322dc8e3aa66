// BlockArt: a bitmap as character cells: symbol sets, colour depths, dithering.
//
// May import, of this package: ImageCodecs, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
