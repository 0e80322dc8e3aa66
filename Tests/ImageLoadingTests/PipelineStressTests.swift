@testable import ImageLoading
import TestSupport
import Testing

@Suite struct PipelineStressTests {
    @Test func manyTasksWithCancelsAndPriorityChangesAllSettleAndLeaveNothingBehind() async throws {
        // Given 20 URLs served in small chunks through a queue of width 3
        let loader = MockDataLoader()
        let urls = (0..<20).map { "https://images.test/\($0).jpg" }
        for (index, url) in urls.enumerated() {
            loader.set(url, .init(headers: ["ETag": "\"\(index)\""], body: Fixtures.jpeg(seed: UInt8(index)), chunkSize: 97))
        }
        let pipeline = Fixtures.pipeline(loader: loader, width: 3)
        // When 300 tasks start, a seeded third of them are cancelled and others re-prioritised
        var random = SplitMix64(seed: 7)
        var tasks: [(task: ImageTask, cancelled: Bool)] = []
        for index in 0..<300 {
            let processors: [ImageProcessor] = index % 2 == 0 ? [] : [.resize(to: .init(width: 8, height: 6), mode: .fill)]
            let request = ImageRequest(
                string: urls[Int(random.next() % 20)], processors: processors,
                priority: ImageRequest.Priority(rawValue: Int(random.next() % 5)) ?? .normal)
            let task = pipeline.imageTask(for: request)
            let roll = random.next() % 3
            if roll == 0 {
                if random.next() % 2 == 0 { await Task.yield() }
                task.cancel()
            } else if roll == 1 {
                task.priority = .veryHigh
            }
            tasks.append((task, roll == 0))
        }
        // Then every task settles: cancelled ones without a result, the rest successfully
        for (task, cancelled) in tasks {
            let result = await task.result
            if cancelled {
                #expect(result == nil || (try? result?.get()) != nil)
            } else {
                #expect((try? result?.get()) != nil, "\(task) did not succeed: \(String(describing: result))")
            }
        }
        // And no shared job is left behind (a cancelled job's task may still be unwinding, but
        // nobody can join it any more)
        #expect(pipeline.imageStage.runningJobCount == 0)
        #expect(pipeline.dataStage.runningJobCount == 0)
        #expect(loader.loadCount(urls[0]) >= 1)
    }
}
