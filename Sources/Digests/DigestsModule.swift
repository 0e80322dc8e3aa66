// Digests: SHA-256 and MD5 in Swift (disk cache keys, ETags, thumbnail names).
//
// May import, of this package: nothing.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
