import CImageShim
import Vocabulary

/// Camera RAW files through LibRaw (`pf_raw_preview`), shown as their largest embedded preview.
///
/// The preview is a JPEG in almost every camera's files: it is decoded by ImageCodecs' own JPEG
/// decoder (DCT scaling toward the target, region decoding, partial pictures), then turned by the
/// RAW's orientation (LibRaw's flip), which the preview's own EXIF does not carry. A bitmap
/// preview comes as pixels. A file with no preview, or any file when the caller asks for
/// ``RawRendering/develop``, is developed from its sensor data, at half size and within a time
/// limit. The header's size is the shown picture's (the preview's, or the developed one's).
enum RawPreviewDecoding {
    /// When LibRaw develops the sensor data (`pf_raw_develop_mode`).
    enum Development {
        /// Never: no preview is an error that carries the sensor's size.
        case never
        /// Where the file has no preview.
        case withoutPreview
        /// Preview or not.
        case always

        var mode: Int32 {
            switch self {
            case .never: Int32(PF_RAW_DEVELOP_NEVER.rawValue)
            case .withoutPreview: Int32(PF_RAW_DEVELOP_WITHOUT_PREVIEW.rawValue)
            case .always: Int32(PF_RAW_DEVELOP_ALWAYS.rawValue)
            }
        }
    }

    /// What LibRaw handed out.
    enum Content {
        case jpeg([UInt8])
        case pixels(Bitmap)
    }

    /// A preview, or developed sensor data, and how to turn it upright.
    struct Preview {
        var content: Content
        var orientation: ExifOrientation
        var developed: Bool
    }

    /// How long LibRaw may develop a file without a preview before it is given up.
    static let developTimeoutMilliseconds: Int32 = 15_000

    /// Format, size (the preview's, or with `rendering` ``RawRendering/develop`` the developed
    /// picture's) and orientation, without decoding the preview's pixels or developing.
    static func probe(
        _ bytes: [UInt8], maxPixels: Int = DecodingOptions.defaultMaxPixels, rendering: RawRendering = .preview
    ) throws -> ImageHeader {
        let (preview, info) = try extract(bytes, maxPixels: maxPixels, develop: .never)
        guard let preview, rendering == .preview else {
            // Developed: half the sensor's size, upright (LibRaw turns it).
            let half = PixelSize(width: (Int(info.raw_width) + 1) / 2, height: (Int(info.raw_height) + 1) / 2)
            let turned = (ExifOrientation(rawValue: Int(info.orientation)) ?? .up).swapsAxes
            return ImageHeader(format: .raw, storedSize: turned ? half.transposed : half)
        }
        switch preview.content {
        case .jpeg(let jpeg):
            let inner = try JPEGDecoding.probe(jpeg)
            return ImageHeader(format: .raw, storedSize: inner.storedSize, orientation: preview.orientation)
        case .pixels(let bitmap):
            return ImageHeader(
                format: .raw, storedSize: PixelSize(width: bitmap.width, height: bitmap.height),
                orientation: preview.orientation)
        }
    }

    /// The preview (or the developed picture, with ``DecodingOptions/rawRendering``) decoded as
    /// ``ImageDecoder/decode(_:options:)`` decodes any image: toward the target, the region,
    /// partial when allowed, upright when asked.
    static func decode(_ bytes: [UInt8], options: DecodingOptions) throws -> DecodedImage {
        let development: Development = options.rawRendering == .develop ? .always : .withoutPreview
        let (extracted, _) = try extract(bytes, maxPixels: options.maxPixels, develop: development)
        guard let preview = extracted else {
            throw ImageCodecError.decoder("the RAW file has no preview and LibRaw cannot develop it")
        }
        return try decode(preview, options: options)
    }

