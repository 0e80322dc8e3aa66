import Dispatch

/// One write of `show`'s output at a time, and a signal's clean-up only between two: a picture
/// is written whole (each call of ``GatedOutput/write(_:)`` holds the gate), so an interruption
/// never lands inside an escape sequence `show` began, and never cuts a placed picture before
/// its cursor is put back (``ShowInterruption`` waits for the gate, for ``longestWait`` at most:
/// a terminal that stopped reading must not keep a killed previewer alive).
///
/// ```swift
/// let gate = OutputGate()
/// let output = GatedOutput(StandardOutput(), gate: gate)
/// ```
final class OutputGate: Sendable {
    /// The longest a signal waits for the write under way.
    static let longestWait = DispatchTimeInterval.seconds(2)

    private let semaphore = DispatchSemaphore(value: 1)

    /// Runs `body` holding the gate.
    func writing<Result>(_ body: () -> Result) -> Result {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }

    /// Takes the gate for good (the process is ending), waiting for the write under way for
    /// ``longestWait`` at most; false when that write is still going on.
    func close() -> Bool {
        semaphore.wait(timeout: .now() + Self.longestWait) == .success
    }
}

/// An output whose every write holds an ``OutputGate``.
struct GatedOutput: ShowOutput {
    var base: any ShowOutput
    var gate: OutputGate

    func write(_ bytes: [UInt8]) -> Bool {
        gate.writing { base.write(bytes) }
    }
}
