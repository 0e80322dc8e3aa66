import FeedSources
import FoundationExtras
import ImageCodecs
import ImageLoading
import Synchronization
public import Vocabulary

extension FeedRuntime {
    /// Runs one effect; results come back as messages (at once, for a load that settled inside
    /// `load`: a memory-cache hit shows in the same frame as its item's appearance).
    func perform(_ effect: FeedEffect) {
        switch effect {
        case .load(let slot, let token, let request, let lowData):
            start(slot, token: token, request: request, lowData: lowData)
        case .setPriority(let slot, let priority):
            loads[slot]?.loader.priority = priority
        case .cancel(let slot):
            if let load = loads.removeValue(forKey: slot) {
                load.loader.cancel()
                retire(load.forwarder)
            }
        case .release(let slot):
            if let load = loads.removeValue(forKey: slot) { retire(load.forwarder) }
        case .requestAnimationFrame(let key, let token, let index, let data, let frameSize):
            decodeFrame(index, of: key, token: token, data: data, frameSize: frameSize)
        case .saveOriginal(let key, let request, let name, let folder):
            let (pipeline, mailbox) = (self.pipeline, self.mailbox)
            work.append(Task.detached {
                let text: String
                do {
                    // The row shows how far it has come, a message per percent at most.
                    let reported = Mutex(-1)
                    let bytes = try await pipeline.data(for: request) { progress in
                        let percent = progress.total.map { $0 > 0 ? progress.completed * 100 / $0 : 0 } ?? progress.completed >> 16
                        let isNew = reported.withLock { last in
                            defer { last = percent }
                            return last != percent
                        }
                        if isNew { mailbox.post(.message(.saveProgress(key, progress))) }
                    }
                    let saved = try PhotoSaver.save(bytes, named: name, into: folder ?? PhotoSaver.downloadFolder())
                    text = "saved \(saved.path) (\(ByteCountFormat.string(Int64(bytes.count))))"
                } catch {
                    text = error is PhotoSaver.Failure ? "\(error)" : "could not save \(name): \(ErrorText.describe(error))"
                }
                mailbox.post(.message(.saved(key, text)))
            })
        case .trash(let requests):
            let (trash, pipeline, mailbox) = (self.trash, self.pipeline, self.mailbox)
            work.append(Task.detached {
                var outcome = TrashOutcome(moved: [], failures: [])
                for request in requests {
                    do {
                        let file = try trash.trash(
                            request.name, inFolder: request.folder, expecting: request.identity,
                            folderIdentity: request.folderIdentity)
                        // The thumbnail standard: a file's thumbnails go when the file does.
                        pipeline.forgetThumbnails(of: request.url)
                        outcome.moved.append((request.key, file))
                    } catch {
                        outcome.failures.append("\(error)")
                    }
                }
                mailbox.post(.message(.trashed(outcome)))
            })
        case .restoreFromTrash(let files):
            let (trash, mailbox) = (self.trash, self.mailbox)
            work.append(Task.detached {
                var outcome = TrashOutcome(moved: [], failures: [])
                for file in files {
                    do {
                        try trash.restore(file)
                        outcome.moved.append((PhotoKey(id: file.shownName), file))
                    } catch {
                        outcome.failures.append("\(error)")
                    }
                }
                mailbox.post(.message(.restored(outcome)))
            })
        case .copyToClipboard(let bytes):
            screen.copyToClipboard(bytes)
        case .openExternally(let location, let identity):
            let mailbox = self.mailbox
            work.append(Task.detached {
                if let failure = ExternalOpener.open(location, expecting: identity) { mailbox.post(.message(.notice(failure))) }
            })
        case .readInfo(let key, let request):
            let (pipeline, mailbox) = (self.pipeline, self.mailbox)
            work.append(Task {
                let result: Result<PhotoMetadata, any Error>
                do {
                    result = .success(try await pipeline.metadata(for: request))
                } catch {
                    result = .failure(error)
                }
                mailbox.post(.message(.infoRead(key, result)))
            })
        case .pauseAnimation(let key):
            players[key]?.decoding?.cancel()
            players[key]?.decoding = nil
        case .releaseAnimation(let key):
            players.removeValue(forKey: key)?.decoding?.cancel()
        case .loadPage:
            let (feed, mailbox) = (self.feed, self.mailbox)
            work.append(Task {
                do {
                    switch try await feed.nextStep() {
                    case .page(let photos):
                        let page = FeedPage(photos: photos, summary: await feed.summary, hasMore: await feed.hasMore)
                        mailbox.post(.message(.page(.success(page))))
                    case .listing(let progress):
                        mailbox.post(.message(.listing(progress)))
                    }
                } catch {
                    mailbox.post(.message(.page(.failure(error))))
                }
            })
        case .clearMemoryCache:
            pipeline.clearMemoryCache()
        case .forgetImages(let url):
            pipeline.forgetImages(of: url)
        case .measureCaches:
            let (pipeline, mailbox) = (self.pipeline, self.mailbox)
            work.append(Task { mailbox.post(.message(.cachesMeasured(await pipeline.cacheSizes()))) })
        case .clearAllCaches:
            pipeline.clearMemoryCache()
            let pipeline = self.pipeline
            work.append(Task { await pipeline.clearAllCaches() })
        case .setShaping(let knobs):
            if let network { send(.shaping(network.update(knobs))) }
        case .repaint:
            previousFrame = nil
        case .suspend:
            screen.suspend()
            previousFrame = nil
        case .quit(let reason):
            if exit == nil { exit = reason }
        }
    }

