import Vocabulary

#if canImport(Glibc)
import Glibc
#endif

extension PhotoMetadata {
    /// How much of a RAW file's start is read for its EXIF: a TIFF container's IFDs and a RAF's
    /// camera JPEG sit there.
    static let rawHeadBytes = 8 << 20

    /// A camera RAW file's metadata read from the open file, as ``read(_:)`` reads its bytes,
    /// without reading it whole (``RawFilePicture``): the header of the picture shown, the EXIF
    /// of its first bytes (a TIFF container's own, a RAF's camera JPEG) or else of its preview.
    /// `byteCount` is the file's size. Nil when the file cannot be opened again through `/proc`.
    ///
    /// ```swift
    /// let metadata = try PhotoMetadata.read(rawFile: file.descriptor, byteCount: size)
    /// ```
    public static func read(rawFile descriptor: Int32, byteCount: Int) throws -> PhotoMetadata? {
        guard let picture = try RawFilePicture(descriptor: descriptor) else { return nil }
        let wanted = max(0, min(byteCount, rawHeadBytes))
        let head = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < wanted {
                let got = pread(descriptor, base + initialized, wanted - initialized, off_t(initialized))
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                initialized += got
            }
        }
        let tiff = ExifLocator.rawTIFF(inHead: head) ?? picture.previewJPEG.flatMap { ExifLocator.tiff(in: $0, format: .jpeg) }
        let exif = tiff.flatMap(ExifReader.init(tiff:)).map(\.tags)
        return PhotoMetadata(
            header: picture.header, byteCount: byteCount, exif: exif?.isEmpty == true ? nil : exif,
            colorProfile: nil)
    }
}
