import ImageCodecs
import ImageLoading

/// One picture `show` prints in pixels: its bitmap, its kitty PNG when made or read back, and
/// the picture-cache key it is to be stored under when it was decoded afresh.
struct ShowPicture: Sendable {
    var bitmap: Bitmap
    var png: [UInt8]?
    var keyToStore: PictureKey?

    init(bitmap: Bitmap, png: [UInt8]? = nil, keyToStore: PictureKey? = nil) {
        self.bitmap = bitmap
        self.png = png
        self.keyToStore = keyToStore
    }
}
