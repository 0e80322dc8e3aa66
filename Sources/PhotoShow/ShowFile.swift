import FoundationEssentials
import FoundationExtras
import ImageCodecs
import ImageLoading

/// A file `show` decodes: its bytes, read whole within the byte limit, or for a camera RAW file
/// its first bytes and its picture read from the open file (``RawFilePicture``: LibRaw reads the
/// preview, never the sensor data around it, so a RAW over the limit is shown too).
///
/// ```swift
/// let file = try await ShowFile.read("DSC_0001.NEF", limit: maxBytes, rendering: .preview)
/// print(file.header.size)   // the preview's, upright
/// ```
struct ShowFile: Sendable {
    /// The whole file, or a RAW file's first bytes (for the name's claim).
    var bytes: [UInt8]
    /// Format, size and orientation of the picture shown.
    var header: ImageHeader
    /// A camera RAW file's picture, read from the open file.
    var raw: RawFilePicture?

    /// Reads `image` (a path, or standard input's name), within `limit` bytes unless it is a RAW.
    static func read(_ image: String, limit: Int, rendering: RawRendering) async throws -> ShowFile {
        guard image != Show.standardInputName else {
            let bytes = try await Show.readFile(image, limit: limit)
            return ShowFile(bytes: bytes, header: try ImageDecoder.probe(bytes, rawRendering: rendering))
        }
        // One chunk up to the limit: a file that is no RAW is read once, into the array decoded from.
        let loader = FileDataLoader(chunkSize: max(1, limit))
        let response: DataResponse
        do {
            response = try await loader.load(DataRequest(url: Show.fileURL(image)))
        } catch let error as ImageLoadError {
            throw error
        } catch {
            throw ImageLoadError.transport(ErrorText.describe(error))
        }
        if let (file, head) = response.cameraRawHead(),
            let picture = try RawFilePicture(descriptor: file.descriptor, rendering: rendering)
        {
            return ShowFile(bytes: head, header: picture.header, raw: picture)
        }
        let bytes = try await FileDataLoader.bytes(of: response, limit: limit)
        guard !bytes.isEmpty else { throw ShowError(message: "empty file") }
        return ShowFile(bytes: bytes, header: try ImageDecoder.probe(bytes, rawRendering: rendering))
    }
}
