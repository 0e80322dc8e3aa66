import ImageCodecs
import ImageLoading

/// One picture `show` prints in pixels: its bitmap, or the bytes a protocol printed for it
/// before (read back from the picture cache, with its size); its kitty PNG when made or read
/// back; and the picture-cache key it is to be stored under when it was decoded afresh.
struct ShowPicture: Sendable {
    var bitmap: Bitmap?
    var size: PixelSize
    var png: [UInt8]?
    var printed: [UInt8]?
    var keyToStore: PictureKey?

    init(bitmap: Bitmap, png: [UInt8]? = nil, keyToStore: PictureKey? = nil) {
        self.bitmap = bitmap
        self.size = bitmap.size
        self.png = png
        self.keyToStore = keyToStore
    }

    /// Bytes printed before for a picture of `size` pixels.
    init(printed: [UInt8], size: PixelSize) {
        self.printed = printed
        self.size = size
    }
}
