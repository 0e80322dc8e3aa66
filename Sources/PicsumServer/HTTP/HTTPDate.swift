import Foundation

/// IMF-fixdate formatting (`Sun, 06 Nov 1994 08:49:37 GMT`) for `Last-Modified`.
enum HTTPDate {
    static func string(from date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
