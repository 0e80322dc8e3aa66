import FoundationEssentials
public import FoundationExtras
import ImageCodecs

#if canImport(Glibc)
import Glibc
#endif

extension DataResponse {
    /// A regular file's response that is a camera RAW file: the open file and its first bytes
    /// (enough to tell its format, ``ImageFormat/rawSniffWindow``), read without moving the
    /// body; nil for anything else.
    public func cameraRawHead() -> (file: ReadableFile, head: [UInt8])? {
        guard let file, let size = head.contentLength, size > 0,
            let first = try? file.read(upToCount: min(size, ImageFormat.rawSniffWindow), at: 0),
            ImageFormat.sniff(first) == .raw
        else { return nil }
        return (file, first)
    }
}

/// Camera RAW files are not read whole: a RAW is 20 to 100 MB of sensor data around the
/// preview shown, so the data stage reads its first bytes (enough to tell its format) and hands
/// the open file on; the decode stage has LibRaw read the preview from it (``RawFilePicture``).
/// The file byte limit, which bounds what is held in memory, does not apply to what is never
/// read. Scenario: `feedbench --scenario cull`.
extension ImagePipeline {
    /// A regular file's response as a RAW file left open: its first bytes and the file, when
    /// they are a camera RAW file's and the file can be opened again through `/proc`; nil for
    /// anything else (read whole, as before).
    static func rawFileData(_ response: DataResponse) -> FetchedData? {
        guard let (file, head) = response.cameraRawHead(), let size = response.head.contentLength,
            access("/proc/self/fd/\(file.descriptor)", R_OK) == 0
        else { return nil }
        return FetchedData(bytes: head, source: .network, transferred: head.count, rawFile: file, fileSize: size)
    }

    /// The original's whole bytes: a RAW file left open is read now, within `limit` bytes.
    static func wholeBytes(of data: FetchedData, limit: Int) throws(ImageLoadError) -> [UInt8] {
        guard let file = data.rawFile else { return data.bytes }
        let size = data.byteCount
        guard size <= limit else { throw .tooLarge(bytes: size, limit: limit) }
        do {
            let bytes = try file.read(upToCount: size, at: 0)
            guard bytes.count == size else {
                throw ImageLoadError.transport("the file ended after \(bytes.count) of \(size) bytes (truncated)")
            }
            return bytes
        } catch let error as ImageLoadError {
            throw error
        } catch {
            throw .transport("read failed: \(ErrorText.describe(error))")
        }
    }
}
