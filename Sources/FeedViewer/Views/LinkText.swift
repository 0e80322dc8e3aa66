import TerminalScreen

/// The link to the terminal in words: the status bar's `tty 98 KB/s, rtt 240 ms` and the line
/// `?` shows with the window.
///
/// ```swift
/// LinkText.status(reading)   // "98 KB/s, rtt 240 ms"
/// LinkText.report(reading)   // "98 KB/s, rtt 240 ms, window 7 KB, 3 KB in flight"
/// ```
enum LinkText {
    /// The rate and the last round trip; nil before the first answer.
    static func status(_ reading: TerminalLink.Reading) -> String? {
        guard let rate = reading.rate, let roundTrip = reading.roundTrip else { return nil }
        return ByteCountFormat.string(Int64(rate.rounded())) + "/s, rtt " + ByteCountFormat.duration(roundTrip)
    }

    /// The status, the window and the bytes in flight; nil before the first answer.
    static func report(_ reading: TerminalLink.Reading) -> String? {
        guard let status = status(reading) else { return nil }
        return status + ", window " + ByteCountFormat.string(Int64(reading.window)) + ", "
            + ByteCountFormat.string(Int64(reading.inFlight)) + " in flight"
    }
}
