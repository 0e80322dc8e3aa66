/// What a sub-model's update hands back to the model around it: the effects for the runtime,
/// what the status bar says, and what it asks of the other sub-models (the out-message of The
/// Elm Architecture's nested pages). A sub-model never reaches into another; the model routes
/// its requests.
///
/// ```swift
/// var reply = ModelReply<ActionsModel.Request>()
/// reply.note("marks cleared")             // the status bar's message, and the event log
/// reply.ask(.moveFocus(1))                // the list moves on
/// reply.effects.append(.clearAllCaches)   // the runtime clears the caches
/// ```
struct ModelReply<Request: Sendable>: Sendable {
    /// What the status bar says, in order.
    enum Saying: Equatable, Sendable {
        /// A message in the status bar and a note in the event log.
        case note(String)
        /// A message in the status bar alone (nil: none).
        case message(String?)
    }

    /// The effects for the runtime, in order.
    var effects: [FeedEffect] = []
    /// What the status bar says, in order.
    var sayings: [Saying] = []
    /// What the other sub-models are asked to do, in order.
    var requests: [Request] = []
    /// The sayings and the requests as they were made, interleaved (for a model whose log
    /// entries must keep their order with the loads its requests start).
    private(set) var steps: [Step] = []

    /// A saying or a request, in the order the update made them.
    enum Step: Sendable {
        case saying(Saying)
        case request(Request)
    }

    /// A message in the status bar and the event log.
    mutating func note(_ text: String) {
        sayings.append(.note(text))
        steps.append(.saying(.note(text)))
    }

    /// A message in the status bar alone (a question, an answer kept out of the log).
    mutating func say(_ text: String?) {
        sayings.append(.message(text))
        steps.append(.saying(.message(text)))
    }

    /// Asks the model around it for `request`.
    mutating func ask(_ request: Request) {
        requests.append(request)
        steps.append(.request(request))
    }

    /// The notes said, in order (tests).
    var notes: [String] {
        sayings.compactMap { if case .note(let text) = $0 { text } else { nil } }
    }

    /// The last message the status bar shows, note or not (tests).
    var shownMessage: String?? {
        switch sayings.last {
        case .note(let text)?: text
        case .message(let text)?: text
        case nil: nil
        }
    }
}
