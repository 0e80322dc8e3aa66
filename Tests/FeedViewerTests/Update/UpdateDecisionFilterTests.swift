import FeedSources
import Sidecars
import Testing
import FeedViewer
import Vocabulary

@Suite("Update: the culling filter shows photos by their decisions, reads hidden ones ahead, F cycles it")
struct UpdateDecisionFilterTests {
    private func harness(filter: DecisionFilter = .none, cullAdvance: Bool = false, photos: Int = 5) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6))
        options.decisionFilter = filter
        options.cullAdvance = cullAdvance
        var harness = FeedHarness(options: options)
        harness.showPage(TestPhotos.files(photos))
        return harness
    }

    private func reads(_ effects: [FeedEffect]) -> [String] {
        effects.compactMap { if case .readDecision(let key, _, _) = $0 { key.id } else { nil } }
    }

    private func shown(_ harness: FeedHarness) -> [String] { harness.model.keys.map(\.id) }

    /// A folder of five whose sidecars say: 1 and 3 picked, 2 rejected, the others nothing.
    private func readAll(_ harness: inout FeedHarness) {
        let found: [String: Decision] = ["1": Decision(flag: .picked), "2": Decision(flag: .rejected), "3": Decision(stars: 2, flag: .picked)]
        for index in 0..<5 { harness.send(.decisionRead(PhotoKey(id: "\(index)"), .success(found["\(index)"]))) }
    }

    @Test func picksShowOnceTheirSidecarsAreReadAndTheStatusBarSaysHowFar() {
        // Given --picks on a folder of five photos
        var harness = FeedHarness(options: {
            var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6))
            options.decisionFilter = DecisionFilter(picks: true)
            return options
        }())
        // When its page comes
        let effects = harness.showPage(TestPhotos.files(5))
        // Then no photo shows yet, every sidecar is read ahead, and the status bar says so
        #expect(shown(harness).isEmpty)
        #expect(reads(effects) == ["0", "1", "2", "3", "4"])
        #expect(harness.model.metrics.arrangement == "filter: picks · 0 of 5 read")
        // When the first two are read (1 picked), 1 shows
        harness.send(.decisionRead(PhotoKey(id: "0"), .success(nil)))
        harness.send(.decisionRead(PhotoKey(id: "1"), .success(Decision(flag: .picked))))
        #expect(shown(harness) == ["1"])
        #expect(harness.model.metrics.arrangement == "filter: picks · 2 of 5 read")
        // When the rest are read, the picks show in the feed's order, the count is gone
        readAll(&harness)
        #expect(shown(harness) == ["1", "3"])
        #expect(harness.model.metrics.arrangement == "filter: picks")
    }

    @Test func underAFilterEveryPageIsAskedForOnceTheListedPhotosAreRead() {
        // Given --min-rating 0 (most photos pass) and a first page of 30 photos, all read
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6))
        options.decisionFilter = DecisionFilter(minRating: 0)
        var harness = FeedHarness(options: options)
        let photos = TestPhotos.files(60)
        harness.showPage(Array(photos[..<30]), hasMore: true)
        for index in 0..<30 { harness.send(.decisionRead(PhotoKey(id: "\(index)"), .success(nil))) }
        #expect(harness.model.keys.count == 30)
        // When the second page comes (the list is long: scrolling asks for no page) and 29 of
        // its sidecars are read
        var effects = harness.send(.page(.success(FeedPage(photos: Array(photos[30...]), summary: "fake", hasMore: true))))
        for index in 30..<59 { effects += harness.send(.decisionRead(PhotoKey(id: "\(index)"), .success(nil))) }
        // Then no page yet, and the status bar counts
        #expect(!effects.contains { if case .loadPage = $0 { true } else { false } })
        #expect(harness.model.metrics.arrangement == "filter: not rejected · 59 of 60 read")
        // When the last is read, the third page is asked for, and the count stays while it comes
        let last = harness.send(.decisionRead(PhotoKey(id: "59"), .success(nil)))
        #expect(last.contains { if case .loadPage = $0 { true } else { false } }, "\(harness.model.pageState)")
        #expect(harness.model.metrics.arrangement == "filter: not rejected · 60 of 60 read")
    }

    @Test func FCyclesPicksNotRejectedRejectsAndAll() {
        // Given every sidecar read, no filter
        var harness = harness()
        readAll(&harness)
        #expect(shown(harness) == ["0", "1", "2", "3", "4"])
        // When F is pressed, again and again
        harness.press("F")
        #expect(shown(harness) == ["1", "3"])
        #expect(harness.model.message == "filter: picks (F for the next)")
        harness.press("F")
        #expect(shown(harness) == ["0", "1", "3", "4"])
        #expect(harness.model.metrics.arrangement == "filter: not rejected")
        harness.press("F")
        #expect(shown(harness) == ["2"])
        harness.press("F")
        // Then it went round to every photo
        #expect(shown(harness) == ["0", "1", "2", "3", "4"])
        #expect(harness.model.metrics.arrangement == nil)
        #expect(harness.model.activeDecisionFilter == .none)
    }

    @Test func rejectingAPickUnderThePicksFilterHidesItAndTheNextTakesItsPlace() {
        // Given the picks (1, 3) with 1 focused, and --cull-advance
        var harness = harness(filter: DecisionFilter(picks: true), cullAdvance: true)
        readAll(&harness)
        #expect(harness.model.focusedKey?.id == "1")
        // When x rejects it
        let effects = harness.press("x")
        // Then it is written and hidden; 3 has the focus (not skipped by the advance)
        #expect(effects.contains { if case .writeDecision(let key, let decision, _, _) = $0 { key.id == "1" && decision.flag == .rejected } else { false } })
        #expect(shown(harness) == ["3"])
        #expect(harness.model.focusedKey?.id == "3")
        // When z takes it back, it shows again with the focus on it
        harness.press("z")
        #expect(shown(harness) == ["1", "3"])
        #expect(harness.model.focusedKey?.id == "1")
    }

    @Test func aPhotoDecidedIntoTheFilterShowsAndTheFocusStaysOnItsPhoto() {
        // Given the rejects filter (2) and the photo focused
        var harness = harness(filter: DecisionFilter(rejected: true))
        readAll(&harness)
        #expect(shown(harness) == ["2"])
        // When F twice more shows all and 4 is rejected there, then F back round to the rejects
        harness.press("F")
        #expect(shown(harness) == ["0", "1", "2", "3", "4"])
        harness.press("G")
        harness.press("x")
        harness.press("FFF")
        // Then the rejects are 2 and 4, 4 still focused
        #expect(shown(harness) == ["2", "4"])
        #expect(harness.model.focusedKey?.id == "4")
    }

    @Test func aWebFeedSaysFiltersByDecisionNeedFiles() {
        // Given a web feed
        var web = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)), feedName: "picsum")
        web.showPage(TestPhotos.picsum(3), summary: "picsum")
        // When F is pressed
        web.press("F")
        // Then every photo still shows and the status bar says why
        #expect(web.model.keys.count == 3)
        #expect(web.model.message?.hasPrefix("filters by decision need files") == true)
    }
}
