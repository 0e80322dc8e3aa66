/// Which decisions a culling view or `photofeed picks` chooses: picked (`--picks`) or rejected
/// (`--rejected`) photos, either when both are asked, narrowed by stars (`--min-rating N`) and a
/// colour label (`--label COLOR`).
///
/// A rejected photo has no stars (its sidecar says `xmp:Rating -1`), so `--min-rating`, even 0,
/// never chooses one: `--min-rating 0` means "not rejected". A photo with no sidecar has an
/// empty decision. An empty filter chooses every photo (the viewer with no filter; `photofeed
/// picks` chooses the picked ones then).
///
/// ```swift
/// DecisionFilter(minRating: 3).matches(Decision(stars: 4))                   // true
/// DecisionFilter(picks: true).matches(Decision(stars: 5))                    // false: not picked
/// DecisionFilter(minRating: 0).matches(Decision(flag: .rejected))            // false
/// DecisionFilter(label: .red, picks: true).words                             // "picks, red label"
/// ```
public struct DecisionFilter: Hashable, Sendable {
    /// At least this many stars (0–5), and not rejected.
    public var minRating: Int?
    /// This colour label (its name compared without case).
    public var label: ColorLabel?
    /// Picked photos (`--picks`).
    public var picks: Bool
    /// Rejected photos (`--rejected`).
    public var rejected: Bool

    /// A filter; with nothing given, every photo passes.
    public init(minRating: Int? = nil, label: ColorLabel? = nil, picks: Bool = false, rejected: Bool = false) {
        self.minRating = minRating
        self.label = label
        self.picks = picks
        self.rejected = rejected
    }

    /// No filter: every photo passes.
    public static let none = DecisionFilter()

    /// What the viewer's filter key steps through, in order, back to ``none``: the picks, the
    /// photos not rejected, the rejects.
    public static let cycle: [DecisionFilter] = [.none, DecisionFilter(picks: true), DecisionFilter(minRating: 0), DecisionFilter(rejected: true)]

    /// Whether every photo passes.
    public var isEmpty: Bool { minRating == nil && label == nil && !picks && !rejected }

    /// The filter after this one in ``cycle`` (one not in it, given by flags, goes to ``none``).
    public var next: DecisionFilter {
        guard let index = Self.cycle.firstIndex(of: self) else { return .none }
        return Self.cycle[(index + 1) % Self.cycle.count]
    }

    /// Whether `decision` passes.
    public func matches(_ decision: Decision) -> Bool {
        if picks || rejected {
            let flagged = (picks && decision.flag == .picked) || (rejected && decision.flag == .rejected)
            if !flagged { return false }
        }
        if let minRating, decision.flag == .rejected || decision.stars < minRating { return false }
        if let label, decision.label?.name.lowercased() != label.name.lowercased() { return false }
        return true
    }

    /// The filter in a few words, as the status bar says it: "picks", "not rejected",
    /// "3+ stars", "picks or rejects, red label"; "all" for none.
    public var words: String {
        var parts: [String] = []
        switch (picks, rejected) {
        case (true, true): parts.append("picks or rejects")
        case (true, false): parts.append("picks")
        case (false, true): parts.append("rejects")
        case (false, false): break
        }
        if let minRating { parts.append(minRating == 0 ? "not rejected" : "\(minRating)+ star\(minRating == 1 ? "" : "s")") }
        if let label { parts.append("\(label.name.lowercased()) label") }
        return parts.isEmpty ? "all" : parts.joined(separator: ", ")
    }
}
