import FeedSources
import TerminalKit

/// The prompts at the bottom line: `/` narrows the list as the filter is typed (Enter keeps
/// it, Esc goes back to the filter before; ↑ ↓ move between matches meanwhile), `O` takes
/// one key for the sort.
extension ListModel {
    /// A key while the prompt is open (none open: nothing).
    mutating func answer(_ key: Key, items: FeedItems, pageState: PageLoadState, reply: inout ModelReply<Request>) {
        switch prompt {
        case nil:
            return
        case .sort?:
            open(nil)
            guard case .character(let character) = key, let choice = FeedPrompt.sortKeys.first(where: { $0.key == character }) else {
                reply.say("kept the order")
                return
            }
            reply = update(.sort(choice.sort, items: items, pageState: pageState))
        case .filter(let text, let previous)?:
            switch key {
            case .character(let character):
                typeFilter(text + String(character), previous: previous, items: items, reply: &reply)
            case .backspace:
                guard !text.isEmpty else { return closeFilter(keeping: false, previous: previous, items: items, reply: &reply) }
                typeFilter(String(text.dropLast()), previous: previous, items: items, reply: &reply)
            case .control("u"):
                typeFilter("", previous: previous, items: items, reply: &reply)
            case .control("w"):
                var words = text.split(separator: " ", omittingEmptySubsequences: false)
                while words.last?.isEmpty == true { words.removeLast() }
                if !words.isEmpty { words.removeLast() }
                typeFilter(words.joined(separator: " ") + (words.isEmpty ? "" : " "), previous: previous, items: items, reply: &reply)
            case .enter:
                closeFilter(keeping: true, previous: previous, items: items, reply: &reply)
            case .escape, .control("c"), .control("g"):
                closeFilter(keeping: false, previous: previous, items: items, reply: &reply)
            case .down, .control("n"), .tab:
                reply = update(.nextMatch(1))
            case .up, .control("p"):
                reply = update(.nextMatch(-1))
            default:
                return
            }
        }
    }

    /// The filter text changed: the list follows.
    private mutating func typeFilter(
        _ text: String, previous: PhotoFilter, items: FeedItems, reply: inout ModelReply<Request>
    ) {
        open(.filter(text: text, previous: previous))
        reply = update(.filter(text, items: items))
    }

    /// Enter keeps the filter typed (blank: none); Esc puts back the one before.
    private mutating func closeFilter(
        keeping: Bool, previous: PhotoFilter, items: FeedItems, reply: inout ModelReply<Request>
    ) {
        open(nil)
        guard keeping else {
            reply = update(.filter(previous.text, items: items))
            return
        }
        if order.filter.isEmpty { return }
        reply.note(keys.isEmpty ? "no photo matches /\(order.filter.text) (\(Self.filterNoteEnding)"
            : "\(keys.count) match\(keys.count == 1 ? "" : "es") /\(order.filter.text) (n N next, \(Self.filterNoteEnding)")
    }
}
