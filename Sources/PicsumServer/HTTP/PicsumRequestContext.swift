import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the connection, which shaping needs
/// to notice a client leaving while a response is stalled.
struct PicsumRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
