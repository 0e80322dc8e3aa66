// Sidecars: the culling decisions (stars, pick or reject, a colour label) in XMP sidecars every photo editor reads: found by both naming conventions, updated through exempi keeping every other property, written atomically, the photo itself never written.
//
// May import, of this package: FoundationExtras.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)

/// # Sidecars
///
/// A photographer's decisions about a photo — ``Decision``: 0–5 stars, picked or rejected, a
/// colour label — kept where darktable, digiKam, Lightroom, Bridge and Capture One read them: an
/// XMP sidecar beside the photo (or in a folder of its own for read-only media).
///
/// - ``Decision`` and ``ColorLabel``: the words, and ``XMPDecisionMapping`` how they are written
///   (`xmp:Rating` 0–5, −1 rejected; `xmp:Label` "Red"…; Lightroom's `xmpDM:pick` and
///   `xmpDM:good`).
/// - ``SidecarNaming``: which sidecar belongs to a photo (`NAME.EXT.xmp`, darktable's, or
///   `NAME.xmp`, everyone else's, `.xmp` or `.XMP`), and the name of a new one.
/// - ``XMPPacket``: exempi (Adobe's XMP toolkit) behind a value-returning Swift type; a sidecar is
///   parsed, the few decision properties changed, and serialized again, every other property and
///   namespace as it was.
/// - ``SidecarFolder``: the folder opened `O_DIRECTORY | O_NOFOLLOW`, files read and written
///   relative to it (`openat`, `renameat`), a temporary file fsynced then renamed over the sidecar
///   after its identity (device, inode, size, modification time) is checked again.
/// - ``EmbeddedXMP``: a decision made elsewhere and kept in the photo itself (a JPEG or DNG),
///   read through exempi's file handlers, read-only.
/// - ``SidecarStoring`` and ``SidecarStore``: what the viewer calls, `read(photo)` and
///   `write(decision, for: photo)`, and for a RAW+JPEG shot `read(shot:)` (the first of its
///   files' sidecars that holds a decision) and `write(decision, forShot:)` (every file's);
///   failures are ``SidecarError`` values with a sentence.
///
/// ```swift
/// let store = SidecarStore(settings: SidecarSettings())
/// var decision = try await store.read(photo: FilePath("/shoot/IMG_0001.CR2")) ?? Decision()
/// decision.stars = 4
/// try await store.write(decision, for: FilePath("/shoot/IMG_0001.CR2"))   // IMG_0001.CR2.xmp
/// ```
public enum SidecarsModule {}
