import ImageLoading
import LoadSemantics
import Testing
import Vocabulary

@Suite("The semantics audit: a clean run passes, and each rule fires on a run that breaks it")
struct SemanticsAuditTests {
    let url = "http://127.0.0.1:9/id/1/64/48"

    @Test func aRunThatKeepsEveryRulePasses() {
        // Given an item that appears, loads, leaves (cancelled), comes back and resumes
        let script = RecordScript.cancelAndResume(url: url)
        // When it is audited as a settled run
        let audit = script.audit(settled: true)
        // Then nothing is reported
        #expect(audit.violations.isEmpty, "\(audit.violations)")
    }

    @Test func rule8FiresForAnAnimationFrameDecodedOffScreen() {
        // Given an animated item whose frames are asked for while on screen
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.add(.animationFrame(.item("1"), index: 0))
        script.add(.animationFrame(.item("1"), index: 1))
        // And once more after it moved into the prefetch window, and after it left
        script.add(.visibility(.item("1"), .prefetch))
        script.add(.animationFrame(.item("1"), index: 2))
        script.add(.visibility(.item("1"), .gone))
        script.add(.animationFrame(.item("1"), index: 0))
        // When audited
        let violations = script.audit().violations.filter { $0.rule == .framesOnlyWhileVisible }
        // Then rule 8 fires for the two frames asked for off screen, naming the frame
        #expect(violations.count == 2)
        #expect(violations.first?.detail == "animation frame 2 was asked for while the item was off screen")
    }

    @Test func rule9FiresForPixelsWrittenForAnItemOffScreen() {
        // Given an item whose picture's pixels are written while it is on screen
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.add(.pictureWritten(.item("1"), bytes: 4_100))
        // And again once it moved into the prefetch window, and after it left
        script.add(.visibility(.item("1"), .prefetch))
        script.add(.pictureWritten(.item("1"), bytes: 4_100))
        script.add(.visibility(.item("1"), .gone))
        script.add(.pictureWritten(.item("1"), bytes: 900))
        // When audited
        let violations = script.audit().violations.filter { $0.rule == .pixelsOnlyWhileVisible }
        // Then rule 9 fires for the two writes made off screen, with their sizes
        #expect(violations.count == 2)
        #expect(violations.last?.detail == "900 bytes of its picture were written while the item was off screen")
    }

    @Test func rule1FiresForADownloadNobodyAskedFor() {
        // Given a download that starts with no item having asked for its URL
        var script = RecordScript()
        script.pipeline(.started, url: url)
        // And a load asked for an item that never appeared
        script.add(.load(.item("9"), id: 1, urls: ["http://x/9"], priority: .high))
        // When audited
        let rules = script.audit().violations.map(\.rule)
        // Then rule 1 fires for both
        #expect(rules == [.loadsOnlyWhenWanted, .loadsOnlyWhenWanted])
    }

    @Test(arguments: [DisappearPolicy.cancel, .lowerPriority])
    func rule2FiresWhenALeavingItemKeepsItsLoadPastOneFrame(policy: DisappearPolicy) {
        // Given an item that leaves while loading, and two frames pass with no cancel or lower priority
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.add(.visibility(.item("1"), .gone))
        script.add(.frame(placeholders: []))
        script.add(.frame(placeholders: []))
        // When audited under the policy
        let violations = script.audit(.init(onDisappear: policy)).violations
        // Then rule 2 fires once, naming the item
        #expect(violations.map(\.rule) == [.disappearWithinOneFrame])
        #expect(violations.first?.slot == .item("1"))
    }

    @Test func rule2HoldsWhenThePolicyKeepsLoading() {
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.add(.visibility(.item("1"), .gone))
        script.add(.frame(placeholders: []))
        script.add(.frame(placeholders: []))
        #expect(script.audit(.init(onDisappear: .keep)).violations.isEmpty)
    }

    @Test func rule3FiresForTwoDownloadsOfOneURLAtOnce() {
        // Given two items with one URL, whose loads each start a download
        var script = RecordScript()
        script.add(.visibility(.item("1"), .visible))
        script.add(.visibility(.item("2"), .visible))
        script.add(.load(.item("1"), id: 1, urls: [url], priority: .high))
        script.add(.load(.item("2"), id: 2, urls: [url], priority: .high))
        script.pipeline(.started, url: url, job: 1)
        script.pipeline(.started, url: url, job: 2)
        // When audited
        let violations = script.audit().violations
        // Then rule 3 fires
        #expect(violations.map(\.rule) == [.oneDownloadPerURL])
        #expect(violations.first?.url == url)
    }

    @Test func rule3HoldsForDownloadsOneAfterTheOther() {
        var script = RecordScript()
        script.appearAndLoad("1", url: url, load: 1, job: 1)
        script.appear("2", url: url, load: 2)
        script.pipeline(.started, url: url, job: 2)
        script.pipeline(.cancelled, url: url, job: 2)
        #expect(script.audit().violations.isEmpty)
    }

