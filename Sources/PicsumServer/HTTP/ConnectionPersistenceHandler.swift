import NIOCore
import NIOHTTP1

/// Keeps or closes each connection after a response as ``ConnectionPersistence`` decides.
///
/// It sits between the HTTP/1 codec and the conversion to HTTP types, where the request's
/// version is still known: it answers an HTTP/1.0 request as 1.0 (no chunked body), says
/// `Connection: close` or `keep-alive` as RFC 9112 §9.3 asks, and closes the channel once the
/// last byte of a closing response is written.
final class ConnectionPersistenceHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var persistence = ConnectionPersistence()
    /// Set once a request head was dropped: every part read after it is dropped too.
    private var isDroppingRequests = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .head(let head) = part, !isDroppingRequests {
            let version: ConnectionPersistence.Version = head.version.major == 1 && head.version.minor == 0 ? .http1_0 : .http1_1
            isDroppingRequests = !persistence.requestHead(version: version, keepAlive: head.isKeepAlive)
        }
        guard !isDroppingRequests else { return }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            let saysClose = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
            let answer = persistence.responseHead(saysClose: saysClose)
            head.version = answer.version == .http1_0 ? .http1_0 : .http1_1
            if let connection = answer.connection {
                head.headers.replaceOrAdd(name: "Connection", value: connection)
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard persistence.responseEnd() == .close else {
                context.write(data, promise: promise)
                return
            }
            let written = promise ?? context.eventLoop.makePromise()
            context.write(data, promise: written)
            context.flush()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
