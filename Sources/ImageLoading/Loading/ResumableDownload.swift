/// Decides, as a pure value, how one download uses bytes kept from an earlier attempt.
///
/// - No partial bytes: a plain GET.
/// - Partial bytes with a validator: `Range: bytes=N-` and `If-Range: <validator>`.
/// - A 206 whose `Content-Range` starts at N: append to the partial bytes.
/// - A 200: the representation changed (or ranges are unsupported): drop the partial, start over.
/// - A 206 for another range, or 416: drop the partial and ask again without a range.
struct ResumableDownload: Sendable {
    private(set) var partial: ResumableData?

    init(partial: ResumableData?) {
        self.partial = partial
    }

    /// Header fields to add to the request.
    var requestHeaders: [(name: String, value: String)] {
        guard let partial else { return [] }
        return [("Range", "bytes=\(partial.bytes.count)-"), ("If-Range", partial.validator)]
    }

    enum HeadAction: Equatable {
        /// Start the body from empty.
        case startFresh
        /// Append the body to these bytes, kept from offset 0.
        case append(to: [UInt8])
        /// The server answered a different range: send the request again without one.
        case retryWithoutRange
        /// Not a success: report the status (the partial bytes stay for a later attempt).
        case failure(status: Int)
    }

    /// What to do with a response head.
    mutating func receive(_ head: DataResponseHead) -> HeadAction {
        switch head.statusCode {
        case 206:
            guard let kept = partial else {
                // A 206 nobody asked for: only usable when it covers the whole representation.
                if let range = head.header("Content-Range").flatMap(ContentRange.init), range.first == 0 {
                    return .startFresh
                }
                return .retryWithoutRange
            }
            guard let range = head.header("Content-Range").flatMap(ContentRange.init),
                range.first == kept.bytes.count
            else {
                partial = nil
                return .retryWithoutRange
            }
            partial = nil
            return .append(to: kept.bytes)
        case 416:
            guard partial != nil else { return .failure(status: 416) }
            partial = nil
            return .retryWithoutRange
        case 200..<300:
            partial = nil
            return .startFresh
        default:
            return .failure(status: head.statusCode)
        }
    }

    /// The bytes to keep when the body stops early: nil when there is no validator or nothing new.
    static func keep(_ bytes: [UInt8], head: DataResponseHead, status: Int) -> ResumableData? {
        guard (200..<300).contains(status) else { return nil }
        return ResumableData(bytes: bytes, head: head)
    }
}
