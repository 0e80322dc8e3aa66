import ImageCodecs
import ImageLoading
import Vocabulary

/// One picture `show` prints in pixels: decoded pixels (with their kitty PNG when it was read
/// back, and the picture-cache key to store them under when they were decoded afresh), or the
/// bytes a protocol printed for it before, read back from the picture cache with its size.
enum ShowPicture: Sendable {
    case pixels(Bitmap, png: [UInt8]? = nil, keyToStore: PictureKey? = nil)
    case printed([UInt8], size: PixelSize)

    /// The picture's size in pixels.
    var size: PixelSize {
        switch self {
        case .pixels(let bitmap, _, _): bitmap.size
        case .printed(_, let size): size
        }
    }
}
