import Foundation
import ImageCodecs
import ImageLoading
import LoadSemantics
import Testing

/// A download cut for good and its damaged picture in the trace (issue 50): a `cut` instant with
/// the bytes that came, a `damaged` instant with the share decoded and why, and the success's
/// `damaged` argument; the audit counts no violation for it.
@Suite("The Chrome trace: a cut download and a damaged picture")
struct ChromeTraceDamageTests {
    let url = "http://127.0.0.1:9/id/1/64/48"

    @Test func aCutDownloadAndItsDamagedPictureAreInTheTrace() throws {
        // Given a photo whose download is cut for good after 600 of 1000 bytes, drawn 60 % decoded
        let damage = ImageDamage(decodedRows: 29, rows: 48, isTruncated: true, reason: "the download ended after 600 of 1000 bytes")
        var script = RecordScript()
        script.appearAndStart("1", url: url, load: 1, job: 1)
        script.pipeline(.progress(LoadProgress(completed: 600, total: 1000)), url: url)
        script.pipeline(.cut(received: 600, expected: 1000), url: url)
        script.pipeline(.decoded, .image, url: url)
        script.pipeline(.damaged(damage), .image, url: url)
        script.pipeline(.finished(.network), .task, url: url)
        script.add(.phase(.item("1"), id: 1, .success(.network, damage: damage.description)))
        script.add(.frame(placeholders: []))
        // When it is recorded
        let sink = MemoryTraceSink()
        let recorder = LoadRecorder(audit: .init(), trace: sink)
        for record in script.records { recorder.record(record.event, at: record.time) }
        recorder.finish(at: script.time + .milliseconds(1))
        // Then the trace is valid and says the cut, the damage and the damaged success
        let check = ChromeTraceCheck(data: sink.data)
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.events(named: "cut").first?.arguments["bytes"] == "600")
        #expect(check.events(named: "cut").first?.arguments["of"] == "1000")
        #expect(check.events(named: "damaged").first?.arguments["decoded %"] == "60")
        #expect(check.events(named: "damaged").first?.arguments["reason"] == "the download ended after 600 of 1000 bytes")
        let rendering = check.events.first { $0.name == "rendering" && $0.phase == "B" }
        #expect(rendering?.arguments["damaged"] == "60 % decoded (the download ended after 600 of 1000 bytes)")
        // And the download ended (none in flight), breaking no rule
        #expect(check.events(named: "downloads in flight").last?.arguments["downloads"] == "0")
        #expect(check.events(named: "end").first?.arguments["violations"] == "0")
        #expect(script.audit(settled: true).violations.isEmpty)
    }
}
