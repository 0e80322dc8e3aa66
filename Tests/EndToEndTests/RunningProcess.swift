import Foundation
import Synchronization
import TestSupport

/// A child process left running: its stdout and stderr are collected as they arrive, so a test
/// can wait (with a deadline) for a line, signal it, and wait for it to exit.
final class RunningProcess: Sendable {
    private let process: Process
    private let stdout = OutputBuffer()
    private let stderr = OutputBuffer()
    private let outPipe = Pipe()
    private let errPipe = Pipe()

    /// Starts `executable arguments…` with stdin from /dev/null.
    init(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outPipe
        process.standardError = errPipe
        self.process = process
        let stdout = stdout
        let stderr = stderr
        outPipe.fileHandleForReading.readabilityHandler = { stdout.append($0.availableData) }
        errPipe.fileHandleForReading.readabilityHandler = { stderr.append($0.availableData) }
        try process.run()
    }

    deinit {
        outPipe.fileHandleForReading.readabilityHandler = nil
        errPipe.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }

    var standardOutput: String { stdout.text }
    var standardError: String { stderr.text }
    var processIdentifier: Int32 { process.processIdentifier }

    /// The first complete stdout line, waiting up to `timeout` for it.
    func firstLine(within timeout: Duration) async throws -> String? {
        try await poll(within: timeout, every: .milliseconds(20)) {
            let text = self.standardOutput
            guard let newline = text.firstIndex(of: "\n") else { return nil }
            return String(text[..<newline])
        }
    }

    /// Waits up to `timeout` until stderr contains `fragment`; returns whether it did.
    func waitForStandardError(containing fragment: String, within timeout: Duration) async throws -> Bool {
        try await poll(within: timeout, every: .milliseconds(20)) { self.standardError.contains(fragment) ? true : nil } ?? false
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The exit status once the child has exited, waiting up to `timeout` (nil if it is still running).
    func exitStatus(within timeout: Duration) async throws -> Int32? {
        try await poll(within: timeout, every: .milliseconds(20)) { self.process.isRunning ? nil : self.process.terminationStatus }
    }
}

/// Bytes a pipe has delivered so far.
private final class OutputBuffer: Sendable {
    private let data = Mutex(Data())

    func append(_ chunk: Data) {
        data.withLock { $0.append(chunk) }
    }

    var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
}