    @Test func rule4FiresWhenADownloadStartsOverDespiteKeptBytes() {
        // Given 400 bytes kept for the URL, and a new download that counts from zero
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.pipeline(.kept(bytes: 400), url: url)
        script.pipeline(.started, url: url, job: 2)
        script.pipeline(.progress(LoadProgress(completed: 100, total: 1000)), url: url, job: 2)
        // When audited
        let violations = script.audit().violations
        // Then rule 4 fires
        #expect(violations.map(\.rule) == [.resumeFetchesOnlyTheRest])
        #expect(violations.first?.detail.contains("400 bytes were kept") == true)
    }

    @Test func rule4FiresForAResumeFromTheWrongOffset() {
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.pipeline(.kept(bytes: 400), url: url)
        script.pipeline(.started, url: url, job: 2)
        script.pipeline(.resumed(from: 300), url: url, job: 2)
        #expect(script.audit().violations.map(\.rule) == [.resumeFetchesOnlyTheRest])
    }

    @Test func rule4FiresWhenKeptPlusReceivedIsNotTheSize() {
        // Given a resume from 400 of 1000 that receives 700 bytes (the server sent too much)
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.pipeline(.kept(bytes: 400), url: url)
        script.pipeline(.started, url: url, job: 2)
        script.pipeline(.resumed(from: 400), url: url, job: 2)
        script.pipeline(.progress(LoadProgress(completed: 1100, total: 1000, resumedFrom: 400)), url: url, job: 2)
        script.pipeline(.finished(.networkResumed(from: 400)), url: url, job: 2)
        // Then rule 4 fires
        #expect(script.audit().violations.map(\.rule) == [.resumeFetchesOnlyTheRest])
    }

    @Test func rule4HoldsWhenTheKeptBytesWereDropped() {
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.pipeline(.kept(bytes: 400), url: url)
        script.pipeline(.started, url: url, job: 2)
        script.pipeline(.discarded(bytes: 400), url: url, job: 2)
        script.pipeline(.progress(LoadProgress(completed: 100, total: 1000)), url: url, job: 2)
        #expect(script.audit().violations.isEmpty)
    }

    @Test func rule5FiresForAMemoryHitDrawnAfterAPlaceholderFrame() {
        // Given an appear whose load is a memory hit, but a frame shows its placeholder first
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.add(.frame(placeholders: [.item("1")]))
        script.add(.phase(.item("1"), id: 1, .success(.memory)))
        // Then rule 5 fires
        #expect(script.audit().violations.map(\.rule) == [.memoryHitDrawsAtOnce])
    }

    @Test func rule5HoldsForAMemoryHitInTheFrameOfItsAppearance() {
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.add(.phase(.item("1"), id: 1, .success(.memory)))
        script.add(.frame(placeholders: []))
        #expect(script.audit(settled: true).violations.isEmpty)
    }

    @Test func rule6FiresForAVisibleItemStillLoadingAfterItsTaskEnded() {
        // Given a visible item whose task finished, but whose phase never arrives
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.pipeline(.finished(.network), .task, url: url)
        script.add(.frame(placeholders: [.item("1")]), after: .seconds(3))
        // Then rule 6 fires once
        #expect(script.audit().violations.map(\.rule) == [.visibleItemsSettle])
    }

    @Test func rule6FiresForAFailureWithoutAReasonAndForASettledRunStillLoading() {
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.add(.phase(.item("1"), id: 1, .failure(reason: " ")))
        script.add(.visibility(.item("2"), .visible))
        script.add(.load(.item("2"), id: 2, urls: ["http://x/2"], priority: .high))
        #expect(script.audit(settled: true).violations.map(\.rule) == [.visibleItemsSettle, .visibleItemsSettle])
    }

    @Test func rule7FiresForARetryAfterA404AndForTooManyAttempts() {
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.pipeline(.started, url: url)
        script.pipeline(.retried(attempt: 2, after: .milliseconds(100), error: .httpStatus(404)), url: url)
        script.pipeline(.started, url: url)
        script.pipeline(.retried(attempt: 5, after: .milliseconds(100), error: .httpStatus(503)), url: url)
        let violations = script.audit(.init(maxAttempts: 3)).violations
        #expect(violations.map(\.rule) == [.retriesBounded, .retriesBounded])
        #expect(violations.map(\.detail) == ["retried after HTTP 404", "attempt 5 of at most 3"])
    }

    @Test func rule7AllowsRetryingA429() {
        var script = RecordScript()
        script.appear("1", url: url, load: 1)
        script.pipeline(.started, url: url)
        script.pipeline(.retried(attempt: 2, after: .milliseconds(100), error: .httpStatus(429)), url: url)
        #expect(script.audit().violations.isEmpty)
    }
}
