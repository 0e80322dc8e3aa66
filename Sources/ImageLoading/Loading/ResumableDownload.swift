/// Decides, as a pure value, how one download uses bytes kept from an earlier attempt and a
/// stale disk-cache entry's validators.
///
/// - No partial bytes: a plain GET; with a stale entry, a conditional one (`If-None-Match`,
///   `If-Modified-Since`), whose 304 means "use the entry" — when its validators match the
///   entry's (RFC 9111 §4.3.4); a 304 naming another representation is not about the entry,
///   so the request goes again unconditionally (once: a 304 to that is a failure).
/// - Partial bytes with a validator: `Range: bytes=N-` and `If-Range: <validator>`.
/// - A 206 whose `Content-Range` starts at N: append to the partial bytes.
/// - A 200: the representation changed (or ranges are unsupported): drop the partial, start over.
/// - A 206 for another range, or 416: drop the partial and ask again without a range.
///
/// Range and conditional headers are never sent together. Partial bytes whose validator names
/// the stale entry's representation are a piece of what the entry holds whole: they are dropped
/// and the entry revalidated. Other partial bytes came later than the entry (a replacement cut
/// off mid-body): the resume goes first, and its 200 or 206 replaces the entry.
///
/// ```swift
/// var download = ResumableDownload(partial: nil, revalidating: staleEntry.freshness)
/// download.requestHeaders   // [("If-None-Match", "\"v1\""), ("If-Modified-Since", "…")]
/// download.receive(head)    // .notModified for a 304
/// ```
struct ResumableDownload: Sendable {
    private(set) var partial: ResumableData?
    /// The validators of a stale cache entry being revalidated (nil once a resume goes first).
    private(set) var revalidating: CacheFreshness?

    init(partial: ResumableData?, revalidating: CacheFreshness? = nil) {
        var kept = partial
        if let partial, let revalidating, revalidating.identifies(validator: partial.validator) { kept = nil }
        self.partial = kept
        self.revalidating = kept == nil ? revalidating.flatMap { $0.hasValidators ? $0 : nil } : nil
    }

    /// Header fields to add to the request.
    var requestHeaders: [(name: String, value: String)] {
        if let partial {
            return [("Range", "bytes=\(partial.bytes.count)-"), ("If-Range", partial.validator)]
        }
        return revalidating?.conditionalHeaders ?? []
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
        /// A 304 to a revalidation: the stale entry is still good; refresh it, no body follows.
        case notModified
        /// A 304 whose validators name another representation than the stale entry's (RFC 9111
        /// §4.3.4: it must not update the entry, whose bytes are then not validated): send the
        /// request again without conditional headers, for the representation itself.
        case retryUnconditionally
    }

    /// What to do with a response head.
    mutating func receive(_ head: DataResponseHead) -> HeadAction {
        switch head.statusCode {
        case 304 where partial == nil && revalidating != nil:
            guard revalidating?.isSelected(by: head) == true else {
                revalidating = nil
                return .retryUnconditionally
            }
            return .notModified
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
