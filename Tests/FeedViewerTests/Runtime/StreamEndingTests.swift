import ImageCodecs
import ImageLoading
import Testing
import FeedViewer

/// A forwarder waiting on a loader's phases ends when the loader goes away or the forwarder is
/// cancelled. With `LoadProgress` holding two `Int?` fields, both hung forever (a Swift 6.3
/// runtime spin in the generic-metadata cache on the first resumption): the runtime lets go of
/// a loader on every disappear, so this must hold.
@Suite("Phase streams end", .timeLimit(.minutes(1)))
struct StreamEndingTests {
    @Test func aForwarderEndsWhenItsLoaderGoesAway() async {
        let pipeline = ImagePipeline(configuration: .init(memoryCache: nil, diskCache: nil))
        var loader: ImageLoader? = ImageLoader(pipeline: pipeline)
        let phases = loader?.phases ?? AsyncStream { $0.finish() }
        let forwarder = Task {
            var count = 0
            for await _ in phases { count += 1 }
            return count
        }
        loader = nil
        #expect(await forwarder.value >= 0)
        await pipeline.shutdown()
    }

    @Test func aForwarderEndsWhenCancelledAfterAPhaseWithResumeProgress() async {
        let (phases, continuation) = AsyncStream.makeStream(of: ImagePhase.self)
        continuation.yield(.loading(LoadProgress(completed: 10, total: 100, resumedFrom: 10)))
        let forwarder = Task {
            var last: ImagePhase?
            for await phase in phases { last = phase }
            return last
        }
        forwarder.cancel()
        _ = await forwarder.value
        continuation.finish()
        #expect(LoadProgress(completed: 10, total: 100, resumedFrom: 10).resumedFrom == 10)
        #expect(LoadProgress(completed: 10).total == nil)
    }

    @Test func aForwarderEndsWhenCancelledAfterAPreviewPhase() async {
        // Given a stream whose last phase is a progressive preview (a bitmap and progress)
        let (phases, continuation) = AsyncStream.makeStream(of: ImagePhase.self)
        let preview = ImagePreview(
            bitmap: Bitmap(width: 4, height: 3), scan: 2, progress: LoadProgress(completed: 10, total: 100, resumedFrom: 5))
        continuation.yield(.preview(preview))
        let forwarder = Task {
            var last: ImagePhase?
            for await phase in phases { last = phase }
            return last
        }

        // When the forwarder is cancelled, Then it ends (and saw the preview or nothing)
        forwarder.cancel()
        let last = await forwarder.value
        continuation.finish()
        #expect(last == nil || last?.preview == preview)
    }
}
