public import FeedSources

/// What `/` narrows the list to: photos whose name, author or id hold every word typed, like
/// fzf's terms; lower-case words match any case, a word with a capital matches its case
/// (vim's smartcase).
///
/// ```swift
/// let filter = PhotoFilter("beach 2024")
/// filter.matches(photo)   // true for "2024/beach-01.jpg"
/// ```
public struct PhotoFilter: Hashable, Sendable {
    /// The text as typed.
    public let text: String
    /// The words, each with whether it matches case.
    private let terms: [(word: String, exact: Bool)]

    /// A filter for `text` (blank: every photo).
    public init(_ text: String) {
        self.text = text
        self.terms = text.split(whereSeparator: \.isWhitespace).map { word in
            let word = String(word)
            let exact = word.contains { $0.isUppercase }
            return (exact ? word : word.lowercased(), exact)
        }
    }

    /// Whether the filter lets every photo through.
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether `photo` matches every word.
    public func matches(_ photo: FeedPhoto) -> Bool {
        guard !terms.isEmpty else { return true }
        let text = photo.sortName + "\n" + photo.author + "\n" + photo.id
        var lowered: String?
        for term in terms {
            if term.exact {
                guard text.contains(term.word) else { return false }
            } else {
                if lowered == nil { lowered = text.lowercased() }
                guard lowered!.contains(term.word) else { return false }
            }
        }
        return true
    }

    public static func == (a: PhotoFilter, b: PhotoFilter) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
