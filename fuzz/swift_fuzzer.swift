// libFuzzer targets for the Swift parsers that read other programs' bytes (built by `make fuzz`
// with swiftc -sanitize=fuzzer,address, together with the sources they exercise).
//
// FUZZ_THUMBNAIL: the freedesktop thumbnail-cache reader as FreedesktopThumbnailCache runs it on
// a thumbnail file: the lenient and the strict tEXt walk (PNGTextChunks), the header probe, the
// size class's IHDR bound (xx-large: 1,024 px), then the decode under the class's pixel limit,
// whole and toward a 64×64 box, through the C shim's bounded chunk walk and tail budget; an
// APNG is played for two loops (APNGAnimation's chunk reader and compositing). Before that, for
// any format: PhotoMetadata (EXIF, ICC profile names, the metadata of HEIF, AVIF and JPEG XL
// through their libraries, a JPEG XL's Brotli-compressed Exif box too) and a region decode.
//
// FUZZ_BMP: the BMP decoder (below).
//
// FUZZ_FRESHNESS: the HTTP freshness parser: the input is a header block ("Name: value" lines,
// the first line of a second block is a 304's), parsed into CacheFreshness as a 200 and
// refreshed by the 304 when it selects the entry, every derived figure checked for sanity
// (finite, not negative, delta-seconds at most 2^31), and the value round-tripped through the
// disk cache's JSON.
//
// Any crash, sanitizer report or failed check is a finding.
import Foundation

#if FUZZ_THUMBNAIL
import Vocabulary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThumbnail(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Any format: the info panel's reader (EXIF, the ICC profile through little-cms and zlib,
    // a HEIF's, AVIF's or JPEG XL's metadata through its library) and a zoomed view's region decode.
    _ = try? PhotoMetadata.read(bytes)
    var region = DecodingOptions(targetSize: PixelSize(width: 32, height: 24), maxPixels: 1 << 22)
    region.region = PixelRect(x: 3, y: 2, width: 40, height: 30)
    if let part = try? ImageDecoder.decode(bytes, options: region) {
        precondition(part.bitmap.width <= 40 && part.bitmap.height <= 40, "a region decode larger than its region")
    }
    let lenient = PNGTextChunks.read(bytes)
    guard let text = PNGTextChunks.validated(bytes) else { return 0 }
    // The strict walk never finds a text the lenient one misses.
    precondition(text.allSatisfy { lenient[$0.key] == $0.value }, "the strict walk read another text")
    guard let header = try? ImageDecoder.probe(bytes), header.format == .png,
        header.size.width <= 1024, header.size.height <= 1024
    else { return 0 }
    let limit = 1024 * 1024
    if let whole = try? ImageDecoder.decode(bytes, options: DecodingOptions(maxPixels: limit)) {
        precondition(whole.bitmap.size == header.size, "the decoded size is not the header's")
    }
    _ = try? ImageDecoder.decode(
        bytes, options: DecodingOptions(targetSize: PixelSize(width: 64, height: 64), maxPixels: limit))
    // An APNG: two loops of at most 16 frames through the chunk reader and the compositing.
    if header.isAnimated, let decoder = try? AnimationDecoder(bytes, frameSize: PixelSize(width: 32, height: 32)) {
        for _ in 0..<(2 * min(decoder.frameCount, 16) + 1) {
            guard let frame = try? decoder.nextFrame() else { break }
            precondition(frame.bitmap.size == PixelSize(width: 32, height: 32), "a frame of another size")
        }
    }
    return 0
}
#endif

#if FUZZ_BMP
import Vocabulary

