import NIOCore

/// The outbound event a stalled response sends down its channel; it completes once the client
/// has closed its side of the connection (or the connection is gone).
struct AwaitInputClosed: Sendable {}

/// Notices the client closing its side of the connection.
///
/// Hummingbird allows remote half-closure, so a client that goes away does not close the
/// channel by itself while a response is pending; a stalled response would never learn of it.
/// This handler answers `AwaitInputClosed` when input ends, and passes everything else through.
final class InputClosedHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny

    private var inputClosed = false
    private var waiters: [EventLoopPromise<Void>] = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            markClosed()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        markClosed()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        markClosed()
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is AwaitInputClosed else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        guard let promise else { return }
        if inputClosed {
            promise.succeed()
        } else {
            waiters.append(promise)
        }
    }

    private func markClosed() {
        inputClosed = true
        let waiters = self.waiters
        self.waiters = []
        for waiter in waiters { waiter.succeed() }
    }
}
