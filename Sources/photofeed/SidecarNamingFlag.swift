import Sidecars

/// `--sidecar-naming`'s values, spelt as the two conventions are (the guide's words): how a new
/// sidecar is named. An existing sidecar keeps its name whichever is chosen.
enum SidecarNamingFlag: String, CaseIterable, Sendable {
    /// `IMG_1.CR2.xmp`, darktable's; a RAW and its JPEG never share one (the default).
    case nameWithExtension = "name.ext.xmp"
    /// `IMG_1.xmp`, what Lightroom Classic, Bridge, Capture One and digiKam look for.
    case nameOnly = "name.xmp"

    var naming: SidecarNaming {
        switch self {
        case .nameWithExtension: .nameWithExtension
        case .nameOnly: .nameOnly
        }
    }
}
