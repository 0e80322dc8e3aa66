/// Decides what to redraw and when: dirty rows, animation ticks, full redraws.
///
/// Pure: time is passed in as the duration since the loop started (read from
/// an injected clock), so tests drive it directly. Placeholders animate at
/// ``animationInterval`` (about 12 fps) only while some visible row shows
/// one; when nothing animates, ``nextDeadline(after:)`` is `nil` and the loop
/// sleeps until input or a loader update arrives.
///
/// ```swift
/// var scheduler = FrameScheduler()
/// scheduler.setAnimating(row: 3, true)
/// if let frame = scheduler.takeFrame(at: now) { draw(frame) }
/// let wake = scheduler.nextDeadline(after: now) // next tick, or nil when idle
/// ```
public struct FrameScheduler: Hashable, Sendable {
    /// About 12 frames per second.
    public static let defaultAnimationInterval = Duration.milliseconds(83)

    /// Time between animation frames.
    public let animationInterval: Duration
    /// Rows whose content changed since the last frame.
    public private(set) var dirtyRows: Set<Int> = []
    /// Rows currently showing an animated placeholder.
    public private(set) var animatedRows: Set<Int> = []
    /// Whether everything must be redrawn (first frame, resize, scroll, overlay closed).
    public private(set) var needsFullRedraw = true
    /// Whether the status bar changed.
    public private(set) var statusDirty = true
    private var lastAnimationFrame: Int?

    /// Creates a scheduler whose first frame is a full redraw.
    public init(animationInterval: Duration = Self.defaultAnimationInterval) {
        self.animationInterval = animationInterval > .zero ? animationInterval : Self.defaultAnimationInterval
    }

    /// Marks a row's content as changed.
    public mutating func invalidate(row: Int) {
        dirtyRows.insert(row)
    }

    /// Marks several rows as changed.
    public mutating func invalidate(rows: some Sequence<Int>) {
        dirtyRows.formUnion(rows)
    }

    /// Requests a full redraw (after a resize, a scroll, or when an overlay closes).
    public mutating func invalidateAll() {
        needsFullRedraw = true
        statusDirty = true
    }

    /// Marks the status bar as changed.
    public mutating func invalidateStatus() {
        statusDirty = true
    }

    /// Records whether `row` shows an animated placeholder.
    public mutating func setAnimating(row: Int, _ animating: Bool) {
        if animating {
            animatedRows.insert(row)
        } else {
            animatedRows.remove(row)
        }
    }

    /// Forgets rows outside `visible` (they are not drawn, so they neither animate nor need redraw).
    public mutating func retain(visible: Range<Int>) {
        animatedRows = animatedRows.filter { visible.contains($0) }
        dirtyRows = dirtyRows.filter { visible.contains($0) }
    }

    /// Whether any visible placeholder animates.
    public var isAnimating: Bool { !animatedRows.isEmpty }

    /// The animation frame number at `now`: a pure function of time.
    public func animationFrame(at now: Duration) -> Int {
        guard now > .zero else { return 0 }
        return Int(now / animationInterval)
    }

    /// When the loop should wake for the next animation frame, or `nil` when nothing animates.
    public func nextDeadline(after now: Duration) -> Duration? {
        guard isAnimating else { return nil }
        return animationInterval * (animationFrame(at: now) + 1)
    }

    /// Whether a frame would draw anything at `now`.
    public func hasWork(at now: Duration) -> Bool {
        needsFullRedraw || statusDirty || !dirtyRows.isEmpty
            || (isAnimating && animationFrame(at: now) != lastAnimationFrame)
    }

    /// Returns what to draw at `now` and clears the dirty state; `nil` when nothing changed.
    public mutating func takeFrame(at now: Duration) -> FrameUpdate? {
        let frame = animationFrame(at: now)
        if isAnimating, frame != lastAnimationFrame {
            dirtyRows.formUnion(animatedRows)
        }
        guard needsFullRedraw || statusDirty || !dirtyRows.isEmpty else { return nil }
        lastAnimationFrame = frame
        let update = FrameUpdate(
            fullRedraw: needsFullRedraw,
            rows: needsFullRedraw ? [] : dirtyRows.sorted(),
            status: statusDirty || needsFullRedraw,
            animationFrame: frame)
        dirtyRows.removeAll()
        needsFullRedraw = false
        statusDirty = false
        return update
    }
}

/// What one frame must draw.
public struct FrameUpdate: Hashable, Sendable {
    /// Redraw the whole screen (then ``rows`` is empty: every visible row is drawn).
    public var fullRedraw: Bool
    /// The rows to redraw, ascending.
    public var rows: [Int]
    /// Whether to redraw the status bar.
    public var status: Bool
    /// The animation frame to render placeholders at.
    public var animationFrame: Int

    /// Creates an update.
    public init(fullRedraw: Bool, rows: [Int], status: Bool, animationFrame: Int) {
        self.fullRedraw = fullRedraw
        self.rows = rows
        self.status = status
        self.animationFrame = animationFrame
    }
}
