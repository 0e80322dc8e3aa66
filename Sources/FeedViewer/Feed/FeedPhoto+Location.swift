import FeedSources
import FoundationExtras
import ImageLoading
import Vocabulary

/// A photo's path or URL as the viewer shows it, copies it (`y`) and hands it on (`o`), and
/// the original `s` saves of it.
///
/// ```swift
/// photo.shownLocation      // "/photos/e\xFF.jpg": a path's bytes that are not UTF-8 escaped
/// photo.locationBytes      // the path's own bytes, as on disk
/// ```
extension FeedPhoto {
    /// The path (files) or URL (the web; a picsum-style photo's full size), as a screen shows
    /// it: a byte of a path that is not UTF-8 as `\xFF` (``FilePath/escapedText``).
    var shownLocation: String? {
        if let path = filePath { return path.escapedText }
        switch origin {
        case .original(let url): return url?.absoluteString
        case .file: return nil
        case .picsum: return imageRequest(for: size ?? PixelSize(width: 1, height: 1)).url?.absoluteString
        }
    }

    /// The path (its bytes, as on disk) or URL, as `y` copies it and `o` hands it on.
    var locationBytes: [UInt8]? {
        if let path = filePath { return path.bytes }
        return shownLocation.map { Array($0.utf8) }
    }

    /// The full-size request and the name to save the photo under, or why it has no original
    /// to save.
    var saveRequest: Result<(ImageRequest, String), ActionsModel.SaveRefusal> {
        switch origin {
        case .file where isShot:
            // A shot is files already, every one of them.
            return .failure(ActionsModel.SaveRefusal(text: "\(ActionsModel.shownLocations(self)) are files already"))
        case .file:
            return .failure(ActionsModel.SaveRefusal(text: "\(shownLocation ?? id) is a file already"))
        case .original(let url?) where url.isFileURL:
            return .failure(ActionsModel.SaveRefusal(text: "\(shownLocation ?? url.path) is a file already"))
        case .original(let url?):
            let last = url.deletingPathExtension().lastPathComponent
            return .success((ImageRequest(url: url, priority: .normal), last.isEmpty ? "photo-\(id)" : last))
        case .original(nil):
            return .failure(ActionsModel.SaveRefusal(text: "nothing to save: this line is not a URL"))
        case .picsum:
            guard let size else { return .failure(ActionsModel.SaveRefusal(text: "the feed does not say this photo's full size")) }
            return .success((imageRequest(for: size, priority: .normal), "photo-\(id)-\(size.width)x\(size.height)"))
        }
    }
}
