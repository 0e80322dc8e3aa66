import ImageLoading
import TerminalScreen
import Vocabulary

/// The phases that come back to the loads, and the pictures drawn again with another renderer.
extension LoadingModel {
    /// A phase of the load `token` of the photo of `key`; phases of replaced loads are dropped.
    mutating func receive(
        _ phase: ImagePhase, for key: PhotoKey, token: LoadToken, isWanted: Bool, drawing: Drawing,
        reply: inout ModelReply<Request>
    ) {
        guard var item = items[key], item.load?.token == token else { return }
        switch phase {
        case .success(let response):
            item.load?.isFinished = true
            let release = RowLoadPlanner.releaseIfUnwanted(key, status: .loaded, isWanted: isWanted)
            if !release.isEmpty {
                // Finished off screen (keep, lower-priority): the memory cache holds it for the return.
                perform(release, drawing: drawing, reply: &reply)
                return
            }
            let replacesPlaceholder = item.picture == nil
            item.bitmap = response.bitmap
            item.damage = response.damage
            item.picture = drawing.pictures.picture(for: response.bitmap, in: drawing.box)
            item.fade = item.picture.flatMap {
                Self.fade(for: $0, from: response.source, replacingPlaceholder: replacesPlaceholder, drawing: drawing)
            }
            adoptAnimation(response, into: &item, mode: drawing.animation)
        case .failure:
            item.load?.isFinished = true
        case .preview(let preview):
            // Drawn in place of the placeholder; a row reloading at another size keeps its
            // sharper picture (and says loading).
            guard item.bitmap == nil else {
                item.state = RowDisplayState(phase: .loading(preview.progress))
                items[key] = item
                return
            }
            item.picture = drawing.pictures.picture(for: preview.bitmap, in: drawing.box)
        case .idle, .loading:
            break
        }
        if case .success(let response) = phase, let damage = response.damage {
            // Said in the event log, as a failure is: the photo shows, not all of it.
            reply.ask(.log(.note("damaged: \(damage)"), for: key))
        }
        switch phase {
        case .success: reply.ask(.mark(.done, lane: key.description))
        case .failure: reply.ask(.mark(.failure, lane: key.description))
        case .idle, .loading, .preview: break
        }
        item.state = item.state.updatingProgress(to: RowDisplayState(phase: phase))
        if item.photo.isLocalFile { item.state = item.state.readFromFile }
        items[key] = item
    }

    /// The fade a picture just loaded from `source` enters with (nil: it appears at once).
    static func fade(
        for picture: Picture, from source: ImageResponse.Source, replacingPlaceholder: Bool, drawing: Drawing
    ) -> PictureFade? {
        guard drawing.fades, replacingPlaceholder, picture.image == nil, source != .memory else { return nil }
        return PictureFade(start: drawing.now)
    }

    /// Keeps the animation a load brought (its frames play as ``AnimationPlayback`` says).
    private mutating func adoptAnimation(_ response: ImageResponse, into item: inout FeedItem, mode: AnimationMode) {
        guard let animation = response.animation, mode != .off else { return }
        item.animation = animation
        if var playback = item.playback, playback.frameSize == response.bitmap.size {
            // The picture is the still (frame 0) again: the frame it was at comes back first.
            playback.restoreShownFrame()
            item.playback = playback
            return
        }
        item.playback = AnimationPlayback(
            token: makeToken(), frameSize: response.bitmap.size, frameCount: animation.frameCount, mode: mode)
    }

    /// Draws `keys` with the renderer `drawing` describes: re-render from kept bitmaps that are
    /// big enough, reload the others (keeping the old picture meanwhile), restart loads that
    /// would finish too small.
    mutating func redraw(
        _ keys: [PhotoKey], visible: Set<PhotoKey>, drawing: Drawing, reply: inout ModelReply<Request>
    ) {
        let next = drawing.pictures
        let box = drawing.box
        var reload: [PhotoKey] = []
        for key in keys {
            guard let item = items[key] else { continue }
            let needed = next.pixelSize(forImage: item.photo.size, in: box)
            guard let bitmap = item.bitmap else {
                // A load still running at a smaller size would finish too small: restart it at the new size.
                if let priority = item.loadStatus.runningPriority, let asked = item.load?.pixels,
                    asked.width < needed.width || asked.height < needed.height
                {
                    startLoad(key, priority: priority, drawing: drawing, reply: &reply)
                }
                continue
            }
            items[key]?.picture = next.picture(for: bitmap, in: box)
            if bitmap.width < needed.width || bitmap.height < needed.height { reload.append(key) }
        }
        // Each loads again at once (all are on screen or ahead), showing its picture meanwhile.
        for key in reload {
            let priority = visible.contains(key)
                ? RowLoadPlanner<PhotoKey>.visiblePriority : RowLoadPlanner<PhotoKey>.prefetchPriority
            startLoad(key, priority: priority, drawing: drawing, reply: &reply)
        }
    }
}
