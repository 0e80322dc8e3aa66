import CExempi
import Synchronization

/// One XMP packet in memory, through exempi (Debian's libexempi8: Adobe's XMP toolkit behind a C
/// API). A sidecar is parsed into a packet, a few properties are read or changed by their
/// namespace and name, and the packet is serialized again: every property, namespace and
/// structure the toolkit read (darktable's history, digiKam's keywords and face regions) is
/// written back as it was. Failures come back as ``XMPFailure`` values; nothing exits.
///
/// Every call into the toolkit takes one process-wide lock, held only for that synchronous call.
///
/// ```swift
/// var packet = try XMPPacket(parsing: bytes)
/// let rating = packet.property(XMPDecisionMapping.rating)   // "3"
/// try packet.setProperty(XMPDecisionMapping.rating, to: "4")
/// let written = try packet.serialized()
/// ```
struct XMPPacket: ~Copyable {
    private let pointer: XmpPtr

    /// An empty packet, for a new sidecar.
    init() throws(XMPFailure) {
        try Exempi.prepare()
        guard let pointer = Exempi.locked({ xmp_new_empty() }) else { throw XMPFailure("make an empty packet", code: Exempi.lastError()) }
        self.pointer = pointer
    }

    /// The packet `bytes` hold (an XMP document: `x:xmpmeta`, or `rdf:RDF` alone).
    init(parsing bytes: [UInt8]) throws(XMPFailure) {
        try Exempi.prepare()
        let parsed: (XmpPtr?, Int32) = Exempi.locked {
            guard let pointer = xmp_new_empty() else { return (nil, xmp_get_error()) }
            let ok = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    characters.baseAddress.map { xmp_parse(pointer, $0, characters.count) } ?? false
                }
            }
            guard ok else {
                let code = xmp_get_error()
                xmp_free(pointer)
                return (nil, code)
            }
            return (pointer, 0)
        }
        guard let pointer = parsed.0 else { throw XMPFailure("read it as XMP", code: parsed.1) }
        self.pointer = pointer
    }

    /// Takes over a packet exempi made (xmp_files_get_new_xmp).
    init(adopting pointer: XmpPtr) {
        self.pointer = pointer
    }

    deinit {
        let pointer = self.pointer
        Exempi.locked { _ = xmp_free(pointer) }
    }

    /// A simple property's value, nil when the packet has none (or it is an array or a structure).
    func property(_ name: XMPName) -> String? {
        Exempi.locked {
            guard let value = xmp_string_new() else { return nil }
            defer { xmp_string_free(value) }
            var options: UInt32 = 0
            guard xmp_get_property(pointer, name.namespace, name.property, value, &options) else { return nil }
            guard let text = xmp_string_cstr(value) else { return nil }
            return String(cString: text)
        }
    }

    /// Sets a simple property to `value`, registering its namespace's usual prefix if the
    /// toolkit does not know it.
    func setProperty(_ name: XMPName, to value: String) throws(XMPFailure) {
        let code: Int32 = Exempi.locked {
            if let prefix = xmp_string_new() {
                if !xmp_namespace_prefix(name.namespace, prefix) { _ = xmp_register_namespace(name.namespace, name.prefix, nil) }
                xmp_string_free(prefix)
            }
            return xmp_set_property(pointer, name.namespace, name.property, value, 0) ? 0 : xmp_get_error()
        }
        if code != 0 { throw XMPFailure("set \(name)", code: code) }
    }

    /// Removes a property (nothing when there is none).
    func deleteProperty(_ name: XMPName) {
        Exempi.locked {
            if xmp_has_property(pointer, name.namespace, name.property) {
                _ = xmp_delete_property(pointer, name.namespace, name.property)
            }
        }
    }

    /// Whether the packet holds the property.
    func has(_ name: XMPName) -> Bool {
        Exempi.locked { xmp_has_property(pointer, name.namespace, name.property) }
    }

    /// The packet as a sidecar's bytes: UTF-8, no `<?xpacket?>` wrapper, no padding (as
    /// darktable, digiKam and Lightroom write sidecars).
    func serialized() throws(XMPFailure) -> [UInt8] {
        let result: ([UInt8]?, Int32) = Exempi.locked {
            guard let buffer = xmp_string_new() else { return (nil, xmp_get_error()) }
            defer { xmp_string_free(buffer) }
            let options = UInt32(XMP_SERIAL_OMITPACKETWRAPPER)
            guard xmp_serialize(pointer, buffer, options, 0), let text = xmp_string_cstr(buffer) else { return (nil, xmp_get_error()) }
            let count = xmp_string_len(buffer)
            return (text.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }, 0)
        }
        guard let bytes = result.0 else { throw XMPFailure("write it as XMP", code: result.1) }
        return bytes
    }
}

/// A property's name: its namespace URI, the namespace's usual prefix, and the property.
struct XMPName: Hashable, Sendable, CustomStringConvertible {
    let namespace: String
    let prefix: String
    let property: String

    var description: String { "\(prefix):\(property)" }
}

/// Why exempi refused: what was attempted and the toolkit's error code.
struct XMPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    let operation: String
    let code: Int32

    init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// "could not read it as XMP (the XML is not well formed)".
    var description: String { "could not \(operation) (\(Exempi.reason(code)))" }
}

/// The toolkit's process-wide state: initialised once, every call under one lock.
enum Exempi {
    private static let lock = Mutex(())
    private static let initialised: Bool = lock.withLock { _ in xmp_init() }

    /// Initialises the toolkit on first use; a failure is a value.
    static func prepare() throws(XMPFailure) {
        guard initialised else { throw XMPFailure("start the XMP toolkit (exempi)", code: lastError()) }
    }

    static func locked<Result>(_ body: () -> Result) -> Result {
        lock.withLock { _ in body() }
    }

    static func lastError() -> Int32 { locked { xmp_get_error() } }

    /// The error codes a sidecar meets, in words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case -201: "the XML is not well formed"
        case -202, -203: "it is XML but not valid XMP"
        case -205: "it is not valid UTF-8"
        case -106: "it could not be parsed"
        case -108: "the file's format is not one exempi reads"
        case -109: "exempi has no handler for this file's format"
        case -15: "out of memory"
        default: "exempi error \(code)"
        }
    }
}
