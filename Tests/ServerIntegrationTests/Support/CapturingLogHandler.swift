import Logging
import Synchronization

/// A swift-log handler that keeps every message, so tests can assert on log lines.
struct CapturingLogHandler: LogHandler {
    final class Box: Sendable {
        let messages = Mutex<[String]>([])
        var all: [String] { messages.withLock { $0 } }
    }

    let box: Box
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        box.messages.withLock { $0.append("\(event.level): \(event.message)") }
    }
}
