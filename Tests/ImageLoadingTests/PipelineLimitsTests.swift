import Foundation
@testable import ImageLoading
import Testing

@Suite struct PipelineLimitsTests {
    let url = Fixtures.url

    @Test func contentLengthOverTheLimitFailsBeforeReading() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Array(repeating: 0, count: 2_000)))
        let pipeline = Fixtures.pipeline(loader: loader, limits: .init(maxResponseBytes: 1_000))
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
        #expect(error?.kind == .tooLarge)
        #expect(pipeline.counters.bytesReceived == 0)
    }

    @Test func streamingPastTheLimitFailsWithoutContentLength() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Array(repeating: 0, count: 5_000), chunkSize: 100, sendsContentLength: false))
        let pipeline = Fixtures.pipeline(loader: loader, limits: .init(maxResponseBytes: 1_000))
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
        #expect(error?.kind == .tooLarge)
        #expect(pipeline.counters.bytesReceived <= 1_100)
    }

    @Test func hostileContentLengthIsIgnoredNotTrusted() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(headers: ["Content-Length": "99999999999999999999999"], body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .network)
    }

    @Test func pixelLimitIsCheckedFromTheHeader() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg(width: 64, height: 48)))
        let pipeline = Fixtures.pipeline(loader: loader, limits: .init(maxDecodedPixels: 1_000))
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
        #expect(error?.kind == .tooLarge)
        #expect(error?.description.contains("64×48") == true)
    }

    @Test func garbageBytesAreAnUnsupportedFormatWhateverTheContentType() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(headers: ["Content-Type": "image/jpeg"], body: Array("<html>nope</html>".utf8)))
        let pipeline = Fixtures.pipeline(loader: loader)
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
        #expect(error?.kind == .unsupportedFormat)
        // Said once: "unsupported format: not a JPEG, … (17 bytes)", never "unsupported format: unsupported format: …"
        #expect(error?.description.hasPrefix("unsupported format: not a JPEG, PNG") == true, "\(String(describing: error))")
        #expect(error?.description.hasSuffix("(17 bytes)") == true, "\(String(describing: error))")
        #expect(error?.description.contains("unsupported format: unsupported format") == false)
    }

    @Test func aJPEGServedAsTextStillDecodes() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(headers: ["Content-Type": "text/plain"], body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)
        #expect(try await pipeline.image(for: ImageRequest(string: url)).bitmap.size.width == 64)
    }

    @Test(arguments: ["", "ht tp://bad url", "ftp://host/a.jpg", "http:///no-host.jpg", "mailto:a@b.c"])
    func invalidURLsFailInsteadOfLoadingForever(text: String) async throws {
        let pipeline = Fixtures.pipeline(loader: MockDataLoader())
        let task = pipeline.imageTask(for: ImageRequest(string: text))
        var last: ImagePhase = .idle
        for await phase in task.phases { last = phase }
        #expect(last.error?.kind == .invalidURL)
    }

    @Test func aNilURLFails() async throws {
        let pipeline = Fixtures.pipeline(loader: MockDataLoader())
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(url: nil)) }
        #expect(error?.kind == .invalidURL)
    }

    @Test func plainPathsAreFileURLs() {
        #expect(ImageRequest(string: "/tmp/a.jpg").url?.isFileURL == true)
        #expect(ImageRequest(string: "photos/a.jpg").url?.isFileURL == true)
        #expect(ImageRequest(string: "https://x/a.jpg").url?.scheme == "https")
    }

    @Test func httpErrorsAreTypedFailures() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(status: 404))
        let pipeline = Fixtures.pipeline(loader: loader)
        await #expect(throws: ImageLoadError.httpStatus(404)) { try await pipeline.image(for: ImageRequest(string: url)) }
    }
}

@Suite struct PipelineRequestHeaderTests {
    @Test func extraHeadersAreSentAndUnsafeOnesNeverReachTheWire() async throws {
        let loader = MockDataLoader()
        loader.set(Fixtures.url, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)
        _ = try await pipeline.image(for: ImageRequest(string: Fixtures.url, headers: ["X-Token": "abc", "Accept": "image/*"]))
        let sent = try #require(loader.requests.first)
        #expect(sent.header("X-Token") == "abc")
        #expect(sent.header("accept") == "image/*")
        #expect(HTTPDataLoader.isSafeHeader(name: "X-Token", value: "abc"))
        #expect(!HTTPDataLoader.isSafeHeader(name: "X-Evil", value: "a\r\nHost: other"))
        #expect(!HTTPDataLoader.isSafeHeader(name: "Bad Name", value: "x"))
    }
}

@Suite struct PipelineHostileProcessorTests {
    @Test func anAbsurdResizeTargetIsRefusedNotAllocated() async throws {
        let loader = MockDataLoader()
        loader.set(Fixtures.url, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)
        let request = ImageRequest(
            string: Fixtures.url, processors: [.resize(to: .init(width: 1_000_000, height: 1_000_000), mode: .fill)])
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: request) }
        #expect(error?.kind == .tooLarge)
    }
}
