import Foundation
import ImageLoading
import LoadSemantics
import Synchronization
import Testing

/// A sink that keeps what is written.
final class MemoryTraceSink: TraceSink {
    let bytes = Mutex<[UInt8]>([])
    let closed = Mutex(false)

    func write(_ bytes: [UInt8]) throws(TraceSinkError) { self.bytes.withLock { $0 += bytes } }
    func close() { closed.withLock { $0 = true } }
    var data: Data { Data(bytes.withLock { $0 }) }
}

@Suite("The Chrome trace: what a run writes passes the format check and tells its story")
struct ChromeTraceTests {
    let url = "http://127.0.0.1:9/id/1/64/48"

    func cancelAndResumeScript() -> RecordScript { RecordScript.cancelAndResume(url: url) }

    @Test func aRecordedRunIsAValidTraceWithSpansInstantsAndCounters() throws {
        // Given a recorder writing to memory
        let sink = MemoryTraceSink()
        let recorder = LoadRecorder(audit: .init(), trace: sink)
        // When a cancel-and-resume run is recorded and finished
        let script = cancelAndResumeScript()
        for record in script.records { recorder.record(record.event, at: record.time) }
        recorder.finish(at: script.time + .milliseconds(1))
        // Then the file passes the format check, closed
        let check = ChromeTraceCheck(data: sink.data)
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.isTerminated)
        #expect(sink.closed.withLock { $0 })
        // And it tells the story: the photo's track, its spans, the cancel and the resume at 400
        let names = check.events.filter { $0.phase == "M" }.compactMap { $0.arguments["name"] }
        #expect(names.contains("photo 1 · Mountain \"lake\"\n"))
        let spans = check.events.filter { $0.phase == "B" }.map(\.name)
        #expect(spans == ["queued", "downloading", "queued", "downloading", "decoding", "rendering"])
        #expect(check.events(named: "cancel").count == 1)
        #expect(check.events(named: "resume").first?.arguments["from"] == "400")
        #expect(check.events(named: "bytes received").last?.arguments["bytes"] == "1000")
        #expect(check.events(named: "downloads in flight").map { $0.arguments["downloads"] } == ["1", "0", "1", "0"])
        #expect(check.events(named: "end").first?.arguments["violations"] == "0")
    }

    @Test func aRevalidatedDiskEntryShowsInTheTraceAndBreaksNoRule() throws {
        // Given a photo whose stale disk entry is revalidated: a conditional request answered 304
        var script = RecordScript()
        script.appearAndStart("1", url: url, load: 1, job: 1)
        script.pipeline(.revalidated(notModified: true), url: url)
        script.pipeline(.finished(.disk), url: url)
        script.pipeline(.decoded, .image, url: url)
        script.pipeline(.finished(.disk), .task, url: url)
        script.add(.phase(.item("1"), id: 1, .success(.disk)))
        script.add(.frame(placeholders: []))
        // When it is recorded
        let sink = MemoryTraceSink()
        let recorder = LoadRecorder(audit: .init(), trace: sink)
        for record in script.records { recorder.record(record.event, at: record.time) }
        recorder.finish(at: script.time + .milliseconds(1))
        // Then the trace is valid, shows the revalidation with its status, and the audit is clean
        let check = ChromeTraceCheck(data: sink.data)
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.events(named: "revalidated").map { $0.arguments["status"] } == ["304"])
        #expect(check.events(named: "end").first?.arguments["violations"] == "0")
        #expect(script.audit(settled: true).violations.isEmpty)
    }

    @Test func aKilledWriterLeavesAReadableUnterminatedFile() {
        // Given a recorder that flushed part of a run and was never finished
        let sink = MemoryTraceSink()
        let recorder = LoadRecorder(audit: nil, trace: sink)
        let script = cancelAndResumeScript()
        for record in script.records.prefix(8) { recorder.record(record.event, at: record.time) }
        recorder.flush()
        // When the file is checked as it is
        let check = ChromeTraceCheck(data: sink.data)
        // Then it is a valid, unterminated trace holding the flushed events
        #expect(!check.isTerminated)
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.events(named: "appear").count == 1)
    }

    @Test func violationsAreWrittenIntoTheTrace() {
        let sink = MemoryTraceSink()
        let recorder = LoadRecorder(audit: .init(), trace: sink)
        recorder.record(.pipeline(ImagePipeline.Event(kind: .started, stage: .data, url: url, taskID: 1)), at: .milliseconds(3))
        recorder.finish(at: .milliseconds(4))
        let check = ChromeTraceCheck(data: sink.data)
        #expect(recorder.violations.map(\.rule) == [.loadsOnlyWhenWanted])
        #expect(check.events.filter { $0.category == "audit" }.map { $0.arguments["rule"] } == ["1"])
        #expect(check.events(named: "end").first?.arguments["violations"] == "1")
    }

    @Test func timesThatGoBackAreHeldAtTheLastTime() {
        let sink = MemoryTraceSink()
        let recorder = LoadRecorder(audit: nil, trace: sink)
        recorder.record(.visibility(.item("1"), .visible), at: .milliseconds(5))
        recorder.record(.visibility(.item("1"), .gone), at: .milliseconds(2))
        recorder.finish(at: .milliseconds(1))
        #expect(ChromeTraceCheck(data: sink.data).problems.isEmpty)
    }

    @Test(arguments: [
        ("[{\"ph\":\"B\",\"ts\":1,\"pid\":1,\"tid\":1,\"name\":\"a\"}]", "still open"),
        ("[{\"ph\":\"E\",\"ts\":1,\"pid\":1,\"tid\":1,\"name\":\"a\"}]", "no span open"),
        ("[{\"ph\":\"B\",\"ts\":1,\"pid\":1,\"tid\":1,\"name\":\"a\"},{\"ph\":\"E\",\"ts\":2,\"pid\":1,\"tid\":1,\"name\":\"b\"}]", "closes a"),
        ("[{\"ph\":\"i\",\"ts\":5,\"pid\":1,\"tid\":1,\"name\":\"a\"},{\"ph\":\"i\",\"ts\":4,\"pid\":1,\"tid\":1,\"name\":\"b\"}]", "back in time"),
        ("[{\"ph\":\"i\",\"ts\":5,\"tid\":1,\"name\":\"a\"}]", "lacks pid"),
        ("{\"traceEvents\":3}", "not a JSON array"),
    ])
    func theCheckCatchesEachBrokenRule(text: String, problem: String) {
        let check = ChromeTraceCheck(data: Data(text.utf8))
        #expect(check.problems.contains { $0.contains(problem) }, "\(check.problems)")
    }

    @Test func jsonStringsEscapeControlCharacters() {
        let event = ChromeTraceEvent(name: "a\u{1B}[2J\"\\", phase: .instant, time: .microseconds(7), track: 2)
        #expect(event.json == "{\"name\":\"a\\u001b[2J\\\"\\\\\",\"cat\":\"load\",\"ph\":\"i\",\"ts\":7,\"pid\":1,\"tid\":2,\"s\":\"t\"}")
    }
}

