/// Calls `check` every `interval` until it gives a value or `timeout` passes (a real-time test's
/// deadline: it bounds a wait for what a child process or a terminal shows, never synchronises),
/// then once more.
public func poll<T>(
    within timeout: Duration, every interval: Duration = .milliseconds(50), _ check: () throws -> T?
) async throws -> T? {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if let value = try check() { return value }
        try await Task.sleep(for: interval)
    }
    return try check()
}
