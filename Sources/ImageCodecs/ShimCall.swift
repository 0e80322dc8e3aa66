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
