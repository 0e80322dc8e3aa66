public import SystemPackage

/// Where the viewer reads and writes a photo's decisions: its sidecar.
///
/// ```swift
/// let decision = try await store.read(photo: path) ?? Decision()
/// try await store.write(Decision(stars: 5), for: path)
/// try await store.write(Decision(flag: .picked), forShot: [jpeg, raw])   // IMG_1.JPG.xmp and IMG_1.CR2.xmp
/// ```
public protocol SidecarStoring: Sendable {
    /// The decision in `photo`'s sidecar, else (by the settings) in XMP embedded in the photo;
    /// nil when there is none.
    func read(photo: FilePath) async throws(SidecarError) -> Decision?
    /// Writes `decision` into `photo`'s sidecar (the one that exists, else a new one), keeping
    /// everything else in it; on an error nothing was written and the decision is still the
    /// caller's.
    func write(_ decision: Decision, for photo: FilePath) async throws(SidecarError)
    /// The decision of a shot (a RAW and its JPEG, the shown file first): the first of its
    /// files' sidecars that exists, else (by the settings) the first XMP embedded in them; nil
    /// when there is none.
    func read(shot files: [FilePath]) async throws(SidecarError) -> Decision?
    /// Writes `decision` into the sidecar of every file of a shot, in order; on an error the
    /// decision is still the caller's (the files before it hold it already).
    func write(_ decision: Decision, forShot files: [FilePath]) async throws(SidecarError)
}

extension SidecarStoring {
    /// Each file read in turn: the first decision found that is not empty (else an empty one).
    public func read(shot files: [FilePath]) async throws(SidecarError) -> Decision? {
        var empty: Decision?
        for file in files {
            guard let decision = try await read(photo: file) else { continue }
            if !decision.isEmpty { return decision }
            empty = empty ?? decision
        }
        return empty
    }

    /// Each file's sidecar written in turn.
    public func write(_ decision: Decision, forShot files: [FilePath]) async throws(SidecarError) {
        for file in files { try await write(decision, for: file) }
    }
}
