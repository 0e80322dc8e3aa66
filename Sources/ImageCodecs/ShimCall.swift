import CImageShim

/// Runs one shim call with a message buffer and turns its status into an `ImageCodecError`.
///
/// The only place C statuses become Swift errors, so every codec reports the library's own words.
enum ShimCall {
    /// Calls `body` with a message buffer; throws unless it returns `PF_OK`.
    ///
    /// `context` names what was being done ("JPEG decode"), for the error text.
    static func run(
        _ context: String,
        _ body: (UnsafeMutablePointer<CChar>, Int) -> pf_status
    ) throws(ImageCodecError) {
        var message = [CChar](repeating: 0, count: Int(PF_MESSAGE_CAPACITY))
        let status = message.withUnsafeMutableBufferPointer { buffer in
            // The buffer has PF_MESSAGE_CAPACITY (> 0) elements, so baseAddress is non-nil.
            body(buffer.baseAddress.unsafelyUnwrapped, buffer.count)
        }
        guard status != PF_OK else { return }
        let text = message.withUnsafeBufferPointer { buffer in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        throw error(for: status, context: context, message: text.isEmpty ? "no details" : text)
    }

    /// Calls a tolerant decoder (one that may succeed on damaged data) with a message buffer;
    /// throws unless it returns `PF_OK`, else returns the message (the damage's reason, or empty).
    static func runTolerant(
        _ context: String,
        _ body: (UnsafeMutablePointer<CChar>, Int) -> pf_status
    ) throws(ImageCodecError) -> String {
        var message = [CChar](repeating: 0, count: Int(PF_MESSAGE_CAPACITY))
        let status = message.withUnsafeMutableBufferPointer { buffer in
            body(buffer.baseAddress.unsafelyUnwrapped, buffer.count)
        }
        let text = message.withUnsafeBufferPointer { buffer in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard status == PF_OK else {
            throw error(for: status, context: context, message: text.isEmpty ? "no details" : text)
        }
        return text
    }

    /// The damage a tolerant decode reported, with its reason; nil when it was whole.
    static func damage(_ reported: pf_damage, rows: Int, reason: String, context: String) -> ImageDamage? {
        guard reported.damaged != 0 else { return nil }
        return ImageDamage(
            decodedRows: Int(reported.decoded_rows), rows: rows, isTruncated: reported.truncated != 0,
            scan: reported.scan > 0 ? Int(reported.scan) : nil,
            reason: reason.isEmpty ? "\(context): the data is damaged" : reason)
    }

    static func error(for status: pf_status, context: String, message: String) -> ImageCodecError {
        switch status {
        case PF_ERR_TRUNCATED:
            .truncated("\(context): \(message)")
        case PF_ERR_ARGUMENT:
            .invalidArgument("\(context): \(message)")
        case PF_ERR_MEMORY:
            .decoder("\(context): out of memory")
        case PF_ERR_ENCODER:
            .encoder("\(context): \(message)")
        case PF_ERR_LIMIT:
            .limitExceeded("\(context): \(message)")
        default:
            .decoder("\(context): \(message)")
        }
    }
}
