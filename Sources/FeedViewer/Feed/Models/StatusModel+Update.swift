import LoadSemantics
import TerminalText
import Vocabulary

/// The status bar's own messages: the pipeline's counts, the audit's findings and the failures
/// of the files the run writes (`--trace`, `--server-log`).
///
/// ```swift
/// var status = StatusModel(audits: true)
/// var reply = status.update(.pipeline(stats))            // the counts the bar shows
/// reply = status.update(.outputFailed("trace: disk full"))   // kept until the viewer ends
/// ```
extension StatusModel {
    /// What the status bar is told.
    enum Message: Sendable {
        /// The pipeline's counts right after one of its events.
        case pipeline(PipelineStats)
        /// The audit found these violations.
        case violations([Violation])
        /// A file the run writes failed, in words.
        case outputFailed(String)
    }

    /// What the status bar asks of the rest of the model.
    enum Request: Sendable {
        /// The event log keeps a violation's words, flagging the event it is about.
        case logViolation(Violation, text: String)
        /// The event log keeps a failure's words.
        case logFailure(String)
    }

    /// Applies `message`: what the status bar says, what the event log keeps.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .pipeline(let stats):
            receive(stats)
        case .violations(let violations):
            countViolations(violations.count)
            for violation in violations {
                let text = "rule \(violation.rule.rawValue) (\(violation.rule.title)): \(violation.detail)"
                reply.ask(.logViolation(violation, text: text))
                reply.say("audit: " + text)
            }
        case .outputFailed(let reason):
            let text = TextSanitizer.sanitize(reason)
            receiveOutputFailure(text)
            reply.say(text)
            reply.ask(.logFailure(text))
        }
        return reply
    }
}
