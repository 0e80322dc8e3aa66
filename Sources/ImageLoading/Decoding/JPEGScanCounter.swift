/// Counts the scans of a progressive JPEG that have arrived completely, reading only the bytes
/// that came since the last call: what tells a download that a new preview is worth decoding.
///
/// A scan is complete once the marker after its entropy-coded data (the next scan's tables or
/// SOS, or EOI) has arrived. Marker segments are skipped by their lengths, so an Exif thumbnail
/// (a whole JPEG inside APP1) is never mistaken for scans. It stops for good (`isTracking`
/// false) on bytes that are not a JPEG and on a baseline or lossless frame: those have no
/// previews. Pure and cheap: each byte is looked at about once.
///
/// ```swift
/// var counter = JPEGScanCounter()
/// counter.advance(over: received)   // after each chunk
/// counter.completedScans            // 3
/// ```
struct JPEGScanCounter: Sendable, Hashable {
    private enum State: Sendable, Hashable {
        case start, segments, entropy, stopped
    }

    /// Scans whose data has arrived completely.
    private(set) var completedScans = 0
    /// True once a progressive frame header (SOF2, SOF6, SOF10, SOF14) was seen.
    private(set) var isProgressive = false
    private var state = State.start
    private var position = 0
    private var startedScans = 0

    /// False once the bytes turned out not to be a progressive JPEG, or its EOI arrived.
    var isTracking: Bool { state != .stopped }

    /// Reads `bytes` (everything received so far, growing between calls) from where the last
    /// call stopped; returns `completedScans`.
    @discardableResult
    mutating func advance(over bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { advance(over: $0) }
        return completedScans
    }

    private mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        while state != .stopped {
            switch state {
            case .start:
                guard count >= 2 else { return }
                guard bytes[0] == 0xFF, bytes[1] == 0xD8 else { return stop() }
                position = 2
                state = .segments
            case .segments:
                // Skip anything that is not a marker (libjpeg does too, with a warning).
                while position < count, bytes[position] != 0xFF { position += 1 }
                guard position + 1 < count else { return }
                let marker = bytes[position + 1]
                switch marker {
                case 0xFF:
                    position += 1  // a fill byte
                    continue
                case 0x00, 0x01, 0xD0...0xD8:
                    position += 2  // no length
                    continue
                case 0xD9:
                    completedScans = startedScans
                    return stop()
                default:
                    break
                }
                guard position + 3 < count else { return }
                let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    guard [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) else { return stop() }
                    isProgressive = true
                }
                position += 2 + length
                if marker == 0xDA {
                    guard isProgressive else { return stop() }
                    startedScans += 1
                    state = .entropy
                }
            case .entropy:
                guard position < count else { return }
                var index = position
                while index < count, bytes[index] != 0xFF { index += 1 }
                guard index + 1 < count else {
                    position = index  // keep a trailing 0xFF for the next call
                    return
                }
                let next = bytes[index + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) {
                    position = index + 2  // stuffed byte or restart marker: still in the scan
                } else {
                    completedScans = startedScans
                    position = index
                    state = .segments
                }
            case .stopped:
                return
            }
        }
    }

    private mutating func stop() {
        state = .stopped
    }
}
