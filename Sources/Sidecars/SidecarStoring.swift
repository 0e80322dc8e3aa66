public import SystemPackage

/// Where the viewer reads and writes a photo's decisions: its sidecar.
///
/// ```swift
/// let decision = try await store.read(photo: path) ?? Decision()
/// try await store.write(Decision(stars: 5), for: path)
/// ```
public protocol SidecarStoring: Sendable {
    /// The decision in `photo`'s sidecar, else (by the settings) in XMP embedded in the photo;
    /// nil when there is none.
    func read(photo: FilePath) async throws(SidecarError) -> Decision?
    /// Writes `decision` into `photo`'s sidecar (the one that exists, else a new one), keeping
    /// everything else in it; on an error nothing was written and the decision is still the
    /// caller's.
    func write(_ decision: Decision, for photo: FilePath) async throws(SidecarError)
}
