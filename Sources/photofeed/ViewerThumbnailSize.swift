import BlockArt
import FeedSources
import Vocabulary

/// The pixel size a photo's thumbnail is requested at, so `prefetch` warms the cache entries
/// the viewer reads: the picsum URL (and so the cache key) carries that size.
///
/// `.viewer` is the viewer's computation (`FeedScreen.pixelSize(for:box:)` in FeedViewer): the
/// block-art layout of the photo's listed size in the thumbnail box, or the whole box in
/// sub-pixels when the size is unknown. `EndToEndTests.PrefetchCommandTests` checks that a
/// snapshot after a prefetch downloads no image.
enum ViewerThumbnailSize {
    /// The viewer's size for a thumbnail box under some block-art options.
    case viewer(box: CellSize, options: BlockArtOptions)
    /// One size for every photo.
    case fixed(PixelSize)

    func pixelSize(for photo: FeedPhoto) -> PixelSize {
        switch self {
        case .fixed(let size):
            return size
        case .viewer(let box, let options):
            if let size = photo.size, !size.isEmpty {
                return BlockArtRenderer(options: options).pixelSize(forImage: size, in: box)
            }
            return PixelSize(
                width: box.columns * options.symbols.pixelsPerCellX, height: box.rows * options.symbols.pixelsPerCellY)
        }
    }
}
