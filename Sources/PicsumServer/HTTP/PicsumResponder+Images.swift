import FoundationEssentials
import Hummingbird
import NIOCore

extension PicsumResponder {
    /// An image response: shaping fate, render (cached), validators and freshness, conditional
    /// requests (304 with no body), ranges. `immutable`: the URL names one image for the
    /// server's lifetime (`/id/…`), said in `Cache-Control` while the max-age is not 0.
    func image(
        _ item: FeedItem, _ options: ImageOptions, immutable: Bool, request: Request, recorder: RequestRecorder,
        settings: NetworkShaping
    ) async -> Reply {
        let target = request.head.path ?? request.uri.path
        let fate = ShapingFate.decide(target: target, attempt: attempts.next(target), shaping: settings)
        recorder.shaped(fate)
        if fate == .fail {
            return .text(.serviceUnavailable, "simulated failure (network shaping); try again")
        }
        let encoded: EncodedImage
        do {
            encoded = try await renderCache.image(
                for: item, options: options, urgency: RequestUrgency(header: request.headers[.priority]))
        } catch {
            return .text(.internalServerError, "could not render image \(item.id): \(error)")
        }
        let length = encoded.count
        let lastModified = lastModified.indices.contains(item.photoIndex) ? lastModified[item.photoIndex] : HTTPDate.string(from: Date())
        var headers: HTTPFields = [
            .contentType: encoded.mediaType ?? options.format.mediaType,
            .eTag: encoded.etag,
            .lastModified: lastModified,
            .cacheControl: cacheControl.value(immutable: immutable),
            .acceptRanges: "bytes",
            .picsumID: String(item.id),
        ]
        let conditions = ConditionalRequest(
            ifNoneMatch: request.headers[.ifNoneMatch], ifModifiedSince: request.headers[.ifModifiedSince],
            ifRange: request.headers[.ifRange])
        if conditions.isNotModified(etag: encoded.etag, lastModified: lastModified) {
            headers[.contentType] = nil
            return Reply(status: .notModified, headers: headers)
        }
        var selection = ByteRangeSelection.full
        if let range = request.headers[.range], conditions.allowsRange(etag: encoded.etag, lastModified: lastModified) {
            selection = ByteRangeSelection(range, length: length)
        }
        switch selection {
        case .full:
            return Reply(status: .ok, headers: headers, body: encoded.bytes, fate: fate, shaped: true)
        case .partial(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(length)"
            let slice = encoded.bytes.getSlice(at: encoded.bytes.readerIndex + range.lowerBound, length: range.count)
            return Reply(status: .partialContent, headers: headers, body: slice ?? ByteBuffer(), fate: fate, shaped: true)
        case .unsatisfiable:
            return Reply(
                status: .rangeNotSatisfiable,
                headers: [.contentRange: "bytes */\(length)", .acceptRanges: "bytes", .eTag: encoded.etag])
        }
    }
}
