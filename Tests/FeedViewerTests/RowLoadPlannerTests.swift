import ImageLoading
import Testing
import FeedViewer

/// 100 rows of 10 lines in a 30-line viewport: rows 0–2 visible, 3–4 prefetched.
private func makeList() -> LazyList {
    LazyList(itemCount: 100, lineHeight: 10, viewportHeight: 30, prefetchDistance: 2)
}

@Suite("Row load planning")
struct RowLoadPlannerTests {
    @Test func firstScreenStartsVisibleRowsHighThenPrefetchLow() {
        var planner = RowLoadPlanner<Int>()
        let actions = planner.planInitial(makeList())
        #expect(actions == [
            .start(0, priority: .high), .start(1, priority: .high), .start(2, priority: .high),
            .start(3, priority: .low), .start(4, priority: .low),
        ])
    }

    @Test func scrollingCancelsRowsThatLeaveAndRaisesPrefetchedRowsThatAppear() {
        // Given the first screen loading
        var list = makeList()
        var planner = RowLoadPlanner<Int>(policy: .cancel)
        _ = planner.planInitial(list)
        // When the list scrolls down by one row
        let actions = planner.plan(list.scroll(by: 1))
        // Then row 0 is cancelled, prefetched row 3 is raised, row 5 starts prefetching
        #expect(actions == [
            .cancel(0), .setPriority(3, priority: .high), .start(5, priority: .low),
        ])
    }

    @Test func reappearingAfterACancelStartsAgainSoThePipelineResumes() {
        var list = makeList()
        var planner = RowLoadPlanner<Int>(policy: .cancel)
        _ = planner.planInitial(list)
        _ = planner.plan(list.jumpToEnd())
        #expect(planner.running[0] == nil)
        let back = planner.plan(list.jumpToTop())
        #expect(back.contains(.start(0, priority: .high)))
    }

    @Test func lowerPriorityPolicyKeepsLoadsAtTheLowestPriority() {
        var list = makeList()
        var planner = RowLoadPlanner<Int>(policy: .lowerPriority)
        _ = planner.planInitial(list)
        let actions = planner.plan(list.scroll(by: 1))
        #expect(actions.first == .setPriority(0, priority: .veryLow))
        #expect(!actions.contains(.cancel(0)))
        // Coming back raises it again instead of starting over.
        let back = planner.plan(list.scroll(by: -1))
        #expect(back.contains(.setPriority(0, priority: .high)))
        #expect(!back.contains(.start(0, priority: .high)))
    }

    @Test func keepPolicyLeavesLoadsAlone() {
        var list = makeList()
        var planner = RowLoadPlanner<Int>(policy: .keep)
        _ = planner.planInitial(list)
        let actions = planner.plan(list.scroll(by: 1))
        #expect(!actions.contains { if case .cancel = $0 { true } else { false } })
        #expect(planner.running[0] == .high)
    }

    @Test func failedRowsAreNotRestartedUntilReset() {
        // Given a visible row whose load failed
        var list = makeList()
        var planner = RowLoadPlanner<Int>()
        _ = planner.planInitial(list)
        planner.markFinished(1, failed: true)
        // When the list scrolls away and back
        let away = planner.plan(list.jumpToEnd())
        let back = planner.plan(list.jumpToTop())
        // Then the failure stays: nothing released, nothing started
        #expect(!away.contains(.release(1)))
        #expect(!back.contains(.start(1, priority: .high)))
        // r on a failed, visible row starts it again
        #expect(planner.reset(1, isVisible: list.visibleItems.contains(1)) == [.start(1, priority: .high)])
        // and a reset of an off-screen row only forgets it
        planner.markFinished(2, failed: true)
        #expect(planner.reset(2, isVisible: (50..<53).contains(2)) == [])
    }

    @Test func loadedRowsAreReleasedOffScreenAndLoadAgainOnReturn() {
        // Given a visible row that loaded
        var list = makeList()
        var planner = RowLoadPlanner<Int>(policy: .keep)
        _ = planner.planInitial(list)
        planner.markFinished(1)
        // When it scrolls out of the screen and the prefetch window
        let away = planner.plan(list.jumpToEnd())
        // Then its image is released (whatever the disappear policy), not cancelled
        #expect(away.contains(.release(1)))
        #expect(!away.contains(.cancel(1)))
        #expect(!planner.loaded.contains(1))
        // And coming back starts it again (the memory cache answers at once)
        let back = planner.plan(list.jumpToTop())
        #expect(back.contains(.start(1, priority: .high)))
    }

    @Test func loadedRowsStillOnScreenKeepTheirImage() {
        // Given rows 0–2 on screen, row 1 loaded
        var list = makeList()
        var planner = RowLoadPlanner<Int>()
        _ = planner.planInitial(list)
        planner.markFinished(1)
        // When the list scrolls by a row (row 0 leaves, row 1 stays)
        let actions = planner.plan(list.scroll(by: 1))
        // Then row 1 is neither released nor restarted
        #expect(!actions.contains(.release(1)))
        #expect(!actions.contains { if case .start(1, _) = $0 { true } else { false } })
        #expect(planner.loaded.contains(1))
    }

    @Test func prefetchRowsScrolledBehindAreCancelledOnDirectionChange() {
        var list = makeList()
        var planner = RowLoadPlanner<Int>()
        _ = planner.planInitial(list)
        _ = planner.plan(list.scroll(by: 10))
        let actions = planner.plan(list.scroll(by: -1))
        // rows 13, 14 were prefetched ahead; scrolling up moves the window above
        #expect(actions.contains(.cancel(13)))
        #expect(actions.contains(.cancel(14)))
        #expect(actions.contains(.start(7, priority: .low)))
        #expect(actions.contains(.start(9, priority: .high)))
    }

    @Test func decisionsComeFromTheStatusesGivenNotFromARecordOfTheirOwn() {
        // Given statuses kept by the caller: row 0 loaded, 1 running low, 2 failed, 3 idle
        let statuses: [Int: RowLoadStatus] = [0: .loaded, 1: .running(.low), 2: .failed]
        let appear = (0..<4).map { RowLoadPlanner<Int>.Transition(item: $0, from: .prefetch, to: .visible) }

        // When the four rows appear
        let actions = RowLoadPlanner<Int>.plan(appear, policy: .cancel) { statuses[$0] ?? .idle }

        // Then the loaded and the failed rows are left alone, the running one raised, the idle one started
        #expect(actions == [.setPriority(1, priority: .high), .start(3, priority: .high)])

        // And leaving: the loaded row is released, the running one cancelled, the others left
        let leave = (0..<4).map { RowLoadPlanner<Int>.Transition(item: $0, from: .visible, to: .offscreen) }
        let left = RowLoadPlanner<Int>.plan(leave, policy: .cancel) { statuses[$0] ?? .idle }
        #expect(left == [.release(0), .cancel(1)])
    }
}
