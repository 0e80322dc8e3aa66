import ImageLoading
import LoadSemantics
import Vocabulary

/// Builds record sequences for the tests: times step by 1 ms unless set.
struct RecordScript {
    private(set) var records: [LoadRecord] = []
    var time: Duration = .zero

    mutating func add(_ event: LoadRecord.Event, after step: Duration = .milliseconds(1)) {
        time += step
        records.append(LoadRecord(time: time, event))
    }

    mutating func pipeline(_ kind: ImagePipeline.Event.Kind, _ stage: ImagePipeline.Event.Stage = .data, url: String, job: Int = 1) {
        add(.pipeline(ImagePipeline.Event(kind: kind, stage: stage, url: url, taskID: job)))
    }

    /// An item appears and asks for `url` (load `load`).
    mutating func appear(_ id: String, url: String, load: Int = 1) {
        add(.visibility(.item(PhotoKey(id: id)), .visible))
        add(.load(.item(PhotoKey(id: id)), id: load, urls: [url], priority: .high))
    }

    /// An item appears (with a placeholder), asks for `url`, and its download starts.
    mutating func appearAndStart(_ id: String, url: String, load: Int, job: Int) {
        appear(id, url: url, load: load)
        add(.frame(placeholders: [.item(PhotoKey(id: id))]))
        pipeline(.queued, url: url, job: job)
        pipeline(.started, url: url, job: job)
    }

    /// An item appears, asks for `url`, and it downloads (size `size`) and draws.
    mutating func appearAndLoad(_ id: String, url: String, load: Int, job: Int, size: Int = 1000) {
        appearAndStart(id, url: url, load: load, job: job)
        pipeline(.progress(LoadProgress(completed: size / 2, total: size)), url: url, job: job)
        pipeline(.progress(LoadProgress(completed: size, total: size)), url: url, job: job)
        pipeline(.finished(.network), url: url, job: job)
        pipeline(.decoded, .image, url: url, job: job)
        pipeline(.finished(.network), .task, url: url, job: job)
        add(.phase(.item(PhotoKey(id: id)), id: load, .success(.network)))
        add(.frame(placeholders: []))
    }

    /// Photo 1 (labelled `Mountain "lake"` and a newline) appears and downloads 400 of 1000
    /// bytes, leaves (cancelled, the 400 bytes kept), comes back, resumes from 400, finishes,
    /// decodes and is drawn: a run that keeps every rule.
    static func cancelAndResume(url: String) -> RecordScript {
        var script = RecordScript()
        script.add(.visibility(.item("1"), .visible))
        script.add(.load(.item("1"), id: 1, urls: [url], priority: .high, label: "Mountain \"lake\"\n"))
        script.add(.frame(placeholders: [.item("1")]))
        script.pipeline(.queued, url: url)
        script.pipeline(.started, url: url)
        script.pipeline(.progress(LoadProgress(completed: 400, total: 1000)), url: url)
        script.add(.visibility(.item("1"), .gone))
        script.add(.cancel(.item("1")))
        script.pipeline(.kept(bytes: 400), url: url)
        script.pipeline(.cancelled, url: url)
        script.add(.frame(placeholders: []))
        script.appear("1", url: url, load: 2)
        script.add(.frame(placeholders: [.item("1")]))
        script.pipeline(.queued, url: url, job: 2)
        script.pipeline(.started, url: url, job: 2)
        script.pipeline(.resumed(from: 400), url: url, job: 2)
        script.pipeline(.progress(LoadProgress(completed: 1000, total: 1000, resumedFrom: 400)), url: url, job: 2)
        script.pipeline(.finished(.networkResumed(from: 400)), url: url, job: 2)
        script.pipeline(.decoded, .image, url: url, job: 2)
        script.pipeline(.finished(.networkResumed(from: 400)), .task, url: url, job: 2)
        script.add(.phase(.item("1"), id: 2, .success(.networkResumed(from: 400))))
        script.add(.frame(placeholders: []))
        return script
    }

    func audit(_ configuration: SemanticsAudit.Configuration = .init(), settled: Bool = false) -> SemanticsAudit {
        var audit = SemanticsAudit(configuration: configuration)
        for record in records { audit.consume(record) }
        audit.finish(at: time + .milliseconds(1), settled: settled)
        return audit
    }
}
