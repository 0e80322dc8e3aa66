/// The slideshow (`S` in the detail view, `--slideshow SECONDS`): the next photo every
/// interval, opened like `j` opens it (its picture loads meanwhile, the next ones too as the
/// list prefetches); any move or leaving the detail view keeps it going or ends it.
extension FeedModel {
    /// `S`: starts (opening the detail view when it is closed) or stops the slideshow.
    mutating func toggleSlideshow() -> [FeedEffect] {
        if nextSlide != nil {
            animation.stopSlideshow()
            note("slideshow stopped")
            return []
        }
        var effects: [FeedEffect] = []
        if detail == nil { effects += openDetail() }
        guard detail != nil else { return effects }
        animation.scheduleSlide(at: now + options.slideshowInterval)
        note("slideshow: a photo every \(ByteCountFormat.duration(options.slideshowInterval)) (S stops)")
        return effects
    }

    /// On a tick: the next photo when its time came (the slideshow ends with the detail view, or at the last photo).
    mutating func advanceSlideshow() -> [FeedEffect] {
        guard animation.slideIsDue(at: now, detailOpen: detail != nil) else { return [] }
        let before = list.focus
        var effects = update(list: .move(.focusItems(1)))
        guard list.focus != before else {
            animation.stopSlideshow()
            note("slideshow: the last photo")
            return effects
        }
        effects += openDetail()
        animation.scheduleSlide(at: now + options.slideshowInterval)
        return effects
    }
}
