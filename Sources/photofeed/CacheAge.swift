/// An age as `prune --older-than` takes it: a whole number and a unit, `90s`, `45m`, `12h`,
/// `30d` or `2w`.
///
/// ```swift
/// try CacheAge.parse("30d")   // 2_592_000 (seconds)
/// ```
enum CacheAge {
    /// Why an age was refused, in words for a usage error.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]

    /// The age in seconds.
    static func parse(_ text: String) throws(Invalid) -> Int {
        let trimmed = text.trimmingSpaces.lowercased()
        let example = "a whole number and a unit: 90s, 45m, 12h, 30d or 2w"
        guard let unit = trimmed.last, let scale = units[unit] else {
            throw Invalid(description: "'\(text)' is not an age: give \(example)")
        }
        let digits = trimmed.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else {
            throw Invalid(description: "'\(text)' is not an age: give \(example)")
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: scale)
        guard !overflow, seconds <= 100 * 365 * 86_400 else { throw Invalid(description: "'\(text)' is more than a hundred years") }
        return seconds
    }
}
