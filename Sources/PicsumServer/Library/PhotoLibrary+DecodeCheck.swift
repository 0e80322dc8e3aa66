extension PhotoLibrary {
    /// When a photo whose header probes well is decoded to check that its data is whole.
    ///
    /// ```swift
    /// var configuration = PicsumServer.Configuration()
    /// configuration.decodeCheck = .onFirstRender   // start at once; a damaged photo answers 500
    /// ```
    public enum DecodeCheck: Sendable, Hashable {
        /// Every photo is decoded (at 1/8) before the server listens; one that fails is skipped
        /// with a log line, so the feed never lists it (a record can spare the next run the work).
        case atStart
        /// Only headers are probed at start; a photo is decoded when it is first rendered, and one
        /// that fails then answers its requests with a 500 naming the photo and the reason (its
        /// ids stay in the feed). The server listens in a few milliseconds, and only the photos
        /// asked for are ever decoded.
        case onFirstRender
    }
}
