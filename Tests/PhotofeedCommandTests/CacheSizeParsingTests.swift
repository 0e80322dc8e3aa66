import ArgumentParser
import Testing

@testable import photofeed

/// `--memory-cache`, `--disk-cache`, `prune --max-size` and `prune --older-than` read sizes
/// and ages as people write them, and refuse the rest with a message.
@Suite("Cache sizes and ages parse")
struct CacheSizeParsingTests {
    @Test func sizesWithDecimalAndBinaryUnits() throws {
        // Given sizes as written, When parsed, Then decimal units are powers of 1000, binary of 1024
        let cases: [(String, Int)] = [
            ("2048", 2048), ("100MB", 100_000_000), ("100 mb", 100_000_000), ("1GiB", 1 << 30), ("512KiB", 512 << 10),
            ("1.5GB", 1_500_000_000), ("20MB", 20_000_000), ("1KB", 1000), ("3B", 3), ("1TiB", 1 << 40),
        ]
        for (text, bytes) in cases {
            #expect(try ByteSize.parse(text) == bytes, "\(text)")
        }
    }

    @Test func nonsenseSizesAreRefused() {
        // Given sizes that mean nothing, or too much
        for text in ["", "MB", "12XB", "-5MB", "1e9", "1.5", "0", "1.2.3MB", "100M", "2PiB", ".5GB", "0.0001KB"] {
            // When parsed, Then each is refused with the text in the message
            #expect(throws: ByteSize.Invalid.self, "\(text)") { try ByteSize.parse(text) }
        }
        #expect((try? ByteSize.parse("12XB")) == nil)
        do {
            _ = try ByteSize.parse("100M")
        } catch {
            #expect(error.description.contains("unknown unit 'm'"))
        }
    }

    @Test func sizesFormatInBinaryUnits() {
        #expect(ByteSize.format(128 << 20) == "128 MiB")
        #expect(ByteSize.format(200 << 20) == "200 MiB")
        #expect(ByteSize.format(1000) == "1000 B")
    }

    @Test func agesWithUnits() throws {
        #expect(try CacheAge.parse("90s") == 90)
        #expect(try CacheAge.parse("45m") == 2700)
        #expect(try CacheAge.parse("12h") == 43_200)
        #expect(try CacheAge.parse("30d") == 2_592_000)
        #expect(try CacheAge.parse("2w") == 1_209_600)
        for text in ["", "d", "30", "soon", "-1d", "1.5d", "99999999999999w"] {
            #expect(throws: CacheAge.Invalid.self, "\(text)") { try CacheAge.parse(text) }
        }
    }

    @Test func cacheFlagsDefaultToTheCachesOwnSizes() throws {
        // Given no flags, When parsed, Then the caches' own defaults; with flags, their bytes
        let defaults = try CacheSizeOptions.parse([])
        #expect(try defaults.memoryBytes() == 128 << 20)
        #expect(try defaults.diskBytes() == 200 << 20)
        let given = try CacheSizeOptions.parse(["--memory-cache", "20MB", "--disk-cache", "1GiB"])
        #expect(try given.memoryBytes() == 20_000_000)
        #expect(try given.diskBytes() == 1 << 30)
        // And nonsense is a usage error naming the flag
        #expect(throws: (any Error).self) { try CacheSizeOptions.parse(["--memory-cache", "lots"]) }
    }
}
