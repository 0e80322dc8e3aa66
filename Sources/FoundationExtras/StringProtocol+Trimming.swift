/// Foundation's `trimmingCharacters(in: .whitespaces)` and `(in: .whitespacesAndNewlines)`,
/// which FoundationEssentials lacks, over the standard library's `Character` properties.
///
/// ```swift
/// " \tmax-age=60 \n".trimmingWhitespace(includingNewlines: true)   // "max-age=60"
/// ```
extension StringProtocol {
    /// Without leading and trailing white space: spaces and tabs, and line breaks too when
    /// `includingNewlines`.
    public func trimmingWhitespace(includingNewlines: Bool = false) -> String {
        trimming { $0.isWhitespace && (includingNewlines || !$0.isNewline) }
    }

    /// Without the leading and trailing characters that match `isTrimmed`.
    public func trimming(while isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
