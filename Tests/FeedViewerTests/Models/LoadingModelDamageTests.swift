import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing
import TerminalScreen
import Vocabulary

@testable import FeedViewer

/// A damaged picture in the loads alone (issue 50): a success that carries its damage, kept with
/// the item until the next load, said in the event log, forgotten by a retry.
@Suite("Loading model: damaged pictures")
struct LoadingModelDamageTests {
    private static let drawing = LoadingModel.Drawing(
        pictures: BlockArtPictures(), box: CellSize(columns: 20, rows: 8), animation: .on, fades: false, now: .zero)
    private static let key = PhotoKey(id: "a")
    private static let damage = ImageDamage(decodedRows: 30, rows: 48, isTruncated: true, reason: "the download ended after 600 of 1000 bytes")

    /// A loading model whose photo "a" is loading (its token returned).
    private static func loading() throws -> (LoadingModel, LoadToken) {
        var loading = LoadingModel()
        let url = URL(string: "https://example.com/a.jpg")!
        loading.items.append(
            FeedPhoto(id: "a", author: "Author a", size: PixelSize(width: 64, height: 48), origin: .original(url)), as: key)
        _ = loading.update(.plan([.init(item: key, from: .offscreen, to: .visible)], policy: .cancel, drawing: drawing))
        return (loading, try #require(loading.items[key]?.load?.token))
    }

    private static func response(damage: ImageDamage?) -> ImagePhase {
        var response = ImageResponse(
            bitmap: FakeImages.bitmap(width: 64, height: 48), source: .network, byteCount: 600, bytesTransferred: 600,
            originalSize: PixelSize(width: 64, height: 48), timings: .init())
        response.damage = damage
        return .success(response)
    }

    @Test func aDamagedSuccessIsLoadedAndKeepsItsDamage() throws {
        // Given a photo loading
        var (loading, token) = try Self.loading()
        // When its load ends in a damaged picture
        let reply = loading.update(.phase(Self.response(damage: Self.damage), key: Self.key, token: token, isWanted: true, drawing: Self.drawing))
        // Then it is loaded, shows its picture, and keeps its damage; the event log is told why
        #expect(loading.loadStatus(of: Self.key) == .loaded)
        #expect(loading.items[Self.key]?.picture != nil)
        #expect(loading.damage(of: Self.key) == Self.damage)
        #expect(loading.items[Self.key]?.rowModel.damage == Self.damage)
        let notes = reply.requests.compactMap { if case .log(.note(let text), _) = $0 { text } else { nil } }
        #expect(notes == ["damaged: 62 % decoded (the download ended after 600 of 1000 bytes)"])
    }

    @Test func aRetryForgetsTheDamageAndAWholeLoadClearsIt() throws {
        // Given a damaged picture
        var (loading, token) = try Self.loading()
        _ = loading.update(.phase(Self.response(damage: Self.damage), key: Self.key, token: token, isWanted: true, drawing: Self.drawing))
        // When it is retried
        let retry = loading.update(.retry([Self.key], visible: [Self.key], drawing: Self.drawing))
        // Then the damage goes with the picture, and a new load starts
        #expect(loading.damage(of: Self.key) == nil)
        #expect(retry.effects.contains { if case .load(.item(Self.key), _, _, _) = $0 { true } else { false } })
        // When the new load comes whole, the photo has no damage
        let next = try #require(loading.items[Self.key]?.load?.token)
        _ = loading.update(.phase(Self.response(damage: nil), key: Self.key, token: next, isWanted: true, drawing: Self.drawing))
        #expect(loading.damage(of: Self.key) == nil)
        #expect(loading.loadStatus(of: Self.key) == .loaded)
    }
}
