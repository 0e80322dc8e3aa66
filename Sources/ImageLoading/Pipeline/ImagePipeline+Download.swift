import FoundationEssentials
import FoundationExtras

extension ImagePipeline {
    /// One download attempt: resume from kept bytes when possible, else revalidate a stale
    /// disk-cache entry (`If-None-Match` / `If-Modified-Since`; a 304 hands back its bytes with
    /// refreshed freshness and no body), enforce the byte limit, keep the bytes (with their
    /// validator) when the body stops early.
    ///
    /// Throws `AttemptFailure` for every failure and `CancellationError` when cancelled.
    func download(
        key: String, url: URL, headers: [String: String], revalidating stale: CachedData? = nil, control: JobControl
    ) async throws -> FetchedData {
        let taken = resumableData.take(key)
        var machine = ResumableDownload(partial: taken, revalidating: stale?.freshness)
        let urlText = url.absoluteString
        if let taken, machine.partial == nil {
            // A piece of the stale entry's own representation: the entry holds it whole.
            emit(.discarded(bytes: taken.bytes.count), stage: .data, url: urlText, taskID: control.jobID)
        }
        var extraHeaders = headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        // The job's urgency when it starts (RFC 9218), unless the caller's headers name one.
        if let urgency = control.priority.httpUrgency, !extraHeaders.contains(where: { $0.name.lowercased() == "priority" }) {
            extraHeaders.append((name: "Priority", value: "u=\(urgency)"))
        }
        // A server answering a range we did not ask for, or a 304 about another representation
        // than the stale entry's, gets one more plain request.
        for _ in 0..<2 {
            let request = DataRequest(url: url, headers: extraHeaders + machine.requestHeaders)
            let response: DataResponse
            do {
                response = try await configuration.dataLoader.load(request)
            } catch {
                if let partial = machine.partial { keep(partial, key: key, url: urlText, jobID: control.jobID) }
                throw ImagePipeline.attemptFailure(error)
            }
            let held = machine.partial?.bytes.count
            let conditional = machine.partial == nil && machine.revalidating != nil
            let action = machine.receive(response.head)
            if let held, machine.partial == nil, action == .startFresh || action == .retryWithoutRange {
                emit(.discarded(bytes: held), stage: .data, url: urlText, taskID: control.jobID)
            }
            if conditional, action == .notModified || action == .startFresh {
                // The stale entry was checked: still good (304), or replaced by what follows (200).
                let notModified = action == .notModified
                emit(.revalidated(notModified: notModified), stage: .data, url: urlText, taskID: control.jobID)
            }
            switch action {
            case .notModified:
                guard let stale, let freshness = stale.freshness else { throw AttemptFailure(error: .httpStatus(304)) }
                do {
                    for try await _ in response.body {}  // a 304 has no body: this ends the response
                } catch {
                    throw ImagePipeline.attemptFailure(error)
                }
                return FetchedData(
                    bytes: stale.bytes, source: .disk, transferred: 0,
                    freshness: freshness.refreshed(by: response.head, receivedAt: configuration.currentDate()))
            case .retryWithoutRange:
                continue
            case .retryUnconditionally:
                // The entry is neither refreshed nor used as validated; drain the 304 and ask again.
                do {
                    for try await _ in response.body {}
                } catch {
                    throw ImagePipeline.attemptFailure(error)
                }
                continue
            case .failure(let status):
                if let partial = machine.partial { keep(partial, key: key, url: urlText, jobID: control.jobID) }
                throw AttemptFailure(error: .httpStatus(status), retryAfter: response.head.header("Retry-After"))
            case .startFresh:
                return try await receiveBody(response, prefix: [], key: key, url: url, control: control)
            case .append(let kept):
                emit(.resumed(from: kept.count), stage: .data, url: url.absoluteString, taskID: control.jobID)
                return try await receiveBody(response, prefix: kept, key: key, url: url, control: control)
            }
        }
        throw AttemptFailure(error: .transport("the server kept answering a different range or representation"))
    }

