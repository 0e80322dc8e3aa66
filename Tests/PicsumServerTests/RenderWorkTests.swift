import Dispatch
import Foundation
import Testing

@testable import PicsumServer

/// The server's CPU-bound work runs off Swift's cooperative pool, so renders that hold their
/// threads never stall the async work around them (response writing, the render cache).
@Suite("Render work off the cooperative pool")
struct RenderWorkTests {
    @Test func rendersHoldingAThreadACoreLeaveTheCooperativePoolFree() async throws {
        // Given as many renders as there are cores, each holding its thread until released
        // (or for 5 min at most: a safety net only — the unit targets run at idle priority
        // beside the real-time ones, and on a loaded machine 20 s passed before the release)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let release = DispatchSemaphore(value: 0)
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let renders = (0..<cores).map { _ in
            Task {
                try await RenderWork.run(.default) {
                    starting.yield()
                    return release.wait(timeout: .now() + 300) == .success
                }
            }
        }
        var count = 0
        for await _ in started {
            count += 1
            if count == cores { break }
        }

        // When other async work runs while they all hold their threads
        let answer = await Task.detached { 6 * 7 }.value

        // Then it ran (on the pool they left free), and every render was released, none timed out
        #expect(answer == 42)
        for _ in 0..<cores { release.signal() }
        for render in renders { #expect(try await render.value) }
        starting.finish()
    }

    @Test func aRendersErrorComesBackToTheCaller() async {
        // Given work that throws / When it is run / Then the caller gets its error
        await #expect(throws: PicsumServerError.self) {
            try await RenderWork.run(.default) { () throws -> Int in throw PicsumServerError.undecodablePhoto("a.jpg", "cut") }
        }
    }
}
