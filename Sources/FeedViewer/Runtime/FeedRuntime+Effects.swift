import FeedSources
import FoundationExtras
import ImageCodecs
import ImageLoading
import Synchronization
public import Vocabulary

extension FeedRuntime {
    /// Runs one effect; results come back as messages (at once, for a load that settled inside
    /// `load`: a memory-cache hit shows in the same frame as its item's appearance). Each kind
    /// of effect has its own handler.
    func perform(_ effect: FeedEffect) {
        switch effect {
        case .load, .setPriority, .cancel, .release:
            performLoad(effect)
        case .prefetch, .cancelPrefetch, .releasePrefetch, .adopt, .keepAhead:
            performPrefetch(effect)
        case .requestAnimationFrame(let key, let token, let index, let data, let frameSize):
            decodeFrame(index, of: key, token: token, data: data, frameSize: frameSize)
        case .pauseAnimation(let key):
            players[key]?.decoding?.cancel()
            players[key]?.decoding = nil
        case .releaseAnimation(let key):
            players.removeValue(forKey: key)?.decoding?.cancel()
        case .saveOriginal(let key, let request, let name, let folder):
            saveOriginal(key, request: request, name: name, folder: folder)
        case .trash(let requests):
            trash(requests)
        case .restoreFromTrash(let files):
            restore(files)
        case .openExternally(let location, let identity):
            openExternally(location, expecting: identity)
        case .readDecision(let key, let photo, let companions):
            readDecision(key, photo: photo, companions: companions)
        case .writeDecision(let key, let decision, let photo, let companions):
            writeDecision(decision, for: key, photo: photo, companions: companions)
        case .readInfo(let key, let request):
            readInfo(key, request: request)
        case .loadPage:
            loadPage()
        case .clearMemoryCache, .forgetImages, .measureCaches, .clearAllCaches:
            performCache(effect)
        case .setShaping(let knobs):
            if let network { send(.shaping(network.update(knobs))) }
        case .copyToClipboard, .repaint, .suspend:
            performScreen(effect)
        case .quit(let reason):
            if exit == nil { exit = reason }
        }
    }

    /// A slot's load: started, reprioritised, cancelled or let go.
    private func performLoad(_ effect: FeedEffect) {
        switch effect {
        case .load(let slot, let token, let request, let lowData):
            start(slot, token: token, request: request, lowData: lowData)
        case .setPriority(let slot, let priority):
            loads[slot]?.loader.priority = priority
        case .cancel(let slot):
            stop(loads.removeValue(forKey: slot))
        case .release(let slot):
            if let load = loads.removeValue(forKey: slot) { retire(load.forwarder) }
        default:
            break
        }
    }

    /// A load ahead of the detail view: started, cancelled, let go, or taken as the detail
    /// view's own.
    private func performPrefetch(_ effect: FeedEffect) {
        switch effect {
        case .prefetch(let key, let token, let request, let lowData):
            // Started once the frame is written (`startLoadsAhead`).
            aheadAfterFrame.removeAll { $0.key == key }
            aheadAfterFrame.append((key, token, request, lowData))
        case .cancelPrefetch(let key):
            aheadAfterFrame.removeAll { $0.key == key }
            stop(prefetches.removeValue(forKey: key))
        case .releasePrefetch(let key):
            aheadAfterFrame.removeAll { $0.key == key }
            if let load = prefetches.removeValue(forKey: key) { retire(load.forwarder) }
        case .adopt(let key, let token, let request, let lowData):
            aheadAfterFrame.removeAll { $0.key == key }
            guard let ahead = prefetches.removeValue(forKey: key) else {
                start(.detail, token: token, request: request, lowData: lowData)
                return
            }
            // Its forwarder goes (a phase it posted already names the load ahead, which the
            // model no longer runs); the loader goes on, now the detail view's.
            retire(ahead.forwarder)
            ahead.loader.priority = request.priority
            run(ahead.loader, as: .detail, token: token)
        case .keepAhead(let key, let token, let request):
            guard let detail = loads.removeValue(forKey: .detail) else { return }
            retire(detail.forwarder)
            detail.loader.priority = request.priority
            runAhead(detail.loader, for: key, token: token)
        default:
            break
        }
    }

    /// The pipeline's caches: emptied, forgotten for a file, or measured.
    private func performCache(_ effect: FeedEffect) {
        switch effect {
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
        default:
            break
        }
    }

    /// The terminal: the clipboard, a full repaint, a suspension.
    private func performScreen(_ effect: FeedEffect) {
        switch effect {
        case .copyToClipboard(let bytes):
            screen.copyToClipboard(bytes)
        case .repaint:
            previousFrame = nil
        case .suspend:
            screen.suspend()
            previousFrame = nil
        default:
            break
        }
    }

    /// A new loader for `slot` (the old one is cancelled), its phases forwarded with `token`.
    private func start(_ slot: LoadSlot, token: LoadToken, request: ImageRequest, lowData: Bool) {
        run(startedLoader(request, lowData: lowData), as: slot, token: token)
    }

    /// A new loader, loading `request` at its priority.
    private func startedLoader(_ request: ImageRequest, lowData: Bool) -> any RowLoading {
        let loader = pipeline.makeLoader()
        loader.lowData = lowData
        loader.priority = request.priority
        loader.load(request)
        return loader
    }

    /// `loader` as `slot`'s load (the slot's old one cancelled), its phases forwarded with `token`.
    private func run(_ loader: any RowLoading, as slot: LoadSlot, token: LoadToken) {
        stop(loads.removeValue(forKey: slot))
        let (load, settled) = forward(loader, as: slot, token: token)
        loads[slot] = load
        if let settled { send(.phase(slot, token, settled)) }
    }

    /// Starts the loads ahead asked for since the last frame (called once it is written).
    func startLoadsAhead() {
        guard !aheadAfterFrame.isEmpty else { return }
        let asked = aheadAfterFrame
        aheadAfterFrame.removeAll()
        for ahead in asked {
            runAhead(startedLoader(ahead.request, lowData: ahead.lowData), for: ahead.key, token: ahead.token)
        }
    }

    /// `loader` as the load ahead for `key` (an old one for it cancelled), its phases forwarded with `token`.
    private func runAhead(_ loader: any RowLoading, for key: PhotoKey, token: LoadToken) {
        stop(prefetches.removeValue(forKey: key))
        let (load, settled) = forward(loader, as: .ahead, token: token)
        prefetches[key] = load
        if let settled { send(.phase(.ahead, token, settled)) }
    }

    /// Cancels `load` and stops forwarding its phases (nil: none ran).
    private func stop(_ load: LiveLoad?) {
        guard let load else { return }
        load.loader.cancel()
        retire(load.forwarder)
    }

    /// Forwards `loader`'s phases as `slot`'s under `token`. Settled already (a memory-cache
    /// hit inside `load`, or a load ahead that arrived): that phase is returned, for the caller
    /// to deliver now; the phase stream replays it first, so the forwarder skips it.
    private func forward(_ loader: any RowLoading, as slot: LoadSlot, token: LoadToken) -> (LiveLoad, settled: ImagePhase?) {
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
        return (LiveLoad(loader: loader, forwarder: forwarder), settled.isTerminal ? settled : nil)
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

    /// The loader of the load ahead of the photo of `key` (tests and diagnostics).
    public func aheadLoader(for key: PhotoKey) -> (any RowLoading)? {
        prefetches[key]?.loader
    }

    /// The items on screen now, and how many still show a placeholder (benchmarks).
    public var visibleRowsWaiting: (waiting: Int, visible: Int) { model.visibleRowsWaiting }
}
