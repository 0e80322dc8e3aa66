/// Formats byte counts and durations the way the state line and status bar show them.
///
/// Decimal units (1 KB = 1000 bytes), like network tools.
///
/// ```swift
/// ByteCountFormat.string(180_000)              // "180 KB"
/// ByteCountFormat.progress(120_000, of: 280_000) // "120/280 KB"
/// ByteCountFormat.duration(.milliseconds(240))   // "240 ms"
/// ```
public enum ByteCountFormat {
    private static let units = ["B", "KB", "MB", "GB", "TB"]

    /// `bytes` with a unit: "512 B", "180 KB", "3.4 MB".
    public static func string(_ bytes: Int64) -> String {
        let exponent = unitExponent(for: bytes)
        return number(bytes, exponent: exponent) + " " + units[exponent]
    }

    /// Two counts in the unit of the larger: "120/280 KB" (the first rounded down, so it never looks done early).
    public static func progress(_ completed: Int64, of total: Int64) -> String {
        let exponent = unitExponent(for: max(completed, total))
        let done =
            completed < total
            ? number(completed, exponent: exponent, roundingDown: true) : number(total, exponent: exponent)
        return done + "/" + number(total, exponent: exponent) + " " + units[exponent]
    }

    /// A duration: "240 ms" below a second, "1.2 s" from there.
    public static func duration(_ duration: Duration) -> String {
        let components = duration.components
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(max(0, milliseconds)) ms" }
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    private static func unitExponent(for bytes: Int64) -> Int {
        var exponent = 0
        var value = max(0, bytes)
        while value >= 1000, exponent < units.count - 1 {
            value /= 1000
            exponent += 1
        }
        return exponent
    }

    /// Whole units up to KB; one decimal for MB and larger when below 10.
    private static func number(_ bytes: Int64, exponent: Int, roundingDown: Bool = false) -> String {
        let value = max(0, bytes)
        guard exponent > 0 else { return "\(value)" }
        var divisor: Int64 = 1
        for _ in 0..<exponent { divisor *= 1000 }
        let half = roundingDown ? 0 : divisor / 2
        if exponent >= 2, value < 10 * divisor {
            let tenths = (value * 10 + half) / divisor
            return "\(tenths / 10).\(tenths % 10)"
        }
        return "\((value + half) / divisor)"
    }
}
