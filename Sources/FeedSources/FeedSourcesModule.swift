// FeedSources: where photos come from: picsum paging, folders (listing, watching, Trash, thumbnails), URL lists.
//
// May import, of this package: ImageCodecs, ImageLoading, FoundationExtras, Vocabulary.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
