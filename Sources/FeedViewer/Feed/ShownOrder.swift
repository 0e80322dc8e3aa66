import Vocabulary

/// The photos the list shows, in its order, with each one's position: one value that changes
/// only as a whole, so the index can never disagree with the order.
///
/// ```swift
/// var shown = ShownOrder()
/// shown.replace(with: [a, b, c])
/// shown.positions[b]  // 1
/// ```
struct ShownOrder: Sendable {
    /// The photos in list order (a list position → the photo's key).
    private(set) var keys: [PhotoKey] = []
    /// Each listed photo's position (an index over ``keys``).
    private(set) var positions: [PhotoKey: Int] = [:]

    /// Shows `newKeys` instead: the index is rewritten from the first position that differs
    /// (appending a page touches only the new photos).
    mutating func replace(with newKeys: [PhotoKey]) {
        let common = zip(keys, newKeys).prefix { $0 == $1 }.count
        for key in keys[common...] where positions[key].map({ $0 >= common }) ?? false { positions[key] = nil }
        for (offset, key) in newKeys[common...].enumerated() { positions[key] = common + offset }
        keys = newKeys
    }
}