// FUZZ_BMP: the BMP decoder (BMPDecoding, in Swift): the headers, the colour table, packed rows
// of every depth, BITFIELDS masks and RLE4/RLE8, whole and area-averaged. The input is read as
// a BMP whatever its first bytes, so mutations need not keep the "BM" signature.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBMP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.count >= 2 { bytes[0] = 0x42; bytes[1] = 0x4D }
    guard let header = try? BMPDecoding.probe(bytes), header.storedSize.pixelCount <= 1 << 20 else { return 0 }
    if let whole = try? BMPDecoding.decode(bytes) {
        precondition(whole.size == header.storedSize, "the decoded size is not the header's")
    }
    for reduce in [2, 7] {
        if let reduced = try? BMPDecoding.decode(bytes, reduce: reduce) {
            precondition(reduced.size == DecodePlan.reducedSize(header.storedSize, by: reduce), "a reduced decode of another size")
        }
    }
    return 0
}
#endif

#if FUZZ_FRESHNESS
/// "Name: value" lines (LF or CRLF); lines without a colon are skipped.
private func headers(_ text: Substring) -> [String: String] {
    var fields: [String: String] = [:]
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[String(line[..<colon])] = String(line[line.index(after: colon)...])
    }
    return fields
}

private func checkSane(_ freshness: CacheFreshness, at now: Date) {
    let lifetime = freshness.freshnessLifetime()
    let age = freshness.currentAge(at: now)
    precondition(lifetime.isFinite && lifetime >= 0, "lifetime \(lifetime)")
    precondition(age.isFinite && age >= 0, "age \(age)")
    precondition(freshness.maxAge.map { $0 >= 0 && $0 <= CacheFreshness.maxDeltaSeconds } ?? true, "max-age")
    precondition(freshness.ageHeader >= 0 && freshness.ageHeader <= CacheFreshness.maxDeltaSeconds, "Age")
    _ = freshness.isFresh(at: now)
    _ = freshness.conditionalHeaders
    _ = freshness.allowsStaleOnError
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFreshness(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let blocks = text.split(separator: "\n\n", maxSplits: 1, omittingEmptySubsequences: false)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let stored = CacheFreshness(head: DataResponseHead(statusCode: 200, headers: headers(blocks[0])), receivedAt: now)
    checkSane(stored, at: now.addingTimeInterval(3600))
    for value in headers(blocks[0]).values { _ = HTTPDateParser.date(from: value) }
    if blocks.count > 1 {
        let notModified = DataResponseHead(statusCode: 304, headers: headers(blocks[1]))
        if stored.isSelected(by: notModified) {
            checkSane(stored.refreshed(by: notModified, receivedAt: now.addingTimeInterval(60)), at: now.addingTimeInterval(90))
        }
        if let validator = notModified.header("ETag") { _ = stored.identifies(validator: validator) }
    }
    // As the disk cache keeps it: encoded to JSON and back (Codable).
    if let json = try? JSONEncoder().encode(stored) {
        precondition((try? JSONDecoder().decode(CacheFreshness.self, from: json)) != nil, "the entry does not decode back")
    }
    return 0
}
#endif

#if FUZZ_TERMINAL
// FUZZ_TERMINAL: the terminal input grammar (TerminalInputParser), which reads whatever a
// terminal, or something pretending to be one, sends: keys, mouse reports and replies. The
// input is fed whole, a byte at a time, and in pieces cut where the first byte says; the three
// must decode the same (splitting never changes the meaning), and nothing may crash or grow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var whole = TerminalInputParser()
    let expected = whole.feed(bytes)
    var single = TerminalInputParser()
    var oneByOne: [TerminalInput] = []
    for byte in bytes { oneByOne += single.feed(CollectionOfOne(byte)) }
    precondition(oneByOne == expected, "a byte at a time decoded differently")
    precondition(single.waiting == whole.waiting, "a byte at a time ended elsewhere")
    let cut = max(1, Int(bytes.first ?? 1))
    var pieces = TerminalInputParser()
    var pieced: [TerminalInput] = []
    var start = 0
    while start < bytes.count {
        pieced += pieces.feed(bytes[start..<min(bytes.count, start + cut)])
        start += cut
    }
    precondition(pieced == expected, "pieces decoded differently")
    for input in expected {
        if case .reply(.version(let text)) = input {
            precondition(text.utf8.count <= TerminalReply.maximumTextLength, "a version too long")
            precondition(text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }, "a version with controls")
        }
    }
    _ = whole.expire()
    return 0
}
#endif
