import FoundationEssentials
import Glibc

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) for `Last-Modified` and `If-Modified-Since`,
/// written and read by hand (`gmtime_r`/`timegm`): no `DateFormatter`, no locale.
///
/// ```swift
/// HTTPDate.date(from: HTTPDate.string(from: start))   // start, to the second
/// ```
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(from date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(weekdays[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }

    /// The date of an IMF-fixdate; nil for anything else (the obsolete forms included: a
    /// conditional request with one is answered in full, which is always correct).
    static func date(from text: String) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count == 6, fields[5] == "GMT", fields[0].count == 4, fields[0].hasSuffix(","),
            weekdays.contains(String(fields[0].dropLast())),
            fields[1].count == 2, let day = Int32(fields[1]),
            let month = months.firstIndex(of: String(fields[2])),
            fields[3].count == 4, let year = Int32(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second), (1...31).contains(day)
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        // timegm carries 31 Feb into March: such a date is not a date.
        guard parts.tm_mday == day, parts.tm_mon == Int32(month) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
