import CExempi
public import SystemPackage

/// The decision in the XMP embedded in a photo itself — a JPEG or a DNG from Lightroom or
/// Bridge, a camera's own rating — read through exempi's file handlers, opened read-only
/// (`XMP_OPEN_READ`, only the XMP wanted). Nothing is ever written into a photo.
///
/// ```swift
/// let decision = try EmbeddedXMP.decision(in: FilePath("/shoot/IMG_0001.JPG"))   // nil: no XMP
/// ```
public enum EmbeddedXMP {
    /// The decision the photo's embedded XMP holds; nil when it has none (or no decision
    /// property at all), or its format is one exempi has no handler for.
    public static func decision(in photo: FilePath) throws(SidecarError) -> Decision? {
        do {
            try Exempi.prepare()
        } catch {
            throw SidecarError(.unreadable, "Cannot read the XMP in \(photo.string): \(error.description).")
        }
        let packet: XmpPtr? = Exempi.locked {
            let options = XmpOpenFileOptions(rawValue: XMP_OPEN_READ.rawValue | XMP_OPEN_ONLYXMP.rawValue)
            // Opened in two steps: xmp_files_open_new hands back a file even when no handler
            // took it (a RW2, a RAF), and exempi prints the error of reading that one on stderr,
            // over the viewer's screen. xmp_files_open says so instead.
            guard let file = xmp_files_new() else { return nil }
            defer { _ = xmp_files_free(file) }
            guard xmp_files_open(file, photo.string, options) else { return nil }
            defer { _ = xmp_files_close(file, XMP_CLOSE_NOOPTION) }
            return xmp_files_get_new_xmp(file)
        }
        guard let packet else { return nil }
        let xmp = XMPPacket(adopting: packet)
        var hasDecision = false
        for name in [XMPDecisionMapping.rating, XMPDecisionMapping.label, XMPDecisionMapping.pick, XMPDecisionMapping.good] where xmp.has(name) {
            hasDecision = true
        }
        guard hasDecision else { return nil }
        return xmp.decision
    }
}
