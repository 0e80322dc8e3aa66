import FoundationExtras
import LoadSemantics
import Synchronization

/// `--server-log FILE`: the embedded server's requests, one line each, appended as they end.
///
/// The file is an ``OutputFile`` (a FIFO, socket, device or directory is refused at start, in
/// words, and never waited on). The first failed write ends the log: its reason is kept for
/// the exit report and sent on ``failures`` (the viewer's status bar shows it); the run goes on.
///
/// ```swift
/// let log = try ServerLogFile(file: OutputFile(path: "requests.log"))
/// log.start(server.requests)
/// await server.stop(); await log.finish()   // every line written, or log.failure says why not
/// ```
final class ServerLogFile: Sendable {
    /// Each failure, once, as it happens (finished when the log ends).
    let failures: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let file: any OutputWriting
    private let state = Mutex<(failure: String?, writer: Task<Void, Never>?)>((nil, nil))

    /// A log written to `file`.
    init(file: any OutputWriting) {
        self.file = file
        (failures, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(4))
    }

    /// Why the log stopped early, when it did.
    var failure: String? { state.withLock { $0.failure } }

    /// Writes each entry's `description` as a line as it arrives, until the entries end, the
    /// log is cancelled, or a write fails.
    func start<Entry: CustomStringConvertible & Sendable>(_ entries: AsyncStream<Entry>) {
        let writer = Task { [file, continuation] in
            do throws(OutputFileError) {
                for await entry in entries {
                    try file.write(Array((entry.description + "\n").utf8))
                }
            } catch {
                let reason = "server log \(ErrorText.describe(error)); it stops there"
                self.state.withLock { $0.failure = reason }
                continuation.yield(reason)
            }
            file.close()
            continuation.finish()
        }
        state.withLock { $0.writer = writer }
    }

    /// Waits until every line has been written (the lines ended) or the log failed.
    func finish() async {
        let writer = state.withLock { $0.writer }
        await writer?.value
    }

    /// Stops writing now.
    func cancel() {
        state.withLock { $0.writer }?.cancel()
    }
}
