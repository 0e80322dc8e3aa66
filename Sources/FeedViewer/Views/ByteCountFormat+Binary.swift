extension ByteCountFormat {
    private static let binaryUnits = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]

    /// `bytes` in binary units (1 KiB = 1024 bytes), as cache sizes are given: "512 B",
    /// "3.1 MiB", "128 MiB", "1.5 GiB" (one decimal below 10 units unless whole, whole numbers
    /// from there).
    ///
    /// ```swift
    /// ByteCountFormat.binary(134_217_728)   // "128 MiB"
    /// ByteCountFormat.binary(3_250_000)     // "3.1 MiB"
    /// ```
    public static func binary(_ bytes: Int64) -> String {
        var exponent = 0
        var value = Double(max(0, bytes))
        while value >= 1024, exponent < binaryUnits.count - 1 {
            value /= 1024
            exponent += 1
        }
        if exponent == 0 { return "\(Int(value)) B" }
        let tenths = (value * 10).rounded()
        if tenths < 100, Int(tenths) % 10 != 0 { return "\(Int(tenths) / 10).\(Int(tenths) % 10) \(binaryUnits[exponent])" }
        return "\(Int(value.rounded())) \(binaryUnits[exponent])"
    }

    /// A cache's use against its limit, in the limit's own units: binary when the limit is a
    /// whole number of KiB (`--memory-cache 128MiB`, the defaults), decimal otherwise
    /// (`--memory-cache 20MB`), so the limit reads as it was given.
    ///
    /// ```swift
    /// ByteCountFormat.use(3_250_000, of: 128 << 20)    // "3.1 MiB of 128 MiB"
    /// ByteCountFormat.use(3_250_000, of: 20_000_000)   // "3.3 MB of 20 MB"
    /// ```
    public static func use(_ bytes: Int64, of limit: Int64?) -> String {
        guard let limit else { return binary(bytes) }
        if limit >= 1024, limit.isMultiple(of: 1024) { return binary(bytes) + " of " + binary(limit) }
        return string(bytes) + " of " + string(limit)
    }
}
