import ImageLoading

extension PipelineEventLog.Kind {
    /// The log entry for a pipeline event: typed kinds for the task stage and for what matters
    /// about the shared download (resume, coalescing, progress, failure); the other download
    /// events as notes that say "download".
    init(_ event: ImagePipeline.Event) {
        switch (event.stage, event.kind) {
        case (_, .progress(let progress)): self = .progress(completed: progress.completed, expected: progress.total)
        case (_, .resumed(let offset)): self = .resume(offset: offset)
        case (_, .coalesced): self = .coalesced
        case (_, .memoryHit): self = .memoryHit
        case (_, .diskHit): self = .diskHit
        case (let stage, .revalidated(let notModified)):
            self = .note("\(Self.name(of: stage)) revalidated: " + (notModified ? "304 not modified" : "200 replaced"))
        case (_, .failed(let error)): self = .failed(error.shortDescription)
        case (.task, .started): self = .start
        case (.task, .cancelled): self = .cancel
        case (.task, .finished(let source)): self = .finished("\(source)")
        case (let stage, .queued): self = .note("\(Self.name(of: stage)) queued")
        case (let stage, .started): self = .note("\(Self.name(of: stage)) started")
        case (let stage, .decoded): self = .note("\(Self.name(of: stage)) decoded")
        case (_, .damaged(let damage)): self = .note("damaged: \(damage)")
        case (_, .cut(let received, let expected)):
            let of = expected.map { " of \(ByteCountFormat.string(Int64($0)))" } ?? ""
            self = .note("download cut for good after \(ByteCountFormat.string(Int64(received)))\(of)")
        case (_, .preview(let scan)): self = .note("preview · scan \(scan)")
        case (let stage, .cancelled): self = .note("\(Self.name(of: stage)) cancelled")
        case (let stage, .retried(let attempt, _, _)): self = .note("\(Self.name(of: stage)) retry \(attempt)")
        case (_, .kept(let bytes)): self = .note("download kept \(ByteCountFormat.string(Int64(bytes))) to resume")
        case (_, .discarded(let bytes)): self = .note("download dropped \(ByteCountFormat.string(Int64(bytes))) kept")
        case (let stage, .finished(let source)): self = .note("\(Self.name(of: stage)) finished (\(source))")
        }
    }

    private static func name(of stage: ImagePipeline.Event.Stage) -> String {
        switch stage {
        case .task: "task"
        case .image: "decode"
        case .data: "download"
        }
    }
}

extension PipelineEventLog {
    /// Appends an entry for `row` (nil: feed-wide) at `time`.
    mutating func append(time: Duration, row: Int?, _ kind: Kind) {
        append(Entry(time: time, row: row, kind: kind))
    }
}
