/// Foundation's `padding(toLength:withPad: " ", startingAt: 0)`, which FoundationEssentials lacks.
///
/// ```swift
/// "terminal".padded(toLength: 12) + "kitty"   // "terminal    kitty"
/// ```
extension StringProtocol {
    /// Exactly `length` characters: cut, or filled with spaces at the end.
    public func padded(toLength length: Int) -> String {
        let kept = String(prefix(Swift.max(length, 0)))
        return kept + String(repeating: " ", count: Swift.max(0, length - kept.count))
    }
}
