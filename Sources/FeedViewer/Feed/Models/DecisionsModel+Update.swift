import Sidecars
import SystemPackage
import Vocabulary

/// The decisions' own messages: a culling key on its photos, the reads of rows that appeared,
/// the outcomes of the sidecars' reads and writes, `R`'s retry of failed writes, and an undo.
///
/// ```swift
/// var decisions = DecisionsModel()
/// let reply = decisions.update(.decide(.stars(3), [target], advances: false, feedName: "folder"))
/// // reply.effects: [.writeDecision(key, 3 stars, photo: path)] (after its read), the row shows ★★★ at once
/// ```
extension DecisionsModel {
    /// A photo a decision is for: its key, its file (nil: not a file: a web photo) and the name
    /// the status bar gives it.
    struct Target: Sendable {
        var key: PhotoKey
        var photo: FilePath?
        var name: String
        /// The other files of its shot (the RAW beside a JPEG): the decision is theirs too.
        var companions: [FilePath] = []
    }

    /// What the decisions are told.
    enum Message: Sendable {
        /// A culling key on `targets` (the marked photos, else the focused one); `advances`: the
        /// focus moves on afterwards (`--cull-advance`, a decision on the focused photo alone).
        case decide(DecisionEdit, [Target], advances: Bool, feedName: String)
        /// A local photo's row appeared: its sidecar is read (the first time; a shot's, the
        /// first of its files' that exists).
        case appeared(PhotoKey, FilePath, companions: [FilePath] = [])
        /// A sidecar was read.
        case read(PhotoKey, Result<Decision?, SidecarError>)
        /// A write ended: the sidecar holds the decision, or the error says why not.
        case written(PhotoKey, Decision, SidecarError?)
        /// `R`: the writes that failed are tried again.
        case retryFailed
        /// The undo key: these photos' decisions as they were.
        case restore([PhotoKey: Decision])
    }

    /// What the decisions ask of the rest of the model.
    enum Request: Sendable {
        /// Keep the decisions as they were before a key, for the undo key.
        case remember([PhotoKey: Decision])
        /// Move the focus to the next photo (`--cull-advance`).
        case advance
        /// Put the focus on this photo (an undo shows what it took back).
        case focus(PhotoKey)
    }

    /// Applies `message`: the effects, what the status bar says, what the rest of the model does.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .decide(let edit, let targets, let advances, let feedName):
            decide(edit, on: targets, advances: advances, feedName: feedName, reply: &reply)
        case .appeared(let key, let photo, let companions):
            run(startReading(key, photo: photo, companions: companions), into: &reply)
        case .read(let key, let result):
            if case .failure(let error) = result { reply.note(error.description) }
            run(receiveRead(key, result), into: &reply)
        case .written(let key, let decision, let error):
            run(receiveWritten(key, decision, error: error), into: &reply)
            if let error, let photo = entries[key]?.photo {
                reply.note("\(photo.lastComponent?.string ?? key.id): the decision is kept but not saved: \(error.description) R or the next decision tries again.")
            }
        case .retryFailed:
            run(retryFailed(), into: &reply)
        case .restore(let before):
            for (key, decision) in before.sorted(by: { $0.key.id < $1.key.id }) {
                guard let entry = entries[key] else { continue }
                run(apply(.replace(decision), to: key, photo: entry.photo, companions: entry.companions), into: &reply)
            }
            let count = before.count
            reply.note(count == 1 ? "decision taken back" : "\(count) decisions taken back")
            if let first = before.keys.sorted(by: { $0.id < $1.id }).first { reply.ask(.focus(first)) }
        }
        return reply
    }

    /// A culling key: only files take decisions (a web photo has no sidecar); the failed
    /// writes are tried again with it.
    private mutating func decide(
        _ edit: DecisionEdit, on targets: [Target], advances: Bool, feedName: String, reply: inout ModelReply<Request>
    ) {
        let files = targets.compactMap { target in target.photo.map { (target, $0) } }
        guard !files.isEmpty else {
            reply.note(
                targets.isEmpty
                    ? "no photo focused to decide on"
                    : "decisions need files: they are kept in XMP sidecars beside them (this photo comes from \(feedName))")
            return
        }
        var before: [PhotoKey: Decision] = [:]
        for (target, _) in files { before[target.key] = decision(of: target.key) ?? Decision() }
        reply.ask(.remember(before))
        run(retryFailed(), into: &reply)
        for (target, photo) in files { run(apply(edit, to: target.key, photo: photo, companions: target.companions), into: &reply) }
        let shown = files.count == 1 ? files[0].0.name : "\(files.count) photos"
        let result = decision(of: files[0].0.key) ?? Decision()
        reply.say("\(shown): \(edit.words(after: result))")
        if advances { reply.ask(.advance) }
    }

    /// The reads and writes as effects for the runtime.
    private func run(_ work: [Work], into reply: inout ModelReply<Request>) {
        for item in work {
            switch item {
            case .read(let key, let photo, let companions):
                reply.effects.append(.readDecision(key, photo: photo, companions: companions))
            case .write(let key, let decision, let photo, let companions):
                reply.effects.append(.writeDecision(key, decision, photo: photo, companions: companions))
            }
        }
    }
}

extension DecisionEdit {
    /// What the edit did, in words, given the decision after it: "3 stars", "picked", "red label".
    func words(after decision: Decision) -> String {
        switch self {
        case .stars(let stars): stars == 0 ? "no stars" : stars == 1 ? "1 star" : "\(stars) stars"
        case .flag(.picked): "picked"
        case .flag(.rejected): "rejected"
        case .flag(.unflagged): "neither picked nor rejected"
        case .toggleLabel: decision.label.map { "\($0.name.lowercased()) label" } ?? "no label"
        case .replace(let whole): whole.words
        }
    }
}

extension Decision {
    /// The decision in words, as the screen reader and `--text` say it: "3 stars, picked, red
    /// label"; "no decision" when empty.
    var words: String {
        var parts: [String] = []
        if stars > 0 { parts.append(stars == 1 ? "1 star" : "\(stars) stars") }
        switch flag {
        case .picked: parts.append("picked")
        case .rejected: parts.append("rejected")
        case .unflagged: break
        }
        if let label { parts.append("\(label.name.lowercased()) label") }
        return parts.isEmpty ? "no decision" : parts.joined(separator: ", ")
    }
}
