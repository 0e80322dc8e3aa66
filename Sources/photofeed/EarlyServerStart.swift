import Synchronization

/// The embedded server started at the top of `main`, beside argument parsing.
///
/// The first page waits for the server to listen, and ArgumentParser takes a visible part of a
/// start to read the viewer's flags (`feedbench --scenario embedded-start` times starts); started
/// from ``EmbeddedServerFlags/scan(_:)``'s reading of the raw
/// arguments, the server binds on another thread meanwhile. ``FeedSetup`` takes it when the
/// parsed flags are the ones it was started with, and stops it otherwise (then starts the
/// right one): the server is always the one the flags ask for.
///
/// ```swift
/// if let flags = EmbeddedServerFlags.scan(arguments) { EarlyServerStart.shared.begin(flags) }
/// // … later, with the parsed flags:
/// let start = EarlyServerStart.shared.take(options.embeddedServerFlags)   // nil: start one now
/// ```
final class EarlyServerStart: Sendable {
    /// The process's one early start (``PhotofeedMain`` begins it).
    static let shared = EarlyServerStart()

    private let begun = Mutex<(flags: EmbeddedServerFlags, start: EmbeddedServerStart)?>(nil)

    /// Starts the server `flags` make (the first call only; none when `--network` names no preset).
    func begin(_ flags: EmbeddedServerFlags) {
        guard let knobs = flags.knobs else { return }
        begun.withLock { begun in
            guard begun == nil else { return }
            begun = (flags, EmbeddedServerStart { flags.claimedConfiguration(knobs: knobs) })
        }
    }

    /// The server begun for `flags`, handed over once; nil when none was begun, or one was for
    /// other flags (that one is stopped).
    func take(_ flags: EmbeddedServerFlags) -> EmbeddedServerStart? {
        guard let taken = begun.withLock({ begun in defer { begun = nil }; return begun }) else { return nil }
        guard taken.flags == flags else {
            Task { await taken.start.stop() }
            return nil
        }
        return taken.start
    }
}
