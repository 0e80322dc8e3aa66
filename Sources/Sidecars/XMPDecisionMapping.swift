import FoundationExtras

/// How a ``Decision`` is written in XMP and read back, defined once.
///
/// | decision | property | value |
/// |---|---|---|
/// | stars | `xmp:Rating` | `0`–`5` (Bridge, darktable, digiKam, Capture One, Lightroom) |
/// | rejected | `xmp:Rating` | `-1` (the stars are not kept: Bridge's and darktable's reject) |
/// | flag | `xmpDM:pick` | `1` picked, `-1` rejected, `0` neither (Lightroom Classic) |
/// | flag | `xmpDM:good` | `True` picked, `False` rejected, absent otherwise |
/// | label | `xmp:Label` | the label's name: "Red", "Yellow", "Green", "Blue" |
///
/// Reading accepts what each editor writes: the pick flag from `xmpDM:pick`, else `xmpDM:good`,
/// else a rating of −1 (a reject); the rating as a real number ("3", "3.0"), rounded and kept
/// within 0–5; a label by its name whatever its case. Only these standard properties are read;
/// darktable's `darktable:` properties, digiKam's and Lightroom's own are left as they are.
///
/// ```swift
/// XMPDecisionMapping.decision(rating: "-1", label: "Red", pick: nil, good: nil)
/// // Decision(stars: 0, flag: .rejected, label: .red)
/// ```
public enum XMPDecisionMapping {
    /// `http://ns.adobe.com/xap/1.0/`, prefix `xmp`.
    public static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
    /// `http://ns.adobe.com/xmp/1.0/DynamicMedia/`, prefix `xmpDM`.
    public static let dynamicMediaNamespace = "http://ns.adobe.com/xmp/1.0/DynamicMedia/"

    static let rating = XMPName(namespace: xmpNamespace, prefix: "xmp", property: "Rating")
    static let label = XMPName(namespace: xmpNamespace, prefix: "xmp", property: "Label")
    static let pick = XMPName(namespace: dynamicMediaNamespace, prefix: "xmpDM", property: "pick")
    static let good = XMPName(namespace: dynamicMediaNamespace, prefix: "xmpDM", property: "good")

    /// The value of `xmp:Rating` for a rejected photo.
    public static let rejectedRating = -1

    /// The decision the four properties' values (nil: absent) say.
    public static func decision(rating: String?, label: String?, pick: String?, good: String?) -> Decision {
        let ratingValue = rating.flatMap { Double($0.trimmingWhitespace(includingNewlines: true)) }
        let flag: Decision.Flag =
            switch (pick.flatMap { Int($0.trimmingWhitespace(includingNewlines: true)) }, good.map { $0.trimmingWhitespace(includingNewlines: true).lowercased() }) {
            case (.some(let value), _) where value > 0: .picked
            case (.some(let value), _) where value < 0: .rejected
            case (.some, _): ratingValue.map { $0 < 0 } == true ? .rejected : .unflagged
            case (nil, "true"): .picked
            case (nil, "false"): .rejected
            default: ratingValue.map { $0 < 0 } == true ? .rejected : .unflagged
            }
        let stars = ratingValue.map { $0 < 0 ? 0 : Int($0.rounded()) } ?? 0
        return Decision(stars: stars, flag: flag, label: label.flatMap(ColorLabel.init(xmpName:)))
    }

    /// The values to write for `decision`: nil removes the property. The pick flag is left out
    /// (`keepPick`: nil) for an unflagged decision when the sidecar has no pick flag, so a
    /// sidecar that never had one does not gain one.
    public static func values(for decision: Decision, hadPick: Bool) -> (rating: String, label: String?, pick: String?, good: String?) {
        let rating = decision.flag == .rejected ? String(rejectedRating) : String(decision.stars)
        let (pick, good): (String?, String?) =
            switch decision.flag {
            case .picked: ("1", "True")
            case .rejected: ("-1", "False")
            case .unflagged: (hadPick ? "0" : nil, nil)
            }
        return (rating, decision.label?.name, pick, good)
    }
}

extension XMPPacket {
    /// The decision this packet holds.
    var decision: Decision {
        XMPDecisionMapping.decision(
            rating: property(XMPDecisionMapping.rating), label: property(XMPDecisionMapping.label),
            pick: property(XMPDecisionMapping.pick), good: property(XMPDecisionMapping.good))
    }

    /// Writes `decision` into the packet, touching only the four decision properties.
    func record(_ decision: Decision) throws(XMPFailure) {
        let values = XMPDecisionMapping.values(for: decision, hadPick: has(XMPDecisionMapping.pick))
        try setProperty(XMPDecisionMapping.rating, to: values.rating)
        try set(XMPDecisionMapping.label, values.label)
        try set(XMPDecisionMapping.pick, values.pick)
        try set(XMPDecisionMapping.good, values.good)
    }

    private func set(_ name: XMPName, _ value: String?) throws(XMPFailure) {
        if let value { try setProperty(name, to: value) } else { deleteProperty(name) }
    }
}
