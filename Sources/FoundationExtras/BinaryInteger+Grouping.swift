extension BinaryInteger {
    /// The number in decimal with its digits grouped by threes with commas, as counts are
    /// written in the viewer's sentences (`20,010`; `-1,000`; `999`).
    ///
    /// ```swift
    /// 20_010.groupedDigits   // "20,010"
    /// ```
    public var groupedDigits: String {
        let digits = String(self.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return self < 0 ? "-" + grouped : grouped
    }
}
