import FeedSources
import FoundationEssentials
import FoundationExtras
import ImageCodecs
import ImageLoading

extension FeedPhoto {
    /// The camera RAW file of the photo, by its name's extension: its own file, or the RAW
    /// companion of a RAW+JPEG shot (``FeedPhoto/shotPaths``), or a URL list's RAW; nil for a
    /// photo with none. `name` is what the status bar says, `url` the file the detail view develops.
    ///
    /// ```swift
    /// photo.rawFile?.name   // "IMG_0042.CR2" for the shot shown from IMG_0042.JPG
    /// ```
    var rawFile: (name: String, url: URL?)? {
        for path in shotPaths {
            let text = path.escapedText
            let name = text.split(separator: "/").last.map(String.init) ?? text
            if ImageFormat.claimed(byName: name) == .raw { return (name, URL(fileAt: path)) }
        }
        if case .original(let url?) = origin, !url.isFileURL, ImageFormat.claimed(byName: url.lastPathComponent) == .raw {
            return (url.lastPathComponent, url)
        }
        return nil
    }

    /// `request` (the photo's, for the detail view or a zoomed part) turned into the same request
    /// for its RAW file developed from its sensor data (``ImageProcessor/developRaw``): the
    /// caches keep it apart from the preview's. Nil for a photo with no RAW file.
    func developing(_ request: ImageRequest) -> ImageRequest? {
        guard let raw = rawFile else { return nil }
        var developed = request
        if raw.url != request.url {
            developed.url = raw.url
            developed.imageID = nil
            developed.lowDataURL = nil
        }
        developed.processors.append(.developRaw)
        return developed
    }
}
