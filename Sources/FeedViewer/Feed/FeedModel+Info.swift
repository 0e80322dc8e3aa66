import FeedSources
import FoundationExtras
import ImageCodecs
import ImageLoading
import TerminalGraphics
import Vocabulary

/// What the info panel knows of one photo: nothing yet, its metadata, or why it failed.
struct PhotoInfo: Sendable {
    var key: PhotoKey
    var metadata: PhotoMetadata?
    var failure: String?
}

/// The info panel (`I`): the focused photo's file read for its metadata, once per focus.
extension FeedModel {
    /// While the info panel is open (or the screen-reader mode's detail view, which says the
    /// info instead of showing the picture), the focused photo's file is read (once per photo focused).
    mutating func followInfo() -> [FeedEffect] {
        guard panel == .info || (options.text && detail != nil), let key = focusedKey, info?.key != key, let photo = photo(key) else { return [] }
        _ = update(panels: .follow(key))
        let pixels = requestedPixels(of: key) ?? pixelSize(for: key)
        return [.readInfo(key, photo.imageRequest(for: pixels, priority: .normal))]
    }

    /// The focused photo's path (files) or URL (the web; a picsum-style photo's full size).
    var focusedLocation: String? { focusedKey.flatMap(location(of:)) }

    /// A photo's path (files) or URL (the web; a picsum-style photo's full size), as a screen
    /// shows it: a byte of a path that is not UTF-8 as `\xFF` (``FilePath/escapedText``).
    func location(of key: PhotoKey) -> String? {
        guard let photo = photo(key) else { return nil }
        if let path = photo.filePath { return path.escapedText }
        switch photo.origin {
        case .original(let url): return url?.absoluteString
        case .file: return nil
        case .picsum: return photo.imageRequest(for: photo.size ?? PixelSize(width: 1, height: 1)).url?.absoluteString
        }
    }

    /// A photo's path (its bytes, as on disk) or URL, as `y` copies it and `o` hands it on.
    func locationBytes(of key: PhotoKey) -> [UInt8]? {
        guard let photo = photo(key) else { return nil }
        if let path = photo.filePath { return path.bytes }
        return location(of: key).map { Array($0.utf8) }
    }

    /// `y`: the marked photos' (else the focused photo's) paths or URLs to the clipboard, each
    /// one shell word (``ShellQuoting``), separated by spaces (``Clipboard/separator``); as many
    /// whole ones as the clipboard takes (``Clipboard/fit(_:)``), the count said when not all.
    mutating func copyLocation() -> [FeedEffect] {
        let targets = actionTargets.filter { locationBytes(of: $0) != nil }
        guard !targets.isEmpty else {
            note("nothing to copy: no photo focused")
            return []
        }
        let locations = targets.compactMap(locationBytes(of:))
        let copy = Clipboard.fit(locations.map { ShellQuoting.quoted($0) })
        let noun = locations.allSatisfy { $0.first == UInt8(ascii: "/") } ? "paths" : "paths and URLs"
        guard copy.count > 0 else {
            let which = locations.count == 1 ? "it is" : "the first is"
            note("nothing copied: \(which) longer than the clipboard's limit (\(Clipboard.maxBytes.groupedDigits) bytes)")
            return []
        }
        if copy.count < locations.count {
            note("copied \(copy.count.groupedDigits) of \(locations.count.groupedDigits) \(noun): the clipboard's limit")
        } else {
            let what = targets.count == 1 ? location(of: targets[0]) ?? "1 path" : "\(locations.count.groupedDigits) \(noun)"
            note("copied \(what) (if the terminal allows OSC 52)")
        }
        return [.copyToClipboard(Array(copy.text.utf8))]
    }

    /// `o`: the marked photos (else the focused one) opened by the desktop's program (at most 10).
    mutating func openExternally() -> [FeedEffect] {
        let targets = actionTargets.filter { locationBytes(of: $0) != nil }
        guard !targets.isEmpty else {
            note("nothing to open: no photo focused")
            return []
        }
        let opened = Array(targets.prefix(10))
        let more = targets.count > opened.count ? " (the first 10 of \(targets.count))" : ""
        let what = opened.count == 1 ? location(of: opened[0]) ?? "1 photo" : "\(opened.count) photos"
        note("opening \(what) with xdg-open\(more)")
        return opened.compactMap { key in
            locationBytes(of: key).map { .openExternally($0, expecting: photo(key)?.file?.identity) }
        }
    }

    /// `s`: the marked (else the focused) web photos' full-size originals, saved (a file is one already).
    mutating func saveOriginal() -> [FeedEffect] {
        let targets = actionTargets
        guard !targets.isEmpty else {
            note("nothing to save: no photo focused")
            return []
        }
        var effects: [FeedEffect] = []
        var refusals: [String] = []
        for key in targets {
            switch saveRequest(for: key) {
            case .success(let (request, name)):
                guard actions.startSaving(key) else { continue }
                effects.append(.saveOriginal(key, request, name: name, folder: options.saveDirectory))
            case .failure(let reason): refusals.append(reason.text)
            }
        }
        if effects.isEmpty {
            note(refusals.first ?? (targets.contains { saving[$0] != nil } ? "already saving it" : "nothing to save"))
        } else {
            note("saving \(effects.count == 1 ? "1 original" : "\(effects.count) originals")…")
        }
        return effects
    }

    /// Why a photo has no original to save.
    struct SaveRefusal: Error {
        var text: String
    }

    /// The full-size request and the name to save a photo under.
    func saveRequest(for key: PhotoKey) -> Result<(ImageRequest, String), SaveRefusal> {
        guard let photo = photo(key) else { return .failure(SaveRefusal(text: "nothing to save")) }
        switch photo.origin {
        case .file:
            return .failure(SaveRefusal(text: "\(location(of: key) ?? photo.id) is a file already"))
        case .original(let url?) where url.isFileURL:
            return .failure(SaveRefusal(text: "\(location(of: key) ?? url.path) is a file already"))
        case .original(let url?):
            let last = url.deletingPathExtension().lastPathComponent
            return .success((ImageRequest(url: url, priority: .normal), last.isEmpty ? "photo-\(photo.id)" : last))
        case .original(nil):
            return .failure(SaveRefusal(text: "nothing to save: this line is not a URL"))
        case .picsum:
            guard let size = photo.size else { return .failure(SaveRefusal(text: "the feed does not say this photo's full size")) }
            return .success((photo.imageRequest(for: size, priority: .normal), "photo-\(photo.id)-\(size.width)x\(size.height)"))
        }
    }

    /// What the info panel shows now.
    public var infoSubject: InfoPanel.Subject? {
        guard let key = focusedKey, let photo = photo(key) else { return nil }
        let current = info?.key == key ? info : nil
        let location = location(of: key)
        let author: String? = if case .picsum = photo.origin { photo.author } else { nil }
        var subject = InfoPanel.Subject(
            title: photo.author, author: author, location: location, metadata: current?.metadata, failure: current?.failure,
            originalSize: author == nil ? nil : photo.size)
        subject.page = photo.page?.absoluteString
        return subject
    }
}
