public import ImageLoading

extension RowDisplayState {
    /// What a row shows for a loader's phase.
    ///
    /// `resumedFrom` is the byte offset a running download resumed from, when the
    /// loop learned it from the pipeline's events (the phase itself does not carry it).
    ///
    /// ```swift
    /// for await phase in loader.phases { rows[index].state = RowDisplayState(phase: phase) }
    /// ```
    public init(phase: ImagePhase, resumedFrom: Int? = nil) {
        switch phase {
        case .idle:
            self = .idle
        case .loading(let progress):
            self = .loading(
                completed: Int64(progress.completed), expected: progress.total.map(Int64.init),
                resumedFrom: resumedFrom.map(Int64.init))
        case .success(let response):
            self = .loaded(
                source: LoadSource(response.source), bytes: Int64(response.byteCount),
                duration: response.timings.total)
        case .failure(let error):
            self = .failed(reason: error.shortDescription)
        }
    }
}

extension RowDisplayState.LoadSource {
    /// The display source for a pipeline response source.
    public init(_ source: ImageResponse.Source) {
        switch source {
        case .memory: self = .memory
        case .disk: self = .disk
        case .network: self = .network
        case .networkResumed(let bytes): self = .resumedNetwork(resumedFrom: Int64(bytes))
        }
    }
}
