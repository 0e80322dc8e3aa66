import FoundationEssentials

/// Parses the three HTTP date forms of RFC 9110 §5.6.7, without a formatter or a calendar.
///
/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, what servers send), and the obsolete RFC 850
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms that a
/// recipient must still accept. Anything else is nil.
///
/// ```swift
/// HTTPDateParser.date(from: "Sun, 06 Nov 1994 08:49:37 GMT")   // 784111777 s after 1970
/// ```
enum HTTPDateParser {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func date(from text: String) -> Date? {
        let tokens = text.replacing(",", with: " ").split(separator: " ").map(String.init)
        switch tokens.count {
        case 6 where tokens[5] == "GMT":
            // IMF-fixdate: day-name, DD Mon YYYY HH:MM:SS GMT
            return make(day: tokens[1], month: tokens[2], year: tokens[3], time: tokens[4], twoDigitYear: false)
        case 4 where tokens[3] == "GMT":
            // RFC 850: day-name, DD-Mon-YY HH:MM:SS GMT
            let parts = tokens[1].split(separator: "-").map(String.init)
            guard parts.count == 3 else { return nil }
            return make(day: parts[0], month: parts[1], year: parts[2], time: tokens[2], twoDigitYear: true)
        case 5:
            // asctime: day-name Mon D HH:MM:SS YYYY
            return make(day: tokens[2], month: tokens[1], year: tokens[4], time: tokens[3], twoDigitYear: false)
        default:
            return nil
        }
    }

    private static func make(day: String, month: String, year: String, time: String, twoDigitYear: Bool) -> Date? {
        guard let monthIndex = months.firstIndex(of: month.lowercased()),
            day.count <= 2, let dayNumber = Int(day), (1...31).contains(dayNumber),
            year.count == (twoDigitYear ? 2 : 4), var yearNumber = Int(year)
        else { return nil }
        if twoDigitYear { yearNumber += yearNumber < 70 ? 2000 : 1900 }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSince1970(year: yearNumber, month: monthIndex + 1, day: dayNumber)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
