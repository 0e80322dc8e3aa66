import FeedSources
import TerminalKit

/// The prompts at the bottom line: `/` narrows the list as the filter is typed (Enter keeps
/// it, Esc goes back to the filter before; ↑ ↓ move between matches meanwhile), `O` takes
/// one key for the sort.
extension FeedModel {
    /// A key while a prompt is open.
    mutating func answer(_ prompt: FeedPrompt, with key: Key) -> [FeedEffect] {
        switch prompt {
        case .sort:
            listing.open(nil)
            guard case .character(let character) = key, let choice = FeedPrompt.sortKeys.first(where: { $0.key == character }) else {
                message = "kept the order"
                return []
            }
            return sort(by: choice.sort)
        case .filter(let text, let previous):
            switch key {
            case .character(let character):
                return typeFilter(text + String(character), previous: previous)
            case .backspace:
                guard !text.isEmpty else { return closeFilter(keeping: false, previous: previous) }
                return typeFilter(String(text.dropLast()), previous: previous)
            case .control("u"):
                return typeFilter("", previous: previous)
            case .control("w"):
                var words = text.split(separator: " ", omittingEmptySubsequences: false)
                while words.last?.isEmpty == true { words.removeLast() }
                if !words.isEmpty { words.removeLast() }
                return typeFilter(words.joined(separator: " ") + (words.isEmpty ? "" : " "), previous: previous)
            case .enter:
                return closeFilter(keeping: true, previous: previous)
            case .escape, .control("c"), .control("g"):
                return closeFilter(keeping: false, previous: previous)
            case .down, .control("n"), .tab:
                return nextMatch(1)
            case .up, .control("p"):
                return nextMatch(-1)
            default:
                return []
            }
        }
    }

    /// The filter text changed: the list follows.
    private mutating func typeFilter(_ text: String, previous: PhotoFilter) -> [FeedEffect] {
        listing.open(.filter(text: text, previous: previous))
        return filter(text)
    }

    /// How the note about a kept filter ends: Esc in the list clears that note with the filter.
    static let filterNoteEnding = "Esc shows all)"

    /// Enter keeps the filter typed (blank: none); Esc puts back the one before.
    private mutating func closeFilter(keeping: Bool, previous: PhotoFilter) -> [FeedEffect] {
        listing.open(nil)
        guard keeping else { return filter(previous.text) }
        if order.filter.isEmpty { return [] }
        note(keys.isEmpty ? "no photo matches /\(order.filter.text) (\(Self.filterNoteEnding)"
            : "\(keys.count) match\(keys.count == 1 ? "" : "es") /\(order.filter.text) (n N next, \(Self.filterNoteEnding)")
        return []
    }
}
