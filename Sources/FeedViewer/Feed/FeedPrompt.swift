import FeedSources

/// A question at the bottom line that reads the next keys itself: the filter being typed
/// (`/`), or the sort to pick (`O`).
public enum FeedPrompt: Hashable, Sendable {
    /// `/`: the text typed so far (the list follows it as it is typed), and the filter before
    /// the prompt opened (Esc goes back to it).
    case filter(text: String, previous: PhotoFilter)
    /// `O`: the next key picks the sort.
    case sort

    /// The keys `O` takes, and the sort each picks (nil: the feed's order).
    static let sortKeys: [(key: Character, sort: PhotoSort?)] = [
        ("n", .name), ("m", .modified), ("t", .taken), ("s", .size), ("r", .random), ("f", nil),
    ]

    /// What `O` asks.
    static let sortQuestion = "sort by: n name · m modified · t taken · s size · r random · f feed order"
}
