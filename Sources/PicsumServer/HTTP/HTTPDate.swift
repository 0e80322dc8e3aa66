import Foundation

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) for `Last-Modified` and `If-Modified-Since`.
///
/// ```swift
/// HTTPDate.date(from: HTTPDate.string(from: start))   // start, to the second
/// ```
enum HTTPDate {
    static func string(from date: Date) -> String {
        formatter().string(from: date)
    }

    /// The date of an IMF-fixdate; nil for anything else (the obsolete forms included: a
    /// conditional request with one is answered in full, which is always correct).
    static func date(from text: String) -> Date? {
        formatter().date(from: text.trimmingCharacters(in: .whitespaces))
    }

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
