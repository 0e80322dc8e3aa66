extension PicsumServer {
    /// Runs the server task and stops it once.
    actor Lifecycle {
        private enum State {
            case running(Task<Void, Never>)
            case stopping(Task<Void, Never>)
            case stopped
        }

        private var state: State
        private let shutdown: ShutdownSignal
        private let inFlight: InFlightRequests
        private let log: RequestLog
        /// The background decode of the first ids' sources (cancelled by `stop()`).
        private let warming: Task<Void, Never>?

        /// How long `stop()` lets in-flight responses finish before closing their connections.
        static let drainTimeout = Duration.seconds(5)

        init(
            runTask: Task<Void, Never>, shutdown: ShutdownSignal, inFlight: InFlightRequests, log: RequestLog,
            warming: Task<Void, Never>? = nil
        ) {
            state = .running(runTask)
            self.shutdown = shutdown
            self.inFlight = inFlight
            self.log = log
            self.warming = warming
        }

        func warmedUp() async {
            await warming?.value
        }

        func stop() async {
            switch state {
            case .stopped:
                return
            case .stopping(let stopTask):
                await stopTask.value
            case .running(let runTask):
                let shutdown = shutdown
                let inFlight = inFlight
                let log = log
                warming?.cancel()
                let stopTask = Task {
                    // Cut stalls and slow bodies, let quick responses finish, then close everything.
                    shutdown.trigger()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { await inFlight.waitUntilIdle() }
                        group.addTask { try? await Task.sleep(for: Self.drainTimeout) }
                        await group.next()
                        group.cancelAll()
                    }
                    runTask.cancel()
                    await runTask.value
                    log.finish()
                }
                state = .stopping(stopTask)
                await stopTask.value
                state = .stopped
            }
        }
    }
}
