public import Vocabulary

/// The rules of lazy loading the ``SemanticsAudit`` checks: what photofeed promises about
/// appear, disappear, coalescing, resume, caches, endings and retries.
public enum SemanticsRule: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No download starts for a photo that has not appeared or been prefetched.
    case loadsOnlyWhenWanted = 1
    /// A photo whose item left the screen and the prefetch window has its load cancelled
    /// (policy `cancel`) or its priority lowered (policy `lowerPriority`) within one frame.
    case disappearWithinOneFrame = 2
    /// Never two downloads of one URL at once: N subscribers share one download.
    case oneDownloadPerURL = 3
    /// A resumed download never fetches again bytes it holds: its range starts at the kept
    /// length, and kept + received = the size.
    case resumeFetchesOnlyTheRest = 4
    /// A memory-cache hit draws in the frame of its appearance: no placeholder frame first.
    case memoryHitDrawsAtOnce = 5
    /// A visible item ends in a picture or a failure with a reason; none stays loading after
    /// its download ended.
    case visibleItemsSettle = 6
    /// Retries are bounded and never follow a 4xx (but 408 and 429, which ask for one).
    case retriesBounded = 7
    /// No animation frame is decoded for an item that is not on screen (not even one in the
    /// prefetch window): animations play only while visible.
    case framesOnlyWhileVisible = 8
    /// No picture's pixels are written to the terminal for an item that is not on screen: a
    /// picture whose row left before its bytes went is never written, and one cut short stops.
    case pixelsOnlyWhileVisible = 9

    /// The rule in a few words.
    public var title: String {
        switch self {
        case .loadsOnlyWhenWanted: "loads only when wanted"
        case .disappearWithinOneFrame: "disappear acts within one frame"
        case .oneDownloadPerURL: "one download per URL"
        case .resumeFetchesOnlyTheRest: "resume fetches only the rest"
        case .memoryHitDrawsAtOnce: "memory hit draws at once"
        case .visibleItemsSettle: "visible items settle"
        case .retriesBounded: "retries bounded, none after 4xx"
        case .framesOnlyWhileVisible: "frames only while visible"
        case .pixelsOnlyWhileVisible: "pixels only while visible"
        }
    }

    public var description: String { "rule \(rawValue) (\(title))" }
}

/// One broken rule: which, when, about what, and what happened.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public var rule: SemanticsRule
    /// When the audit saw it (the time of the record that showed it).
    public var time: Duration
    /// The slot concerned, when there is one.
    public var slot: LoadSlot?
    /// The URL concerned, when there is one.
    public var url: String?
    /// What happened, in a sentence.
    public var detail: String

    /// A violation.
    public init(rule: SemanticsRule, time: Duration, slot: LoadSlot? = nil, url: String? = nil, detail: String) {
        self.rule = rule
        self.time = time
        self.slot = slot
        self.url = url
        self.detail = detail
    }

    public var description: String {
        let millis = time.wholeMilliseconds
        let subject = slot.map { " \($0)" } ?? url.map { " \($0)" } ?? ""
        return "\(millis) ms \(rule)\(subject): \(detail)"
    }
}
