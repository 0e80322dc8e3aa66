#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key of the `taken` order: when the photo was taken, as text that sorts in time order.
///
/// The EXIF date ("YYYY:MM:DD HH:MM:SS") with the fraction of its second after a dot
/// (SubSecTimeOriginal's digits, trailing zeros dropped: "2024:09:14 18:42:05.07"), so the
/// photos of a burst, shot within one second, come in the order shot. When the file says its
/// offset from UTC (OffsetTimeOriginal), the time is moved to this machine's local time first,
/// so photos from cameras set to different zones sort by the moment they were taken; without
/// one, the date is taken as local time, as is the modification time that stands in for a
/// photo with no date.
///
/// ```swift
/// PhotoSort.takenKey(burst[0])   // "2024:09:14 18:42:05.1"
/// PhotoSort.takenKey(burst[1])   // "2024:09:14 18:42:05.35"
/// ```
extension PhotoSort {
    /// The time taken as sortable text, else the modification time in the same form; nil for a
    /// photo with no file facts.
    static func takenKey(_ photo: FeedPhoto) -> String? {
        guard let file = photo.file else { return nil }
        guard let taken = file.taken else { return ExifDateText.text(forSeconds: file.modified) }
        var key = taken
        if let offset = file.takenOffset.flatMap(offsetSeconds), let seconds = utcSeconds(ofExifDate: taken) {
            key = ExifDateText.text(forSeconds: Double(seconds - offset))
        }
        let digits = (file.takenSubseconds ?? "").utf8.drop { $0 == UInt8(ascii: " ") }.prefix { $0 >= 0x30 && $0 <= 0x39 }
        var fraction = String(decoding: digits, as: UTF8.self)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? key : key + "." + fraction
    }

    /// "+02:00" or "-05:30" in seconds east of UTC; nil for anything else.
    static func offsetSeconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
            let hours = number(bytes[1..<3]), let minutes = number(bytes[4..<6]), hours <= 14, minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// "YYYY:MM:DD HH:MM:SS" read as a UTC time, in seconds since 1970; nil when it is not one.
    static func utcSeconds(ofExifDate text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: ":"), bytes[7] == UInt8(ascii: ":"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
            let day = number(bytes[8..<10]), let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
            let second = number(bytes[17..<19]), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }

    /// The decimal number the ASCII digits `bytes` spell; nil when one is not a digit.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
