import FeedSources
import ImageCodecs
import ImageLoading

/// What the info panel knows of one photo: nothing yet, its metadata, or why it failed.
struct PhotoInfo: Sendable {
    var key: PhotoKey
    var metadata: PhotoMetadata?
    var failure: String?
}

/// The info panel (`I`): the focused photo's file read for its metadata, once per focus.
extension FeedModel {
    /// While the info panel is open, the focused photo's file is read (once per photo focused).
    mutating func followInfo() -> [FeedEffect] {
        guard panel == .info, let key = focusedKey, info?.key != key, let photo = photo(key) else { return [] }
        info = PhotoInfo(key: key)
        let pixels = requestedPixels(of: key) ?? pixelSize(for: key)
        return [.readInfo(key, photo.imageRequest(for: pixels, priority: .normal))]
    }

    /// The metadata read for `key` (dropped when the panel moved on to another photo).
    mutating func receiveInfo(_ result: Result<PhotoMetadata, any Error>, for key: PhotoKey) {
        guard info?.key == key else { return }
        switch result {
        case .success(let metadata): info?.metadata = metadata
        case .failure(let error): info?.failure = "\(error)"
        }
    }

    /// The focused photo's path (files) or URL (the web; a picsum-style photo's full size).
    var focusedLocation: String? {
        guard let key = focusedKey, let photo = photo(key) else { return nil }
        switch photo.origin {
        case .file(let directory, let name): return directory.appendingPathComponent(name).path
        case .original(let url): return url?.isFileURL == true ? url?.path : url?.absoluteString
        case .picsum: return photo.imageRequest(for: photo.size ?? PixelSize(width: 1, height: 1)).url?.absoluteString
        }
    }

    /// `y`: the focused photo's path or URL to the clipboard.
    mutating func copyLocation() -> [FeedEffect] {
        guard let location = focusedLocation else {
            note("nothing to copy: no photo focused")
            return []
        }
        note("copied \(location) (if the terminal allows OSC 52)")
        return [.copyToClipboard(location)]
    }

    /// `s`: the focused web photo's full-size original, saved (a file is one already).
    mutating func saveOriginal() -> [FeedEffect] {
        guard let key = focusedKey, let photo = photo(key) else {
            note("nothing to save: no photo focused")
            return []
        }
        let request: ImageRequest
        let name: String
        switch photo.origin {
        case .file:
            note("\(focusedLocation ?? photo.id) is a file already")
            return []
        case .original(let url?) where url.isFileURL:
            note("\(url.path) is a file already")
            return []
        case .original(let url?):
            request = ImageRequest(url: url, priority: .normal)
            let last = url.deletingPathExtension().lastPathComponent
            name = last.isEmpty ? "photo-\(photo.id)" : last
        case .original(nil):
            note("nothing to save: this line is not a URL")
            return []
        case .picsum:
            guard let size = photo.size else {
                note("the feed does not say this photo's full size")
                return []
            }
            request = photo.imageRequest(for: size, priority: .normal)
            name = "photo-\(photo.id)-\(size.width)x\(size.height)"
        }
        note("saving \(name)…")
        return [.saveOriginal(request, name: name, folder: options.saveDirectory)]
    }

    /// `o`: the focused photo opened by the desktop's program.
    mutating func openExternally() -> [FeedEffect] {
        guard let location = focusedLocation else {
            note("nothing to open: no photo focused")
            return []
        }
        note("opening \(location) with xdg-open")
        return [.openExternally(location)]
    }

    /// What the info panel shows now.
    public var infoSubject: InfoPanel.Subject? {
        guard let key = focusedKey, let photo = photo(key) else { return nil }
        let current = info?.key == key ? info : nil
        let location: String?
        switch photo.origin {
        case .file(let directory, let name): location = directory.appendingPathComponent(name).path
        case .original(let url): location = url?.isFileURL == true ? url?.path : url?.absoluteString
        case .picsum: location = photo.imageRequest(for: photo.size ?? PixelSize(width: 1, height: 1)).url?.absoluteString
        }
        let author: String? = if case .picsum = photo.origin { photo.author } else { nil }
        return InfoPanel.Subject(
            title: photo.author, author: author, location: location, metadata: current?.metadata, failure: current?.failure,
            originalSize: author == nil ? nil : photo.size)
    }
}
