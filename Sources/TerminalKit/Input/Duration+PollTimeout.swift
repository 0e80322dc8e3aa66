extension Duration {
    /// This duration as `poll(2)`'s timeout: whole milliseconds, at least 0, at most `Int32.max`.
    ///
    /// ```swift
    /// poll(&descriptor, 1, Duration.milliseconds(250).pollTimeout)   // 250
    /// ```
    public var pollTimeout: Int32 {
        let components = components
        return Int32(clamping: max(0, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000))
    }
}
