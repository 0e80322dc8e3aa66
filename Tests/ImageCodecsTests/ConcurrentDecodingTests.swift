import ImageCodecs
import Testing
import Vocabulary

@Suite("Decoding from many threads at once")
struct ConcurrentDecodingTests {
    @Test func concurrentDecodesMatchSerialOnes() async throws {
        // Given every small asset (every encoding the library has; the large photographs would
        // only add seconds) and its serially decoded thumbnail
        let names = TestAssets.smallNames
        #expect(names.count >= 15)
        let options = DecodingOptions(targetSize: PixelSize(width: 80, height: 40))
        var expected: [String: Bitmap] = [:]
        for name in names {
            expected[name] = try ImageDecoder.decode(try TestAssets.bytes(name), options: options).bitmap
        }

        // When each is decoded four times concurrently, with corrupt inputs interleaved
        let results = try await withThrowingTaskGroup(of: (String, Bitmap?).self) { group in
            for round in 0..<4 {
                for name in names {
                    let bytes = try TestAssets.bytes(name)
                    group.addTask {
                        if round == 1 {
                            _ = try? ImageDecoder.decode(Array(bytes.prefix(bytes.count / 3)))
                        }
                        return (name, try ImageDecoder.decode(bytes, options: options).bitmap)
                    }
                }
            }
            var all: [(String, Bitmap?)] = []
            for try await result in group { all.append(result) }
            return all
        }

        // Then every result equals the serial one (no shared state in the shim)
        #expect(results.count == names.count * 4)
        for (name, bitmap) in results {
            #expect(bitmap == expected[name], "\(name)")
        }
    }
}