    /// What LibRaw handed out, decoded as ``decode(_:options:)`` says.
    static func decode(_ preview: Preview, options: DecodingOptions) throws -> DecodedImage {
        let orientation = preview.orientation
        switch preview.content {
        case .jpeg(let jpeg):
            var inner = options
            inner.appliesOrientation = false
            let turns = options.appliesOrientation && orientation.swapsAxes
            inner.targetSize = options.targetSize.map { turns ? $0.transposed : $0 }
            if let region = options.region {
                let stored = try JPEGDecoding.probe(jpeg).storedSize
                inner.region = options.appliesOrientation
                    ? orientation.storedRect(for: clamp(region, to: turns ? stored.transposed : stored), stored: stored)
                    : region
            }
            let decoded = try ImageDecoder.decode(jpeg, options: inner)
            let bitmap = options.appliesOrientation ? decoded.bitmap.oriented(orientation) : decoded.bitmap
            let header = ImageHeader(format: .raw, storedSize: decoded.header.storedSize, orientation: orientation)
            return DecodedImage(
                bitmap: bitmap, header: header, scaleDenominator: decoded.scaleDenominator, damage: decoded.damage)
        case .pixels(var bitmap):
            let stored = PixelSize(width: bitmap.width, height: bitmap.height)
            let header = ImageHeader(format: .raw, storedSize: stored, orientation: orientation)
            if options.appliesOrientation { bitmap = bitmap.oriented(orientation) }
            if let region = options.region {
                bitmap = bitmap.cropped(to: clamp(region, to: PixelSize(width: bitmap.width, height: bitmap.height)))
            }
            var denominator = 1
            if options.allowsDCTScaling, let target = options.targetSize, !target.isEmpty {
                let size = PixelSize(width: bitmap.width, height: bitmap.height)
                denominator = DecodePlan.reductionFactor(for: size, covering: target)
                if denominator > 1 { bitmap = bitmap.resized(to: DecodePlan.reducedSize(size, by: denominator)) }
            }
            return DecodedImage(bitmap: bitmap, header: header, scaleDenominator: denominator)
        }
    }

    /// `region` inside a picture of `size` (at least one pixel).
    static func clamp(_ region: PixelRect, to size: PixelSize) -> PixelRect {
        let x = min(max(0, region.x), max(0, size.width - 1))
        let y = min(max(0, region.y), max(0, size.height - 1))
        return PixelRect(
            x: x, y: y, width: max(1, min(region.width, size.width - x)), height: max(1, min(region.height, size.height - y)))
    }

    /// LibRaw's preview, or the developed sensor data as `develop` says; nil with the sensor's
    /// size in the info when there is no preview and `develop` is ``Development/never``.
    static func extract(
        _ bytes: [UInt8], maxPixels: Int, develop: Development
    ) throws(ImageCodecError) -> (Preview?, pf_raw_info) {
        try extract(develop: develop) { (buffer, info, message, capacity) in
            bytes.withUnsafeBufferPointer { input in
                pf_raw_preview(
                    input.baseAddress, input.count, Int64(maxPixels), develop.mode, developTimeoutMilliseconds,
                    buffer, info, message, capacity)
            }
        }
    }

    /// ``extract(_:maxPixels:develop:)`` for the RAW file open as `descriptor`: LibRaw reads only
    /// the parts it needs. Throws `.invalidArgument` when the descriptor is no regular file or
    /// /proc is not there to open it again (``RawFilePicture`` then reads the file whole).
    static func extract(
        descriptor: Int32, maxPixels: Int, develop: Development
    ) throws(ImageCodecError) -> (Preview?, pf_raw_info) {
        try extract(develop: develop) { (buffer, info, message, capacity) in
            pf_raw_preview_file(descriptor, Int64(maxPixels), develop.mode, developTimeoutMilliseconds, buffer, info, message, capacity)
        }
    }

    /// One call of the shim (`call` fills the buffer and the info), its output as a preview.
    private static func extract(
        develop: Development,
        _ call: (UnsafeMutablePointer<pf_buffer>, UnsafeMutablePointer<pf_raw_info>, UnsafeMutablePointer<CChar>, Int) -> pf_status
    ) throws(ImageCodecError) -> (Preview?, pf_raw_info) {
        var buffer = pf_buffer()
        defer { pf_buffer_free(&buffer) }
        var info = pf_raw_info()
        do throws(ImageCodecError) {
            try ShimCall.run(develop == .always ? "RAW sensor data" : "RAW preview") { message, capacity in
                call(&buffer, &info, message, capacity)
            }
        } catch {
            if develop == .never, info.kind == Int32(PF_RAW_NONE.rawValue), info.raw_width > 0, info.raw_height > 0 {
                return (nil, info)
            }
            throw error
        }
        let data = buffer.data.map { Array(UnsafeBufferPointer(start: $0, count: buffer.size)) } ?? []
        let orientation = ExifOrientation(rawValue: Int(info.orientation)) ?? .up
        switch Int32(info.kind) {
        case Int32(PF_RAW_JPEG.rawValue):
            return (Preview(content: .jpeg(data), orientation: orientation, developed: false), info)
        default:
            let width = Int(info.width)
            let height = Int(info.height)
            guard width > 0, height > 0, data.count == width * height * 4 else {
                throw .decoder("RAW preview: LibRaw's pixels do not fill their \(width)×\(height) size")
            }
            let bitmap = Bitmap(uncheckedWidth: width, height: height, bytes: data)
            return (Preview(content: .pixels(bitmap), orientation: orientation, developed: info.developed != 0), info)
        }
    }
}
