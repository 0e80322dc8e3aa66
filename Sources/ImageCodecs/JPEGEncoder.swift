/// Encodes bitmaps as JPEG through libjpeg-turbo (alpha is dropped).
public enum JPEGEncoder {
    /// JPEG bytes at `quality` (1–100), baseline or progressive.
    public static func encode(_ bitmap: Bitmap, quality: Int = 85, progressive: Bool = false) throws -> [UInt8] {
        TODO_ImageCodecs()
    }
}
