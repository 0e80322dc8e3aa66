import Testing
@testable import PicsumServer

@Suite("Route parsing (no socket)")
struct PicsumRouteTests {
    private func parse(_ path: String, _ query: String? = nil) throws(PicsumRoute.Failure) -> PicsumRoute {
        try PicsumRoute.parse(path: path, query: query)
    }

    private func options(_ w: Int, _ h: Int, gray: Bool = false, blur: Int = 0) -> ImageOptions {
        ImageOptions(width: w, height: h, grayscale: gray, blur: blur)
    }

    @Test func listDefaultsAndClamps() throws {
        // Given list URLs / When parsed / Then page starts at 1, limit defaults to 30 and stops at 100.
        #expect(try parse("/v2/list") == .list(page: 1, limit: 30))
        #expect(try parse("/v2/list", "page=3&limit=10") == .list(page: 3, limit: 10))
        #expect(try parse("/v2/list", "limit=1000") == .list(page: 1, limit: 100))
        #expect(throws: PicsumRoute.Failure.self) { try parse("/v2/list", "page=abc") }
        #expect(throws: PicsumRoute.Failure.self) { try parse("/v2/list", "page=0") }
    }

    @Test func imageRoutes() throws {
        // Given the picsum image URL shapes / When parsed / Then id, size and effects come out.
        #expect(try parse("/id/7/200/300") == .image(id: "7", options(200, 300)))
        #expect(try parse("/id/7/64") == .image(id: "7", options(64, 64)))
        #expect(try parse("/id/7/200/300.jpg") == .image(id: "7", options(200, 300)))
        #expect(try parse("/id/7/64.jpg", "grayscale") == .image(id: "7", options(64, 64, gray: true)))
        #expect(try parse("/id/7/10/20", "blur") == .image(id: "7", options(10, 20, blur: 5)))
        #expect(try parse("/id/7/10/20", "grayscale&blur=2") == .image(id: "7", options(10, 20, gray: true, blur: 2)))
        #expect(try parse("/seed/hello/30/40") == .seededImage(seed: "hello", options(30, 40)))
        #expect(try parse("/id/3/info") == .info(id: "3"))
        #expect(try parse("/seed/hello/info") == .seededInfo(seed: "hello"))
        #expect(try parse("/200/300", "grayscale") == .random(options(200, 300, gray: true), query: "grayscale"))
        #expect(try parse("/200") == .random(options(200, 200), query: nil))
        #expect(try parse("/control/shaping") == .controlShaping)
    }

    @Test func aPathEndingInWebPAsksForAWebP() throws {
        // Given picsum's `.webp` image URLs / When parsed / Then the options say WebP, the rest as for JPEG
        var webp = options(200, 300)
        webp.format = .webp
        #expect(try parse("/id/7/200/300.webp") == .image(id: "7", webp))
        #expect(try parse("/seed/s/200/300.WEBP") == .seededImage(seed: "s", webp))
        #expect(try parse("/200/300.webp") == .random(webp, query: nil))
        var square = options(64, 64, gray: true)
        square.format = .webp
        #expect(try parse("/id/7/64.webp", "grayscale") == .image(id: "7", square))
        #expect(try parse("/id/7/200/300.jpg") == .image(id: "7", options(200, 300)), "a JPEG stays a JPEG")
        #expect(throws: PicsumRoute.Failure.self) { try parse("/id/7/200/300.gif") }
    }

    @Test(arguments: ["/id/1/0/10", "/id/1/-5/10", "/id/1/abc", "/id/1/5001/10", "/id/1/10/99999999999999999999",
                      "/0/10", "/-1", "/6000"])
    func badSizesAreBadRequests(path: String) {
        // Given an impossible size / When parsed / Then it is a 400 with a message.
        #expect {
            try parse(path)
        } throws: { error in
            guard case .badRequest(let message) = error as? PicsumRoute.Failure else { return false }
            return message.contains("size")
        }
    }

    @Test(arguments: ["blur=0", "blur=11", "blur=x"])
    func badBlurIsBadRequest(query: String) {
        #expect(throws: PicsumRoute.Failure.self) { try parse("/id/1/10/10", query) }
    }

    @Test(arguments: ["/", "/nope", "/id/1/2/3/4", "/v2", "/seed/x", "/favicon.ico"])
    func unknownPathsAreNotFound(path: String) {
        #expect {
            try parse(path)
        } throws: { error in
            if case .notFound = error as? PicsumRoute.Failure { return true }
            return false
        }
    }
}
