extension Duration {
    /// Whole milliseconds, rounded toward zero (for trace arguments and violation texts).
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
