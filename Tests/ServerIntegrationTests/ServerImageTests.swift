import Foundation
import ImageCodecs
import Testing
import TestSupport
@testable import PicsumServer
@testable import PicsumServerTests
import Vocabulary

@Suite("Live server: image routes", .tags(.realTime), .timeLimit(.minutes(2)))
struct ServerImageTests {
    private func decode(_ result: HTTPResult) throws -> Bitmap {
        try ImageDecoder.decode(result.body).bitmap
    }

    @Test(arguments: [("/id/3/120/80", 120, 80), ("/id/3/64", 64, 64), ("/id/5/33/47.jpg", 33, 47),
                      ("/seed/picsum/90/60", 90, 60), ("/id/0/1/1", 1, 1), ("/id/9/700/20", 700, 20)])
    func imagesComeAtTheAskedSize(path: String, width: Int, height: Int) async throws {
        try await withServer { _, client in
            // Given an image URL / When fetched / Then it is a JPEG of exactly that size.
            let result = try await client.get(path)
            #expect(result.status == 200)
            #expect(result.header("Content-Type") == "image/jpeg")
            #expect(result.header("Content-Length") == String(result.body.count))
            #expect(ImageFormat.sniff(result.body) == .jpeg)
            let bitmap = try decode(result)
            #expect(bitmap.width == width && bitmap.height == height)
        }
    }

    @Test func aWebPIsServedForAPathEndingInWebPLikeTheJPEG() async throws {
        try await withServer { _, client in
            // Given the same representation asked for as a JPEG and as a WebP
            let jpeg = try await client.get("/id/3/120/80")
            let webp = try await client.get("/id/3/120/80.webp")
            // Then the WebP is one, of the asked size, with its own validator
            #expect(webp.status == 200)
            #expect(webp.header("Content-Type") == "image/webp")
            #expect(webp.header("Content-Length") == String(webp.body.count))
            #expect(ImageFormat.sniff(webp.body) == .webp)
            let picture = try decode(webp)
            #expect(picture.width == 120 && picture.height == 80)
            #expect(webp.header("ETag") != jpeg.header("ETag"))
            // And it shows the same picture as the JPEG (both lossy: close, not equal)
            let reference = try decode(jpeg)
            var difference = 0
            for y in 0..<80 {
                for x in 0..<120 {
                    let a = picture[x, y], b = reference[x, y]
                    difference += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                }
            }
            #expect(Double(difference) / Double(120 * 80 * 3) < 12, "mean channel difference \(Double(difference) / Double(120 * 80 * 3))")
            // And a random size keeps the format through its redirect
            let random = try await client.get("/64/48.webp")
            #expect(random.status == 302)
            #expect(random.header("Location")?.hasSuffix("/64/48.webp") == true, "\(random.header("Location") ?? "")")
        }
    }

    @Test func aSeedAlwaysShowsTheSameImageAndIdsDiffer() async throws {
        try await withServer { _, client in
            let first = try await client.get("/seed/hello/50/50")
            let again = try await client.get("/seed/hello/50/50")
            #expect(first.body == again.body)
            // Neighbouring ids look different.
            let a = try await client.get("/id/10/50/50")
            let b = try await client.get("/id/11/50/50")
            #expect(a.header("ETag") != b.header("ETag"))
        }
    }