    private func receiveBody(
        _ response: DataResponse, prefix: [UInt8], key: String, url: URL, control: JobControl
    ) async throws -> FetchedData {
        let head = response.head
        // A camera RAW file is read as far as its preview, by the decode stage.
        if prefix.isEmpty, let raw = Self.rawFileData(response) {
            control.reportProgress(LoadProgress(completed: raw.byteCount, total: raw.byteCount))
            countReceivedBytes(raw.transferred)
            return raw
        }
        let freshness = CacheFreshness(head: head, receivedAt: configuration.currentDate())
        let limit = configuration.limits.maxResponseBytes
        let total = ResumableData.totalLength(of: head)
        if let total, total > limit { throw AttemptFailure(error: .tooLarge(bytes: total, limit: limit)) }
        var buffer = prefix
        if let total { buffer.reserveCapacity(total) }
        var transferred = 0
        let resumedFrom = prefix.isEmpty ? nil : prefix.count
        // Progressive JPEGs show their complete scans while they download (not files: they
        // arrive at once); a resumed attempt may preview its kept bytes at once. The body's
        // time starts before its first progress is reported.
        var previews = url.isFileURL
            ? nil : configuration.previewInterval.map { PreviewSchedule(interval: $0, previewsAtOnce: !prefix.isEmpty) }
        let elapsed = stopwatch(on: configuration.clock)
        let initial = LoadProgress(completed: buffer.count, total: total, resumedFrom: resumedFrom)
        control.reportProgress(initial)
        if previews?.shouldPreview(buffer, at: elapsed()) == true {
            control.reportPreview(.data(bytes: buffer, progress: initial))
        }
        do {
            for try await chunk in response.body {
                transferred += chunk.count
                countReceivedBytes(chunk.count)
                guard buffer.count + chunk.count <= limit else {
                    throw AttemptFailure(error: .tooLarge(bytes: buffer.count + chunk.count, limit: limit))
                }
                buffer.append(contentsOf: chunk)
                let progress = LoadProgress(completed: buffer.count, total: total, resumedFrom: resumedFrom)
                emit(.progress(progress), stage: .data, url: url.absoluteString, taskID: control.jobID)
                control.reportProgress(progress)
                if previews?.shouldPreview(buffer, at: elapsed()) == true {
                    control.reportPreview(.data(bytes: buffer, progress: progress))
                }
            }
            try Task.checkCancellation()
        } catch let failure as AttemptFailure {
            throw failure
        } catch {
            keep(buffer, head: head, key: key, url: url, control: control)
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            guard var failure = ImagePipeline.attemptFailure(error) as? AttemptFailure else { throw error }
            failure.arrived = buffer
            failure.expected = total
            throw failure
        }
        if let total, buffer.count != total {
            keep(buffer, head: head, key: key, url: url, control: control)
            throw AttemptFailure(
                error: .transport("the body ended after \(buffer.count) of \(total) bytes (truncated)"),
                arrived: buffer.count < total ? buffer : [], expected: total)
        }
        let source: ImageResponse.Source = prefix.isEmpty ? .network : .networkResumed(from: prefix.count)
        return FetchedData(bytes: buffer, source: source, transferred: transferred, freshness: freshness)
    }

    private func keep(_ bytes: [UInt8], head: DataResponseHead, key: String, url: URL, control: JobControl) {
        if let partial = ResumableDownload.keep(bytes, head: head, status: head.statusCode) {
            keep(partial, key: key, url: url.absoluteString, jobID: control.jobID)
        }
    }

    /// Stores partial bytes for a later resume and says so (and which kept bytes the store
    /// evicted to make room), so a trace or an audit can check the next download resumes.
    private func keep(_ partial: ResumableData, key: String, url: String, jobID: Int) {
        let outcome = resumableData.store(partial, for: key, url: url)
        for evicted in outcome.evicted {
            emit(.discarded(bytes: evicted.bytes), stage: .data, url: evicted.url, taskID: jobID)
        }
        if outcome.stored { emit(.kept(bytes: partial.bytes.count), stage: .data, url: url, taskID: jobID) }
    }

    /// Any loader error as an attempt failure; cancellation passes through.
    static func attemptFailure(_ error: any Error) -> any Error {
        switch error {
        case is CancellationError: error
        case let failure as AttemptFailure: failure
        case let loadError as ImageLoadError: AttemptFailure(error: loadError)
        default: AttemptFailure(error: .transport(ErrorText.describe(error)))
        }
    }
}
