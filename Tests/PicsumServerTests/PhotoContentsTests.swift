import Foundation
import Logging
import Testing

@testable import PicsumServer

/// A library keeps its photos' headers, not their bytes: the bytes are read when a photo is
/// rendered, and a file changed since it was probed is an error naming it; a library checked on
/// first render probes and never decodes at start.
@Suite("Photo contents and the decode check on first render")
struct PhotoContentsTests {
    private func library(_ extra: [String: [UInt8]] = [:]) throws -> URL {
        try Fixtures.temporaryLibrary(copying: ["coffee.jpg", "clock.jpg"], extra: extra)
    }

    @Test func theBytesAreReadWhenAskedForAndAChangedFileIsAnError() throws {
        // Given a library of two photos
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = try PhotoLibrary(directory: directory, logger: Fixtures.quietLogger).photos
        let coffee = try #require(photos.first { $0.name == "coffee.jpg" })

        // When a photo's contents are asked for / Then they are the file's
        let file = directory.appendingPathComponent("coffee.jpg")
        #expect(try coffee.contents() == [UInt8](try Data(contentsOf: file)))

        // When the file is replaced by another photo, then removed
        try FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: Fixtures.assets.appendingPathComponent("horse.png"), to: file)
        // Then each read is an error naming the photo and why
        #expect { try coffee.contents() } throws: { error in
            (error as? PicsumServerError)?.kind == .undecodablePhoto && "\(error)".contains("coffee.jpg")
                && "\(error)".contains("changed since the server started")
        }
        try FileManager.default.removeItem(at: file)
        #expect { try coffee.contents() } throws: { error in
            (error as? PicsumServerError)?.kind == .undecodablePhoto && "\(error)".contains("cannot be read")
        }
    }

    @Test func onFirstRenderHeadersProbedFromTheFilesFirstBytesAreTheWholeFilesHeaders() throws {
        // Given the assets, and a JPEG whose frame header comes after 120 KB of comments
        let coffee = try [UInt8](Data(contentsOf: Fixtures.assets.appendingPathComponent("coffee.jpg")))
        let comment: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 0xFFFD)
        let late = Array(coffee.prefix(2)) + comment + comment + Array(coffee.dropFirst(2))
        let directory = try Fixtures.temporaryLibrary(copying: [], extra: ["late.jpg": late])
        defer { try? FileManager.default.removeItem(at: directory) }

        // When the libraries are loaded to be checked on first render, and at start
        for folder in [Fixtures.assets, directory] {
            let deferred = try PhotoLibrary(directory: folder, logger: Fixtures.quietLogger, decodeCheck: .onFirstRender)
            let checked = try PhotoLibrary(directory: folder, logger: Fixtures.quietLogger, decodeCheck: .atStart)
            // Then every photo has the same header either way (size, orientation, format), and its
            // contents read back as the file's
            #expect(deferred.photos.map(\.name) == checked.photos.map(\.name))
            #expect(deferred.photos.map(\.header) == checked.photos.map(\.header))
            for photo in deferred.photos {
                #expect(try photo.contents().count == [UInt8](try Data(contentsOf: photo.url)).count, "\(photo.name)")
            }
        }
    }

    @Test func onFirstRenderAPhotoCutAfterItsHeaderIsListedAndFailsWhenDecoded() throws {
        // Given a library with a good photo and one cut after its header
        let whole = try [UInt8](Data(contentsOf: Fixtures.assets.appendingPathComponent("coffee.jpg")))
        let directory = try library(["cut.jpg": Array(whole.prefix(3000))])
        defer { try? FileManager.default.removeItem(at: directory) }

        // When it is loaded to be checked on first render, and at start
        let deferred = try PhotoLibrary(directory: directory, logger: Fixtures.quietLogger, decodeCheck: .onFirstRender)
        let checked = try PhotoLibrary(directory: directory, logger: Fixtures.quietLogger, decodeCheck: .atStart)

        // Then on first render every photo that probes is listed (nothing decoded yet); at start the cut one is skipped
        #expect(deferred.photos.map(\.name) == ["clock.jpg", "coffee.jpg", "cut.jpg"])
        #expect(deferred.skipped.isEmpty)
        #expect(checked.photos.map(\.name) == ["clock.jpg", "coffee.jpg"])
        // And decoding the cut one's source is an error naming it and saying it is cut
        let cut = try #require(deferred.photos.last)
        #expect { try ImageRenderer.decodeSource(cut, scale: 8) } throws: { error in
            (error as? PicsumServerError)?.kind == .undecodablePhoto && "\(error)".contains("cut.jpg")
                && "\(error)".contains("truncated")
        }
    }

    @Test func aProgressivePhotoAtAnEighthIsDecodedFromItsDCScansOnly() throws {
        // Given the largest progressive photo of the assets with its second half overwritten
        let name = "picosdeeuropa_by_Aitzol_Berasategi.jpg"
        let bytes = try [UInt8](Data(contentsOf: Fixtures.assets.appendingPathComponent(name)))
        var damaged = bytes
        for index in (bytes.count / 2)..<(bytes.count - 2) { damaged[index] = UInt8(truncatingIfNeeded: index &* 31) }
        let directory = try Fixtures.temporaryLibrary(copying: [], extra: ["intact.jpg": bytes, "damaged.jpg": damaged])
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = try PhotoLibrary(directory: directory, logger: Fixtures.quietLogger, decodeCheck: .onFirstRender).photos
        let intact = try #require(photos.first { $0.name == "intact.jpg" })
        let broken = try #require(photos.first { $0.name == "damaged.jpg" })

        // When both are decoded at 1/8 (a thumbnail's source)
        // Then the damaged half was never read: the sources are the same pixels
        #expect(try ImageRenderer.decodeSource(broken, scale: 8) == ImageRenderer.decodeSource(intact, scale: 8))
        // And at 1/4 the damage shows (the whole file is decoded)
        let quarter = try? ImageRenderer.decodeSource(broken, scale: 4)
        #expect(quarter != (try ImageRenderer.decodeSource(intact, scale: 4)))
    }
}
