import ImageLoading
import LoadSemantics
import Testing
import Vocabulary

@testable import FeedViewer

/// The status bar's own state on its own: the pipeline's counts, the audit's count and words,
/// the run's failed files, and how long a message shows, driven through
/// ``StatusModel/update(_:)`` with no feed model around it.
@Suite("Status model")
struct StatusModelTests {
    @Test func thePipelinesCountsAreTheLastReported() {
        // Given a status bar
        var status = StatusModel()

        // When the pipeline reports twice
        _ = status.update(.pipeline(PipelineStats(running: 3, waiting: 1)))
        let reply = status.update(.pipeline(PipelineStats(running: 1, waiting: 0)))

        // Then the bar counts the last, and says nothing
        #expect(status.pipeline == PipelineStats(running: 1, waiting: 0))
        #expect(reply.sayings.isEmpty && reply.requests.isEmpty)
    }

    @Test func theAuditCountsItsViolationsAndNamesEach() {
        // Given an audited run
        var status = StatusModel(audits: true)
        #expect(status.violations == 0)
        let key = PhotoKey(id: "7")
        let violations = [
            Violation(rule: .loadsOnlyWhenWanted, time: .zero, slot: .item(key), detail: "first"),
            Violation(rule: .oneDownloadPerURL, time: .zero, url: "https://example.com/7", detail: "second"),
        ]

        // When the audit finds two violations
        let reply = status.update(.violations(violations))

        // Then both are counted, the last is the message, and the event log is asked to keep each
        #expect(status.violations == 2)
        #expect(reply.sayings.count == 2)
        guard case .message(let last?)? = reply.sayings.last else {
            Issue.record("expected the audit's message, got \(reply.sayings)")
            return
        }
        #expect(last.hasPrefix("audit: rule 3 ") && last.hasSuffix(": second"))
        #expect(reply.requests.count == 2)
        guard case .logViolation(let first, let text)? = reply.requests.first else {
            Issue.record("expected the first violation logged")
            return
        }
        #expect(first.detail == "first" && text.hasSuffix(": first"))
    }

    @Test func aFailedFileIsKeptInCleanWords() throws {
        // Given a status bar with no failure
        var status = StatusModel()
        #expect(status.outputFailure == nil)

        // When the trace fails with a control character in its words
        let reply = status.update(.outputFailed("trace: disk\u{1B}[2J full"))

        // Then the failure is kept without it, said, and logged
        let kept = try #require(status.outputFailure)
        #expect(!kept.contains("\u{1B}"))
        #expect(reply.sayings == [.message(kept)])
        guard case .logFailure(let logged)? = reply.requests.first else {
            Issue.record("expected the failure logged")
            return
        }
        #expect(logged == kept)
    }

    @Test func aMessageShowsForItsDurationUnlessSomethingHoldsIt() {
        // Given a message shown at 10 s
        var status = StatusModel()
        status.show("hello", at: .seconds(10))

        // Then it shows before the duration is up, not after, unless a question holds it
        #expect(status.shownMessage(at: .seconds(13), holds: false, duration: .seconds(4)) == "hello")
        #expect(status.shownMessage(at: .seconds(14), holds: false, duration: .seconds(4)) == nil)
        #expect(status.shownMessage(at: .seconds(60), holds: true, duration: .seconds(4)) == "hello")
        #expect(status.announcement == "hello")
    }
}
