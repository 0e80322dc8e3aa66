import Digests
import NIOCore

/// One encoded representation, ready to serve: JPEG or WebP bytes (or an animation's file as
/// it is) and their strong ETag.
struct EncodedImage: Sendable {
    let bytes: ByteBuffer
    /// A strong entity tag derived from the bytes, quotes included.
    let etag: String
    /// The media type when it is not the one the request's extension names (an animation served whole).
    let mediaType: String?

    init(encoded jpeg: [UInt8], mediaType: String? = nil) {
        self.mediaType = mediaType
        bytes = ByteBuffer(bytes: jpeg)
        let digest = SHA256.hash(data: jpeg)
        etag = "\"" + digest.prefix(12).map { String(format2: $0) }.joined() + "\""
    }

    var count: Int { bytes.readableBytes }
}

extension String {
    /// Two lowercase hex digits.
    init(format2 byte: UInt8) {
        let digits = Array("0123456789abcdef")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 0xf)]])
    }
}
