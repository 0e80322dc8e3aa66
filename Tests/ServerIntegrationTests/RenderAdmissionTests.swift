import Foundation
import Testing
import TestSupport
@testable import PicsumServer

/// Issue 12 §1: concurrent renders are bounded by their size, and large ones cannot starve
/// small ones.
@Suite("Render admission", .tags(.realTime))
struct RenderAdmissionTests {
    static let large = 5000 * 5000
    static let small = 160 * 120

    @Test func twentyLargeRendersRunOneAtATimeInArrivalOrder() {
        // Given two small slots and one large lane
        var admission = RenderAdmission(smallSlots: 2, largeSlots: 1, largePixels: 1 << 20)

        // When twenty 5000×5000 renders ask at once
        let decisions = (0..<20).map { _ in admission.request(admission.lane(forPixels: Self.large), urgency: .default) }

        // Then one runs and nineteen wait; each release hands the lane to the next in order
        #expect(decisions.first == .run)
        let tickets = decisions.dropFirst().compactMap { if case .wait(let t) = $0 { t } else { nil } }
        #expect(tickets.count == 19)
        var resumed: [Int] = []
        for _ in 0..<20 { resumed += admission.release(.large, urgency: .default) }
        #expect(resumed == tickets)
        #expect(admission.runningLarge == 0 && admission.waiting == 0)
    }

    @Test func smallRendersRunWhileLargeOnesQueue() {
        // Given a large lane that is busy with a queue behind it
        var admission = RenderAdmission(smallSlots: 2, largeSlots: 1, largePixels: 1 << 20)
        for _ in 0..<5 { _ = admission.request(admission.lane(forPixels: Self.large), urgency: .default) }

        // When thumbnails ask, Then they run at once up to the small slots, then queue on their own
        #expect(admission.lane(forPixels: Self.small) == .small)
        #expect(admission.request(.small, urgency: .default) == .run)
        #expect(admission.request(.small, urgency: .default) == .run)
        guard case .wait(let ticket) = admission.request(.small, urgency: .default) else {
            Issue.record("a third small render should wait for a small slot")
            return
        }
        // And a small release hands its slot to the small waiter, not to a large one
        #expect(admission.release(.small, urgency: .default) == [ticket])
    }

    @Test func waitingRendersRunMostUrgentFirstThenInArrivalOrder() {
        // Given both small slots busy with default-urgency renders
        var admission = RenderAdmission(smallSlots: 2, largeSlots: 1, largePixels: 1 << 20)
        #expect(admission.request(.small, urgency: .default) == .run)
        #expect(admission.request(.small, urgency: .default) == .run)

        // When the server's warming, two prefetches (u=5) and two visible rows (u=2) queue, mixed
        let visible = RequestUrgency(header: "u=2"), prefetch = RequestUrgency(header: "u=5")
        let asked: [(String, RequestUrgency)] = [
            ("warm", .background), ("prefetch A", prefetch), ("visible A", visible), ("prefetch B", prefetch),
            ("visible B", visible),
        ]
        var names: [Int: String] = [:]
        for (name, urgency) in asked {
            guard case .wait(let ticket) = admission.request(.small, urgency: urgency) else {
                Issue.record("\(name) should wait")
                return
            }
            names[ticket] = name
        }

        // Then the two slots go to the visible rows as the first renders end
        #expect(admission.release(.small, urgency: .default).map { names[$0] } == ["visible A"])
        #expect(admission.release(.small, urgency: .default).map { names[$0] } == ["visible B"])
        // And no prefetch starts while a visible row still renders, though a slot is free
        #expect(admission.release(.small, urgency: visible).isEmpty)
        #expect(admission.runningSmall == 1)
        // Then the last visible row's end starts both prefetches, in the order they came, and
        // the warming goes last
        #expect(admission.release(.small, urgency: visible).map { names[$0] } == ["prefetch A", "prefetch B"])
        #expect(admission.release(.small, urgency: prefetch).map { names[$0] } == ["warm"])
        #expect(admission.waiting == 0 && admission.urgentActive == 0)
    }

    @Test func aPrefetchWaitsForUrgentRendersOnTheOtherLaneToo() {
        // Given a visible row's large render running
        var admission = RenderAdmission(smallSlots: 2, largeSlots: 1, largePixels: 1 << 20)
        #expect(admission.request(.large, urgency: RequestUrgency(header: "u=2")) == .run)

        // When a prefetch's thumbnail asks, with both small slots free
        // Then it waits, and starts when the large render ends
        guard case .wait(let ticket) = admission.request(.small, urgency: RequestUrgency(header: "u=5")) else {
            Issue.record("the prefetch should wait for the visible row's render")
            return
        }
        #expect(admission.release(.large, urgency: RequestUrgency(header: "u=2")) == [ticket])

        // And with nothing urgent about, a prefetch starts at once
        #expect(admission.request(.small, urgency: RequestUrgency(header: "u=5")) == .run)
    }

    @Test func concurrentLargeRequestsOverLoopbackRenderOneAtATime() async throws {
        // Given a live server (one small slot per core, one large lane)
        try await withServer { server, client in
            // When four 1200×1200 images (1.44 MP, over the large threshold) are asked for at once,
            // beside a thumbnail (ids of the 512-px samples: the multi-megapixel photographs only
            // make a debug build's resampling take seconds)
            try await withThrowingTaskGroup(of: Int.self) { group in
                for id in [1, 3, 8, 10] { group.addTask { try await client.get("/id/\(id)/1200/1200").status } }
                group.addTask { try await client.get("/id/7/80/60").status }
                for try await status in group { #expect(status == 200) }
            }

            // Then no more than one large render (plus small ones) was ever in memory at once
            let statistics = await server.renderStatistics
            #expect(statistics.encodes == 5)
            #expect(statistics.peakRenderPixels <= 1200 * 1200 + 2 * 80 * 60)
        }
    }

    @Test func aBurstOfThumbnailsDecodesItsSourcesACoreAtATime() async throws {
        // Given a live server (one small slot per core)
        try await withServer { server, client in
            // When eight thumbnails of eight different photos are asked for at once
            try await withThrowingTaskGroup(of: Int.self) { group in
                for id in 0..<8 { group.addTask { try await client.get("/id/\(id)/40/30").status } }
                for try await status in group { #expect(status == 200) }
            }
            // Then every source was decoded, never more at once than there are slots (the
            // requests that came first are not slowed by the ones behind them)
            let statistics = await server.renderStatistics
            #expect(statistics.decodes == 8)
            #expect(statistics.peakDecodes >= 1)
            #expect(statistics.peakDecodes <= ProcessInfo.processInfo.activeProcessorCount)
        }
    }
}
