public import ImageLoading

extension RowDisplayState {
    /// What an item shows for a loader's phase (a resumed download's offset travels in its progress).
    ///
    /// ```swift
    /// for await phase in loader.phases { state = RowDisplayState(phase: phase) }
    /// ```
    public init(phase: ImagePhase) {
        switch phase {
        case .idle:
            self = .idle
        case .loading(let progress):
            self = .loading(
                completed: Int64(progress.completed), expected: progress.total.map(Int64.init),
                resumedFrom: progress.resumedFrom.map(Int64.init))
        case .preview(let preview):
            self = .preview(
                scan: preview.scan, completed: Int64(preview.progress.completed),
                expected: preview.progress.total.map(Int64.init))
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
        case .thumbnail: self = .thumbnail
        case .network: self = .network
        case .networkResumed(let bytes): self = .resumedNetwork(resumedFrom: Int64(bytes))
        }
    }
}
