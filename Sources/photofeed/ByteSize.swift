import FeedViewer

/// A size in bytes as people write it: `100MB`, `1GiB`, `512KiB`, `1.5GB`, `2048` (bytes).
///
/// Decimal units are powers of 1000 (`MB` = 10⁶ bytes), binary ones powers of 1024
/// (`MiB` = 2²⁰); units are case-insensitive and may follow a space. A bare `K`, `M` or `G` is
/// refused (which one was meant?), as are negative, fractional-byte and absurd (over 1 PiB) sizes.
///
/// ```swift
/// try ByteSize.parse("100MB")    // 100_000_000
/// try ByteSize.parse("1GiB")     // 1_073_741_824
/// ByteSize.format(134_217_728)   // "128 MiB"
/// ```
enum ByteSize {
    /// Why a size was refused, in words for a usage error.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static let units: [String: Double] = [
        "b": 1,
        "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
        "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824, "tib": 1_099_511_627_776,
    ]

    /// The largest size accepted: 1 PiB.
    static let maximum = 1 << 50

    /// The byte count of `text`.
    static func parse(_ text: String) throws(Invalid) -> Int {
        let trimmed = text.trimmingSpaces
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = String(trimmed.dropFirst(number.count)).trimmingSpaces.lowercased()
        let example = "a number of bytes or with a unit: 512KiB, 100MB, 1GiB (MB = 1000² bytes, MiB = 1024²)"
        guard !number.isEmpty, number.first != ".", number.last != ".", number.filter({ $0 == "." }).count <= 1,
            let value = Double(number)
        else { throw Invalid(description: "'\(text)' is not a size: give \(example)") }
        guard let scale = unit.isEmpty ? 1 : units[unit] else {
            throw Invalid(description: "'\(text)': unknown unit '\(unit)'; give \(example)")
        }
        let bytes = value * scale
        guard bytes <= Double(maximum) else { throw Invalid(description: "'\(text)' is more than 1 PiB") }
        guard bytes >= 1 else { throw Invalid(description: "'\(text)' is less than one byte") }
        guard bytes == bytes.rounded(.down) || scale > 1 else {
            throw Invalid(description: "'\(text)': a byte count is a whole number")
        }
        return Int(bytes.rounded(.down))
    }

    /// `bytes` in binary units: `128 MiB`, `1.5 GiB`, `512 B` (the viewer's panel shows the same).
    static func format(_ bytes: Int) -> String {
        ByteCountFormat.binary(Int64(bytes))
    }
}
