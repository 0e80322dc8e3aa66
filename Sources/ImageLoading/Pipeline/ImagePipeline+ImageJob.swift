import FoundationEssentials
public import ImageCodecs

extension ImagePipeline {
    /// The shared job for one URL + processors: get the original bytes through the (coalesced)
    /// data stage, decode and process them on the decode queue, fill the memory cache.
    func runImageJob(
        key: ImageCacheKey, url: URL, request: ImageRequest, control: JobControl
    ) async -> Result<ProcessedImage, ImageLoadError>? {
        let urlText = url.absoluteString
        var thumbnailSlot: ThumbnailSlot?
        if url.isFileURL, let thumbnails = configuration.thumbnailCache, request.processors.decodingRegion == nil,
            request.processors.rawRendering == .preview, let target = request.processors.decodingTargetSize
        {
            switch await lookUpThumbnail(url: url, target: target, thumbnails: thumbnails, key: key, request: request, control: control) {
            case .found(let image): return image
            case .cancelled: return nil
            case .missing(let slot): thumbnailSlot = slot
            }
        }
        let previewer = ProgressivePreviewer(
            decompression: ImageDecompression(maxPixels: configuration.limits.maxDecodedPixels),
            processors: request.processors, decoder: decoder,
            deliver: { preview in control.reportPreview(.image(preview)) })
        let fetched = await dataStage.value(
            for: request.imageID ?? urlText,
            options: control.options,
            following: control,
            onSubscribe: { [self] subscription in
                if subscription.coalesced { emit(.coalesced, stage: .data, url: urlText, taskID: subscription.jobID) }
            },
            onProgress: { progress in control.reportProgress(progress) },
            onPreview: { preview in
                if case .data(let bytes, let progress) = preview { previewer.receive(bytes, progress: progress) }
            },
            work: { [self] key, dataControl in
                await self.runDataJob(key: key, url: url, headers: request.headers, control: dataControl)
            })
        previewer.finish()
        guard let fetched else { return nil }
        let data: FetchedData
        switch fetched {
        case .failure(let error): return .failure(error)
        case .success(let value): data = value
        }
        let decompression = ImageDecompression(
            maxPixels: configuration.limits.maxDecodedPixels,
            claimedFormat: url.isFileURL ? ImageFormat.claimed(byName: url.lastPathComponent) : nil,
            thumbnail: thumbnailSlot.flatMap { slot in
                configuration.thumbnailCache.map { ImageDecompression.ThumbnailWrite(cache: $0, slot: slot) }
            },
            allowsPartialDecoding: configuration.allowsPartialImages)
        let processors = request.processors
        let decoded: Result<ImageDecompression.Output, ImageLoadError>
        do {
            decoded = try await decodeQueue.run(priority: control.priority, following: control) {
                await decoder.run { decompression.run(data.bytes, rawFile: data.rawFile, byteCount: data.byteCount, processors: processors) }
            }
        } catch {
            return nil  // cancelled while waiting for a decode slot
        }
        switch decoded {
        case .failure(var error):
            // What arrived of a cut download that does not decode at all: the cut is the reason.
            if let cut = data.cut { error = .transport(cut.reason) }
            emit(.failed(error), stage: .image, url: urlText, taskID: control.jobID)
            return .failure(error)
        case .success(let output):
            emit(.decoded, stage: .image, url: urlText, taskID: control.jobID)
            let damage = Self.damage(output, cut: data.cut)
            if let damage { emit(.damaged(damage), stage: .image, url: urlText, taskID: control.jobID) }
            // A cut download's picture is not kept: the row's next appearance downloads again.
            if control.options.writesMemory, data.cut == nil {
                configuration.memoryCache?.store(
                    ImageContainer(bitmap: output.bitmap, animation: output.animation, damage: damage), for: key)
            }
            return .success(
                ProcessedImage(
                    bitmap: output.bitmap, originalSize: output.originalSize, data: data,
                    decode: output.decode, process: output.process, animation: output.animation, damage: damage))
        }
    }

    /// What is missing from a decode: the codec's damage, and for a cut download the cut as its
    /// reason (a cut the codec did not notice, bytes missing after the picture's end, is still
    /// said: the picture is whole as far as it shows, the file is not).
    static func damage(_ output: ImageDecompression.Output, cut: DownloadCut?) -> ImageDamage? {
        guard let cut else { return output.damage }
        guard var damage = output.damage else {
            let rows = output.bitmap.height
            return ImageDamage(decodedRows: rows, rows: rows, isTruncated: true, reason: cut.reason)
        }
        damage.isTruncated = true
        damage.reason = cut.reason
        return damage
    }

    /// A request's original bytes (the disk cache's when it has them, else the file's or the
    /// network's, sharing a download running for the same URL); cancelling the caller cancels it.
    /// A download cut for good is an error here, naming the cut, even with partial pictures allowed.
    public func data(for request: ImageRequest, progress: @escaping @Sendable (LoadProgress) -> Void = { _ in }) async throws -> [UInt8] {
        try Self.wholeBytes(of: try await original(for: request, progress: progress), limit: configuration.limits.maxResponseBytes)
    }

    /// A request's original as the data stage hands it on; a download cut for good is an error.
    private func original(
        for request: ImageRequest, progress: @escaping @Sendable (LoadProgress) -> Void = { _ in }
    ) async throws -> FetchedData {
        let control = JobControl(jobID: 0, priority: request.priority, options: JobOptions(policy: request.cachePolicy)) { _ in }
        guard let fetched = await fetchData(for: request, control: control, progress: progress) else { throw CancellationError() }
        let data = try fetched.get()
        // What arrived of a download cut for good is no original: saved or read, it would pass for whole.
        if let cut = data.cut { throw ImageLoadError.transport(cut.reason) }
        return data
    }

    /// What a request's original says about itself (``PhotoMetadata``): read from its bytes, or
    /// for a camera RAW file from the open file (never read whole, so a RAW over the byte limit
    /// has its metadata too). Errors as ``data(for:progress:)``'s.
    public func metadata(for request: ImageRequest) async throws -> PhotoMetadata {
        let data = try await original(for: request)
        if let file = data.rawFile, let metadata = try PhotoMetadata.read(rawFile: file.descriptor, byteCount: data.byteCount) {
            return metadata
        }
        return try PhotoMetadata.read(Self.wholeBytes(of: data, limit: configuration.limits.maxResponseBytes))
    }

    /// Fetches a request's original bytes only (into the disk cache when its policy allows),
    /// sharing the download with any task loading the same URL. Nil when cancelled.
    func fetchData(
        for request: ImageRequest, control: JobControl, progress: @escaping @Sendable (LoadProgress) -> Void = { _ in }
    ) async -> Result<FetchedData, ImageLoadError>? {
        let url: URL
        switch ImagePipeline.validate(request.url) {
        case .failure(let error): return .failure(error)
        case .success(let valid): url = valid
        }
        var options = JobOptions(policy: request.cachePolicy)
        if url.isFileURL { options.readsDisk = false; options.writesDisk = false }
        return await dataStage.value(
            for: request.imageID ?? url.absoluteString, options: options, following: control, onProgress: progress,
            work: { [self] key, dataControl in
                await self.runDataJob(key: key, url: url, headers: request.headers, control: dataControl)
            })
    }
}
