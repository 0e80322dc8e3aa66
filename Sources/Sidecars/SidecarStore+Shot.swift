public import SystemPackage

/// A shot's decision (a RAW and its JPEG: ``SidecarStoring/read(shot:)``): the first of its
/// files' sidecars that holds one, in the order given (the shown file first); a sidecar of any
/// of its files wins over XMP embedded in one, as it does for a photo of one file. A camera that
/// writes XMP into its JPEGs (a rating of 0) must not hide the RAW's sidecar an editor wrote.
///
/// ```swift
/// let store = SidecarStore()
/// try await store.read(shot: [FilePath("/shoot/IMG_1.JPG"), FilePath("/shoot/IMG_1.CR2")])   // IMG_1.CR2.xmp's
/// ```
extension SidecarStore {
    public func read(shot files: [FilePath]) async throws(SidecarError) -> Decision? {
        var empty: Decision?
        for file in files {
            guard let name = file.lastComponent?.string else { continue }
            let folder = try SidecarFolder(opening: settings.sidecarFolder(for: file))
            guard SidecarNaming.existing(for: name, among: try folder.sidecarNames()) != nil else { continue }
            // The one that exists is the one read (`read(photo:)` finds it again: one rule); a
            // sidecar holding no decision (keywords only) leaves the word to the next file's.
            guard let decision = try read(photo: file) else { continue }
            if !decision.isEmpty { return decision }
            empty = empty ?? decision
        }
        if let empty { return empty }
        guard settings.readsEmbedded else { return nil }
        for file in files {
            if let decision = try EmbeddedXMP.decision(in: file) { return decision }
        }
        return nil
    }
}
