import FeedSources
import FoundationEssentials
import FoundationExtras
import TerminalGraphics
import TerminalText
import Vocabulary

/// What the actions do with the photos' paths and URLs: `y` copies them to the clipboard, `o`
/// opens them with the desktop's program, `s` saves the web photos' full-size originals.
///
/// ```swift
/// var reply = actions.update(.copy([(key, photo)]))   // [.copyToClipboard(bytes)], "copied /photos/a.jpg …"
/// reply = actions.update(.save([(key, photo)], folder: nil))   // [.saveOriginal(…)], "saving 1 original…"
/// ```
extension ActionsModel {
    /// A photo an action applies to: its key, and its photo (nil: no longer in the feed).
    typealias Target = (key: PhotoKey, photo: FeedPhoto?)

    /// Why a photo has no original to save.
    struct SaveRefusal: Error {
        var text: String
    }

    /// `y`: the targets' paths or URLs to the clipboard, each one shell word (``ShellQuoting``),
    /// separated by spaces (``Clipboard/separator``); a shot's every file (its JPEG, then its
    /// RAW); as many whole ones as the clipboard takes (``Clipboard/fit(_:)``), the count said
    /// when not all.
    func copy(_ targets: [Target], reply: inout ModelReply<Request>) {
        let targets = targets.filter { $0.photo?.locationBytes != nil }
        guard !targets.isEmpty else {
            reply.note("nothing to copy: no photo focused")
            return
        }
        let locations = targets.flatMap { target -> [[UInt8]] in
            guard let photo = target.photo else { return [] }
            if photo.isShot { return photo.shotPaths.map(\.bytes) }
            return photo.locationBytes.map { [$0] } ?? []
        }
        let copy = Clipboard.fit(locations.map { ShellQuoting.quoted($0) })
        let noun = locations.allSatisfy { $0.first == UInt8(ascii: "/") } ? "paths" : "paths and URLs"
        guard copy.count > 0 else {
            let which = locations.count == 1 ? "it is" : "the first is"
            reply.note("nothing copied: \(which) longer than the clipboard's limit (\(Clipboard.maxBytes.groupedDigits) bytes)")
            return
        }
        if copy.count < locations.count {
            reply.note("copied \(copy.count.groupedDigits) of \(locations.count.groupedDigits) \(noun): the clipboard's limit")
        } else {
            let what = targets.count == 1 ? targets[0].photo.map(Self.shownLocations) ?? "1 path" : "\(locations.count.groupedDigits) \(noun)"
            reply.note("copied \(what) (if the terminal allows OSC 52)")
        }
        reply.effects.append(.copyToClipboard(Array(copy.text.utf8)))
    }

    /// A photo's path as a sentence names it, a shot's with its other files' names:
    /// `/shoot/IMG_1.JPG and IMG_1.CR2`.
    static func shownLocations(_ photo: FeedPhoto) -> String {
        let shown = photo.shownLocation ?? photo.id
        guard photo.isShot else { return shown }
        return TrashOutcome.listed([shown] + photo.shotNames.dropFirst().map { $0.lastComponent?.escapedText ?? $0.escapedText })
    }

    /// `o`: the targets opened by the desktop's program (at most 10).
    func open(_ targets: [Target], reply: inout ModelReply<Request>) {
        let targets = targets.filter { $0.photo?.locationBytes != nil }
        guard !targets.isEmpty else {
            reply.note("nothing to open: no photo focused")
            return
        }
        let opened = Array(targets.prefix(10))
        let more = targets.count > opened.count ? " (the first 10 of \(targets.count))" : ""
        let what = opened.count == 1 ? opened[0].photo?.shownLocation ?? "1 photo" : "\(opened.count) photos"
        reply.note("opening \(what) with xdg-open\(more)")
        reply.effects += opened.compactMap { target in
            target.photo?.locationBytes.map { .openExternally($0, expecting: target.photo?.file?.identity) }
        }
    }

    /// `s`: the targets' full-size originals saved into `folder` (a file is one already).
    mutating func save(_ targets: [Target], folder: URL?, reply: inout ModelReply<Request>) {
        guard !targets.isEmpty else {
            reply.note("nothing to save: no photo focused")
            return
        }
        var effects: [FeedEffect] = []
        var refusals: [String] = []
        for target in targets {
            switch target.photo.map(\.saveRequest) ?? .failure(SaveRefusal(text: "nothing to save")) {
            case .success(let (request, name)):
                guard startSaving(target.key) else { continue }
                effects.append(.saveOriginal(target.key, request, name: name, folder: folder))
            case .failure(let reason): refusals.append(reason.text)
            }
        }
        if effects.isEmpty {
            reply.note(refusals.first ?? (targets.contains { saving[$0.key] != nil } ? "already saving it" : "nothing to save"))
        } else {
            reply.note("saving \(effects.count == 1 ? "1 original" : "\(effects.count) originals")…")
        }
        reply.effects += effects
    }
}