    /// A new loader for `slot` (the old one is cancelled), its phases forwarded with `token`.
    private func start(_ slot: LoadSlot, token: LoadToken, request: ImageRequest, lowData: Bool) {
        if let old = loads.removeValue(forKey: slot) {
            old.loader.cancel()
            retire(old.forwarder)
        }
        let loader = pipeline.makeLoader()
        loader.lowData = lowData
        loader.priority = request.priority
        loader.load(request)
        // Settled inside `load` (a memory-cache hit): deliver it now. The phase stream replays
        // that same phase first, so the forwarder skips it.
        let settled = loader.phase
        let phases = loader.phases
        let mailbox = self.mailbox
        let forwarder = Task {
            var skipsReplay = settled.isTerminal
            for await phase in phases {
                if skipsReplay {
                    skipsReplay = false
                    continue
                }
                mailbox.post(.message(.phase(slot, token, phase)))
            }
        }
        loads[slot] = LiveLoad(loader: loader, forwarder: forwarder)
        if settled.isTerminal { send(.phase(slot, token, settled)) }
    }

    /// Decodes a frame with the photo's player (a new one when the token names another), off
    /// the runtime's task; the frame comes back as a message. One decode per photo at a time.
    private func decodeFrame(_ index: Int, of key: PhotoKey, token: LoadToken, data: AnimationData, frameSize: PixelSize) {
        var live = players[key]
        if live?.token != token {
            live?.decoding?.cancel()
            live = LivePlayer(token: token, player: AnimationPlayer(data: data, frameSize: frameSize))
        }
        guard var live else { return }
        live.decoding?.cancel()
        let (player, mailbox) = (live.player, self.mailbox)
        live.decoding = Task {
            let result: Result<AnimationDelivery, ImageCodecError>
            do throws(ImageCodecError) {
                let (frame, info) = try await player.frameWithInfo(at: index)
                result = .success(AnimationDelivery(frame: frame, info: info))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }
            mailbox.post(.message(.animationFrame(key, token, result)))
        }
        players[key] = live
    }

    /// Cancels a forwarder and keeps it until ``stop()`` awaits it; ended ones are dropped.
    private func retire(_ forwarder: Task<Void, Never>) {
        forwarder.cancel()
        retired.append(forwarder)
        if retired.count > 256 { retired.removeFirst(128) }
    }

    /// The loader serving `slot` now (tests and diagnostics).
    public func loader(for slot: LoadSlot) -> (any RowLoading)? {
        loads[slot]?.loader
    }

    /// The items on screen now, and how many still show a placeholder (benchmarks).
    public var visibleRowsWaiting: (waiting: Int, visible: Int) { model.visibleRowsWaiting }
}