extension ChromeTraceTests {
    @Test func previewsAndRevalidationsAreInstantsOnThePhotosTrack() {
        // Given a load whose download shows two previews and is a revalidation answered 304
        let sink = MemoryTraceSink()
        let recorder = LoadRecorder(audit: .init(), trace: sink)
        recorder.record(.visibility(.item("1"), .visible), at: .milliseconds(1))
        recorder.record(.load(.item("1"), id: 1, urls: [url], priority: .high), at: .milliseconds(2))
        for (time, kind) in [(3, ImagePipeline.Event.Kind.preview(scan: 1)), (4, .preview(scan: 3)), (5, .revalidated(notModified: true))] {
            recorder.record(.pipeline(ImagePipeline.Event(kind: kind, stage: .data, url: url, taskID: 1)), at: .milliseconds(time))
        }
        recorder.finish(at: .milliseconds(6))
        // Then the trace has them, on the photo's track
        let check = ChromeTraceCheck(data: sink.data)
        #expect(check.events(named: "preview").map { $0.arguments["scan"] } == ["1", "3"])
        #expect(check.events(named: "revalidated").first?.arguments["status"] == "304")
        #expect(Set(check.events(named: "preview").map(\.track)) == Set(check.events(named: "load").map(\.track)))
    }
}
