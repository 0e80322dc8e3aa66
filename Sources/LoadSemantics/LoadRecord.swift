public import ImageLoading
public import Vocabulary

/// One thing that happened to a load, stamped with when: what a viewer did (an item appeared,
/// a load was asked for, cancelled, re-prioritised; a frame was drawn) and what the pipeline
/// did (its ``ImagePipeline/Event``s), in the order they happened.
///
/// The one vocabulary the ``SemanticsAudit`` checks and the ``LoadTraceBuilder`` turns into a
/// trace: a viewer records the effects it runs and the frames it draws, and forwards the
/// pipeline's events and its loaders' phases.
///
/// ```swift
/// audit.consume(LoadRecord(time: .milliseconds(12), .visibility(.item("7"), .visible)))
/// audit.consume(LoadRecord(time: .milliseconds(12), .load(.item("7"), id: 1, urls: [url], priority: .high)))
/// ```
public struct LoadRecord: Sendable {
    /// Since the run started.
    public var time: Duration
    /// What happened.
    public var event: Event

    /// A record of `event` at `time`.
    public init(time: Duration, _ event: Event) {
        self.time = time
        self.event = event
    }

    /// What happened.
    public enum Event: Sendable {
        /// An item's place relative to the screen changed (an item starts `gone`).
        case visibility(LoadSlot, Visibility)
        /// The viewer asked for a load: `id` names it (its phases carry it); `urls` are the URLs
        /// it may download (the request's, and its low-data variant's); `label` names the
        /// photo for people.
        case load(LoadSlot, id: Int, urls: [String], priority: ImageRequest.Priority, label: String = "")
        /// The viewer cancelled a slot's load.
        case cancel(LoadSlot)
        /// The viewer changed a slot's load's priority.
        case priority(LoadSlot, ImageRequest.Priority)
        /// The viewer let a slot's loader go (its picture stays in the memory cache).
        case release(LoadSlot)
        /// A slot's load `id` changed phase.
        case phase(LoadSlot, id: Int, Phase)
        /// Something happened in the pipeline.
        case pipeline(ImagePipeline.Event)
        /// A frame was drawn; `placeholders` are the visible items it shows still loading.
        case frame(placeholders: Set<LoadSlot>)
        /// The viewer asked a slot's animation player to decode the frame at `index`.
        case animationFrame(LoadSlot, index: Int)
        /// The screen wrote `bytes` of a slot's picture's pixels to the terminal.
        case pictureWritten(LoadSlot, bytes: Int)
    }

    /// Where an item is: on screen, in the prefetch window, or neither.
    public enum Visibility: String, Sendable, Hashable {
        case visible
        case prefetch
        case gone
    }

    /// A load's phase, as far as the rules care.
    public enum Phase: Sendable, Hashable {
        /// Bytes so far (and the total, when known).
        case loading(completed: Int, total: Int?)
        /// Done; where the image came from, and what is missing from a damaged picture
        /// (`60 % decoded (the JPEG data ends before the image is complete)`; nil: whole).
        case success(ImageResponse.Source, damage: String? = nil)
        /// Failed, with the reason shown to the user.
        case failure(reason: String)

        /// The record of a loader's phase (nil for `idle`, which says nothing).
        public init?(_ phase: ImagePhase) {
            switch phase {
            case .idle: return nil
            case .loading(let progress): self = .loading(completed: progress.completed, total: progress.total)
            // A progressive preview is still loading, as far as the rules care.
            case .preview(let preview):
                self = .loading(completed: preview.progress.completed, total: preview.progress.total)
            case .success(let response): self = .success(response.source, damage: response.damage.map { "\($0)" })
            case .failure(let error): self = .failure(reason: error.description)
            }
        }

        /// Success or failure.
        public var isTerminal: Bool {
            if case .loading = self { false } else { true }
        }
    }
}