    @Test func grayscaleHasEqualChannels() async throws {
        try await withServer { _, client in
            // Given a colour photo's id / When fetched with ?grayscale / Then every pixel has r≈g≈b.
            let colour = try decode(try await client.get("/id/0/80/60"))
            let gray = try decode(try await client.get("/id/0/80/60?grayscale"))
            var maxSpread = 0
            var colourSpread = 0
            for y in 0..<gray.height {
                for x in 0..<gray.width {
                    let p = gray[x, y]
                    maxSpread = max(maxSpread, Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)))
                    let c = colour[x, y]
                    colourSpread = max(colourSpread, Int(max(c.r, c.g, c.b)) - Int(min(c.r, c.g, c.b)))
                }
            }
            #expect(maxSpread <= 6)
            // (The fixture id must be colourful for the test to mean anything.)
            #expect(colourSpread > 30)
        }
    }

    @Test func blurSmoothsTheImage() async throws {
        try await withServer { _, client in
            // Given one representation sharp and blurred / Then the blurred one has less local contrast.
            let sharp = try decode(try await client.get("/id/4/120/120"))
            let blurred = try decode(try await client.get("/id/4/120/120?blur=8"))
            let defaultBlur = try await client.get("/id/4/120/120?blur")
            #expect(defaultBlur.status == 200)
            #expect(Self.edgeEnergy(blurred) < Self.edgeEnergy(sharp) * 0.7)
            #expect(try await client.get("/id/4/120/120?blur=11").status == 400)
        }
    }

    @Test(arguments: ["/id/1/0/10", "/id/1/-3/10", "/id/1/abc/10", "/id/1/6000/10", "/0/0", "/9000"])
    func badSizesAre400(path: String) async throws {
        try await withServer { _, client in
            let result = try await client.get(path)
            #expect(result.status == 400)
            #expect(String(decoding: result.body, as: UTF8.self).contains("size"))
        }
    }

    @Test(arguments: ["/id/1000/10/10", "/id/abc/10/10", "/id/-1/10", "/nothing/here/at/all"])
    func unknownIdsAre404(path: String) async throws {
        try await withServer { _, client in
            let result = try await client.get(path)
            #expect(result.status == 404)
        }
    }

    @Test func randomSizeRedirectsToAnIdKeepingTheQuery() async throws {
        try await withServer { server, client in
            // Given /{w}/{h}?grayscale / When fetched without following redirects / Then 302 to /id/N/w/h?grayscale.
            let result = try await client.get("/200/300?grayscale&blur=2")
            #expect(result.status == 302)
            let location = try #require(result.header("Location"))
            let prefix = server.baseURL.absoluteString + "/id/"
            #expect(location.hasPrefix(prefix))
            #expect(location.hasSuffix("/200/300?grayscale&blur=2"))
            let square = try #require(try await client.get("/64").header("Location"))
            #expect(square.hasSuffix("/64/64"))
            // And the target serves.
            let target = String(location.dropFirst(server.baseURL.absoluteString.count))
            #expect(try await client.get(target).status == 200)
        }
    }

    /// Sum of absolute differences between horizontal neighbours' green channel.
    static func edgeEnergy(_ bitmap: Bitmap) -> Double {
        var total = 0
        for y in 0..<bitmap.height {
            for x in 1..<bitmap.width {
                total += abs(Int(bitmap[x, y].g) - Int(bitmap[x - 1, y].g))
            }
        }
        return Double(total)
    }
}

@Suite("Live server: animations among the first ids", .tags(.realTime), .timeLimit(.minutes(2)))
struct ServerAnimationTests {
    @Test func animationsAreServedAtTheSizeAskedForAtTheirIdsAndTheStillsStayPut() async throws {
        // Given a server whose animations folder holds an animated GIF and an animated WebP
        let animated = Fixtures.assets.appendingPathComponent("animated")
        let (stillBefore, listedBefore) = try await withServer { _, client in
            (try await client.get("/id/0/40/30").body, try await client.get("/v2/list?limit=6").body)
        }
        try await withServer({ $0.animationsDirectory = animated }) { _, client in
            // When ids 1 and 3 are asked for at their own size or larger
            let gif = try await client.get("/id/1/180/120")
            let webp = try await client.get("/id/3/480/480.webp")
            // Then they are the files as they are, with their own media types
            #expect(gif.status == 200)
            #expect(gif.header("Content-Type") == "image/gif")
            #expect(gif.body == Array(try Data(contentsOf: animated.appendingPathComponent("chelsea-pan.gif"))))
            #expect(try ImageDecoder.probe(gif.body).isAnimated)
            #expect(webp.header("Content-Type") == "image/webp")
            #expect(webp.body == Array(try Data(contentsOf: animated.appendingPathComponent("rocket-astronaut-fade.webp"))))
            // When the GIF is asked for as a thumbnail
            let thumbnail = try await client.get("/id/1/40/30")
            // Then it is an animated WebP covering the size with the GIF's aspect, far smaller than the file
            #expect(thumbnail.status == 200)
            #expect(thumbnail.header("Content-Type") == "image/webp")
            let scaled = try ImageDecoder.probe(thumbnail.body)
            #expect(scaled.isAnimated && scaled.size == PixelSize(width: 45, height: 30))
            #expect(thumbnail.body.count * 10 < gif.body.count)
            // And the list gives them their whole size; the next block of 24 ids repeats them
            let list = try #require(try JSONSerialization.jsonObject(with: Data(try await client.get("/v2/list?limit=6").body)) as? [[String: Any]])
            #expect(list[1]["width"] as? Int == 180 && list[1]["height"] as? Int == 120)
            #expect(list[3]["width"] as? Int == 240 && list[3]["height"] as? Int == 160)
            #expect(try await client.get("/id/25/180/120").header("Content-Type") == "image/gif")
            // And the stills' ids show what they showed without animations
            #expect(try await client.get("/id/0/40/30").body == stillBefore)
            let before = try #require(try JSONSerialization.jsonObject(with: Data(listedBefore)) as? [[String: Any]])
            for index in [0, 2, 4, 5] { #expect(list[index]["width"] as? Int == before[index]["width"] as? Int, "id \(index)") }
        }
    }
}
