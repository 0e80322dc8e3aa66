import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Refuses a request body over the limit before it is read: answers 413 and closes.
///
/// A declared `Content-Length` over the limit is refused at the head; a chunked body is
/// counted as it arrives. The rest of the body is never read, so a client pushing 20 MB is
/// answered at once instead of being drained, and nothing reaches the responder.
final class RequestBodyLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    private let limit: Int
    private var received = 0
    private var refused = false

    init(limit: Int) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            received = 0
            if let declared = head.headerFields[.contentLength].flatMap(Int.init), declared > limit {
                refuse(context: context, declared: declared)
                return
            }
        case .body(let buffer):
            received += buffer.readableBytes
            if received > limit {
                refuse(context: context, declared: nil)
                return
            }
        case .end:
            break
        }
        context.fireChannelRead(data)
    }

    private func refuse(context: ChannelHandlerContext, declared: Int?) {
        refused = true
        let size = declared.map { "\($0) bytes" } ?? "more than \(limit) bytes"
        let message = ByteBuffer(string: "request body of \(size) is over the limit of \(limit) bytes\n")
        var fields = HTTPFields()
        fields[.connection] = "close"
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.contentLength] = String(message.readableBytes)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .contentTooLarge, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(message)), promise: nil)
        // The context belongs to its event loop; the completion runs there too.
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
