import FoundationExtras

/// What the data stage hands on: the original bytes and how they were obtained.
struct FetchedData: Sendable {
    var bytes: [UInt8]
    var source: ImageResponse.Source
    /// Bytes that came over the loader this time.
    var transferred: Int
    var queued: Duration = .zero
    var fetch: Duration = .zero
    /// What to keep on disk with the bytes: the response's freshness, or a revalidated entry's
    /// refreshed one. Nil from a file or a cache read (nothing to write).
    var freshness: CacheFreshness? = nil
    /// Set when the bytes are what arrived of a download that ended early and could not be
    /// resumed: decoded as far as they go, marked, never written to the disk cache.
    var cut: DownloadCut? = nil
    /// A camera RAW file left open instead of read: `bytes` are its first bytes only (enough
    /// to tell its format), and its picture is read from the file (``RawFilePicture``).
    var rawFile: ReadableFile? = nil
    /// The whole file's size when `bytes` are only its first bytes.
    var fileSize: Int? = nil

    /// The original's size in bytes.
    var byteCount: Int { fileSize ?? bytes.count }
}

