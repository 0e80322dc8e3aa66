import LoadSemantics
import TerminalText

/// The semantics audit (`--audit`): its count in the status bar, its findings in the event log;
/// and the failures of the files the run writes (`--trace`, `--server-log`).
extension FeedModel {
    /// Violations the audit found: counted, logged in red, and the event each is about flagged.
    mutating func receive(_ violations: [Violation]) {
        status.countViolations(violations.count)
        for violation in violations {
            var row: Int?
            if case .item(let key)? = violation.slot, let position = positions[key] {
                row = position
            } else if let url = violation.url, let key = photo(loading: url) {
                row = positions[key]
            }
            if let row { _ = update(panels: .flagNewest(row: row)) }
            let text = "rule \(violation.rule.rawValue) (\(violation.rule.title)): \(violation.detail)"
            _ = update(panels: .log(row: row, .violation(text)))
            message = "audit: " + text
        }
    }

    /// A file the run writes failed: the status bar says so (the latest failure) and the
    /// event log keeps each one.
    mutating func receiveOutputFailure(_ reason: String) {
        let text = TextSanitizer.sanitize(reason)
        status.receiveOutputFailure(text)
        message = text
        _ = update(panels: .log(row: nil, .failed(text)))
    }
}
