public import ImageCodecs

extension ImagePipeline {
    /// One thing that happened to a task or a shared job, for dashboards and logs.
    public struct Event: Sendable, CustomStringConvertible {
        /// What happened.
        public enum Kind: Sendable, Hashable {
            /// Waiting for a network slot.
            case queued
            /// Got a network slot; the request is going out.
            case started
            /// Bytes arrived.
            case progress(LoadProgress)
            /// The server confirmed a range request: bytes from this offset are appended to kept ones.
            case resumed(from: Int)
            /// Joined a job already running for the same key.
            case coalesced
            /// Served from the memory cache.
            case memoryHit
            /// Original bytes used from the disk cache: a fresh entry (no request), or a stale one
            /// whose revalidation failed with a retryable error (served stale, RFC 9111 §4.2.4).
            case diskHit
            /// A stale disk-cache entry was checked with a conditional request: a 304
            /// (`notModified`: its bytes are used, refreshed, no body sent) or a 200 (replaced).
            case revalidated(notModified: Bool)
            /// Decoded and processed.
            case decoded
            /// Stage `image`: decoded from a damaged file or a cut download as far as it goes
            /// (after `decoded`; only with ``Configuration/allowsPartialImages``).
            case damaged(ImageDamage)
            /// Stage `data`: a download ended early and could not be resumed (no range support,
            /// a changed representation, the retries spent): the `received` bytes of `expected`
            /// are decoded as far as they go (only with ``Configuration/allowsPartialImages``),
            /// and never written to the disk cache.
            case cut(received: Int, expected: Int?)
            /// A progressive JPEG's scans so far were decoded and shown (stage `task`).
            case preview(scan: Int)
            /// Stopped by its (last) subscriber.
            case cancelled
            /// Failed an attempt with `error`; trying again (attempt `attempt`) after a delay.
            case retried(attempt: Int, after: Duration, error: ImageLoadError)
            /// Stage `data`: bytes of an interrupted download were kept, so the next download of
            /// the URL can ask for the rest (`Range: bytes=<bytes>-`).
            case kept(bytes: Int)
            /// Stage `data`: kept bytes were dropped (the server sent the whole body again, refused
            /// the range, or the store evicted them to stay within its limits), so the next
            /// download starts from the beginning.
            case discarded(bytes: Int)
            /// Failed for good.
            case failed(ImageLoadError)
            /// Delivered a result (stage `data`: a download or disk read ended with all its bytes).
            case finished(ImageResponse.Source)
        }

        /// Which layer the event comes from.
        public enum Stage: String, Sendable, Hashable {
            /// A public `ImageTask` (`taskID` is `ImageTask.id`).
            case task
            /// The shared decode-and-process job for a URL and processors.
            case image
            /// The shared download (or disk read) for a URL.
            case data
        }

        /// What happened.
        public var kind: Kind
        /// Which layer it happened in.
        public var stage: Stage
        /// The request URL.
        public var url: String
        /// The task's id (stage `task`) or the shared job's id (stages `image`, `data`).
        public var taskID: Int

        public init(kind: Kind, stage: Stage, url: String, taskID: Int) {
            self.kind = kind
            self.stage = stage
            self.url = url
            self.taskID = taskID
        }

        public var description: String { "\(stage.rawValue)#\(taskID) \(kind) \(url)" }
    }

    /// Running totals of events, for a status bar.
    public struct Counters: Sendable, Hashable, Encodable {
        /// `ImageTask`s created.
        public var tasksStarted = 0
        /// Downloads (attempts included) that asked for a network slot.
        public var queued = 0
        /// Downloads (attempts included) that got a slot.
        public var started = 0
        /// Downloads that resumed from kept bytes.
        public var resumed = 0
        /// Tasks and decode jobs that joined a running job.
        public var coalesced = 0
        /// Tasks served from the memory cache.
        public var memoryHits = 0
        /// Downloads served from the disk cache.
        public var diskHits = 0
        /// Stale disk-cache entries checked with a conditional request.
        public var revalidated = 0
        /// Revalidations answered 304 Not Modified (the entry's bytes used, no body sent).
        public var notModified = 0
        /// Images decoded and processed.
        public var decoded = 0
        /// Progressive previews shown to tasks.
        public var previews = 0
        /// Tasks cancelled.
        public var cancelled = 0
        /// Download attempts retried.
        public var retried = 0
        /// Tasks that failed.
        public var failed = 0
        /// Tasks that succeeded.
        public var finished = 0
        /// Bytes received from loaders.
        public var bytesReceived = 0

        public init() {}

        mutating func record(_ event: Event) {
            switch event.kind {
            case .queued: queued += 1
            case .started: started += 1
            case .progress, .kept, .discarded, .damaged, .cut: break
            case .resumed: resumed += 1
            case .coalesced: coalesced += 1
            case .memoryHit: memoryHits += 1
            case .diskHit: diskHits += 1
            case .revalidated(let wasNotModified):
                revalidated += 1
                if wasNotModified { notModified += 1 }
            case .decoded: decoded += 1
            case .preview: previews += 1
            case .cancelled: if event.stage == .task { cancelled += 1 }
            case .retried: retried += 1
            case .failed: if event.stage == .task { failed += 1 }
            case .finished: if event.stage == .task { finished += 1 }
            }
        }
    }
}
