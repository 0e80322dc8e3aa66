// ImageCodecs: decode and encode every format; orientation, colour profiles, animation frames on demand; every decode bounded by its output size.
//
// May import, of this package: CImageShim, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
