import Foundation
import LoadSemantics

/// The semantics audit of a tmux test, read from the trace the viewer wrote (`--trace`): the
/// viewer audits every run it traces and writes each violation into the trace.
enum TraceAudit {
    /// The trace path beside a test's server log.
    static func path(nextTo log: String) -> String {
        URL(fileURLWithPath: log).deletingLastPathComponent().appendingPathComponent("trace.json").path
    }

    /// What is wrong with the trace beside `log`: format problems, then each violation the
    /// audit wrote; empty for a clean run. A trace cut short (the viewer still running) is read
    /// up to its last flush.
    static func problems(nextTo log: String) -> [String] {
        let url = URL(fileURLWithPath: path(nextTo: log))
        guard let check = try? ChromeTraceCheck(contentsOf: url) else { return ["no trace at \(url.path)"] }
        var problems = check.problems
        if check.events.isEmpty { problems.append("the trace holds no events") }
        for event in check.events where event.category == "audit" {
            problems.append("\(event.name): \(event.arguments["detail"] ?? "") \(event.arguments["url"] ?? "")")
        }
        if let end = check.events(named: "end").first, end.arguments["violations"] != "0" {
            problems.append("the run ended with \(end.arguments["violations"] ?? "?") violations")
        }
        return problems
    }

    /// The trace beside `log`, read back.
    static func check(nextTo log: String) throws -> ChromeTraceCheck {
        try ChromeTraceCheck(contentsOf: URL(fileURLWithPath: path(nextTo: log)))
    }
}
