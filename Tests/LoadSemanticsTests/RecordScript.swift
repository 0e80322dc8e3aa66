import ImageLoading
import LoadSemantics

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

    /// An item appears, asks for `url`, and it downloads (size `size`) and draws.
    mutating func appearAndLoad(_ id: String, url: String, load: Int, job: Int, size: Int = 1000) {
        add(.visibility(.item(id), .visible))
        add(.load(.item(id), id: load, urls: [url], priority: .high))
        add(.frame(placeholders: [.item(id)]))
        pipeline(.queued, url: url, job: job)
        pipeline(.started, url: url, job: job)
        pipeline(.progress(LoadProgress(completed: size / 2, total: size)), url: url, job: job)
        pipeline(.progress(LoadProgress(completed: size, total: size)), url: url, job: job)
        pipeline(.finished(.network), url: url, job: job)
        pipeline(.decoded, .image, url: url, job: job)
        pipeline(.finished(.network), .task, url: url, job: job)
        add(.phase(.item(id), id: load, .success(.network)))
        add(.frame(placeholders: []))
    }

    func audit(_ configuration: SemanticsAudit.Configuration = .init(), settled: Bool = false) -> SemanticsAudit {
        var audit = SemanticsAudit(configuration: configuration)
        for record in records { audit.consume(record) }
        audit.finish(at: time + .milliseconds(1), settled: settled)
        return audit
    }
}
