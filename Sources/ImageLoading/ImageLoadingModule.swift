// ImageLoading: ImageRequest → ImagePipeline → ImagePhase: memory and disk caches, coalescing, priorities, resumable downloads, retries, freedesktop thumbnails, events.
//
// May import, of this package: ImageCodecs, Vocabulary, Digests, FoundationExtras.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)
