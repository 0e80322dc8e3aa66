import CImageShim
public import Vocabulary

extension LibraryVersion {
    /// The image and compression libraries of the codecs, in a fixed order: libjpeg-turbo,
    /// libpng, zlib, libwebp, giflib, libtiff, libheif, libavif, libjxl, lcms2.
    public static var codecLibraries: [LibraryVersion] {
        (0..<pf_library_version_count()).compactMap { index in
            var version = pf_library_version()
            guard pf_library_version_get(index, &version) == 0 else { return nil }
            let running = text(of: version.running)
            return LibraryVersion(
                name: text(of: version.name), built: text(of: version.built),
                running: running.isEmpty ? nil : running, runningIsFile: version.running_is_file != 0)
        }
    }

    /// A fixed-size C `char` array (imported as a tuple) up to its NUL, as a string.
    private static func text<Tuple>(of tuple: Tuple) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
