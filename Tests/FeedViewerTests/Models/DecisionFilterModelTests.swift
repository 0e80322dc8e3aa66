import Sidecars
import Testing
import Vocabulary

@testable import FeedViewer

/// The culling filter on its own: what passes among the decisions known, the list narrowed
/// only when that changes, the sidecars read ahead a few at a time in the feed's order.
@Suite("Decision filter model")
struct DecisionFilterModelTests {
    private func key(_ id: String) -> PhotoKey { PhotoKey(id: id) }

    private func narrowed(_ reply: ModelReply<DecisionFilterModel.Request>) -> [Set<PhotoKey>?] {
        reply.requests.map { if case .narrow(let shown) = $0 { shown } else { nil } }
    }

    @Test func choosingAFilterNarrowsToTheKnownDecisionsThatPass() {
        // Given no filter and three decisions known
        var model = DecisionFilterModel()
        let known = [key("a"): Decision(flag: .picked), key("b"): Decision(stars: 2), key("c"): Decision(flag: .rejected)]
        // When the picks are chosen
        let reply = model.update(.choose(DecisionFilter(picks: true), known: known))
        // Then only the pick shows, and the status bar says the filter
        #expect(narrowed(reply) == [[key("a")]])
        #expect(reply.notes == ["filter: picks (F for the next)"])
        // When the cycle moves on to "not rejected", then to the rejects, then off
        #expect(narrowed(model.update(.cycle(known: known))) == [[key("a"), key("b")]])
        #expect(narrowed(model.update(.cycle(known: known))) == [[key("c")]])
        let off = model.update(.cycle(known: known))
        #expect(narrowed(off) == [nil])
        #expect(off.notes == ["filter off: every photo"])
        #expect(!model.isActive)
    }

    @Test func aDecisionMadeKnownNarrowsTheListOnlyWhenWhatShowsChanges() {
        // Given the picks filter with photo a picked
        var model = DecisionFilterModel(filter: DecisionFilter(picks: true))
        _ = model.update(.decided([key("a"): Decision(flag: .picked)]))
        // When photo b is read with 3 stars (not a pick)
        let unpicked = model.update(.decided([key("b"): Decision(stars: 3)]))
        // Then nothing changes on screen
        #expect(unpicked.requests.isEmpty)
        // When a is rejected, it goes
        #expect(narrowed(model.update(.decided([key("a"): Decision(flag: .rejected)]))) == [[]])
        // When b is picked, it comes
        #expect(narrowed(model.update(.decided([key("b"): Decision(flag: .picked)]))) == [[key("b")]])
        // And without a filter nothing is ever narrowed
        var none = DecisionFilterModel()
        #expect(none.update(.decided([key("a"): Decision(flag: .picked)])).requests.isEmpty)
    }

    @Test func sidecarsAreReadAheadAFewAtATimeInTheFeedsOrder() {
        // Given a filter and a feed of 20 photos, photo 1 already read
        var model = DecisionFilterModel(filter: DecisionFilter(rejected: true))
        let feed = (0..<20).map { key("\($0)") }
        var read: Set<PhotoKey> = [key("1")]
        // When the reads ahead are asked for
        let first = model.nextReads(in: feed) { !read.contains($0) }
        // Then the first eight not read are, in order, and no more while they are under way
        #expect(first.map(\.id) == ["0", "2", "3", "4", "5", "6", "7", "8"])
        #expect(model.nextReads(in: feed) { !read.contains($0) }.isEmpty)
        #expect(!model.hasReadAll(feedCount: 20))
        // When two come back, two more are read
        read.formUnion([key("0"), key("2")])
        _ = model.update(.decided([key("0"): Decision(), key("2"): Decision()]))
        #expect(model.nextReads(in: feed) { !read.contains($0) }.map(\.id) == ["9", "10"])
        // When every read came back, the whole feed is read
        for key in feed { _ = model.update(.decided([key: Decision()])) }
        read = Set(feed)
        var rest = model.nextReads(in: feed) { !read.contains($0) }
        while !rest.isEmpty { rest = model.nextReads(in: feed) { !read.contains($0) } }
        #expect(model.hasReadAll(feedCount: 20))
        // And a feed that grew is gone through again
        let grown = feed + [key("20")]
        #expect(model.nextReads(in: grown) { !read.contains($0) }.map(\.id) == ["20"])
        // And without a filter nothing is read ahead
        var none = DecisionFilterModel()
        #expect(none.nextReads(in: feed) { _ in true }.isEmpty)
    }
}
