import Testing
@testable import PicsumServer

/// RFC 9112 §9.3 connection persistence as a state machine, no sockets.
@Suite("Connection persistence (no socket)")
struct ConnectionPersistenceTests {
    @Test func http10ClosesUnlessKeepAliveWasAsked() {
        // Given an HTTP/1.0 request without keep-alive
        var persistence = ConnectionPersistence()
        let r1 = persistence.requestHead(version: .http1_0, keepAlive: false)
        #expect(r1)

        // Then its answer is 1.0, says close, and the connection closes after it
        let r2 = persistence.responseHead(saysClose: false)
        #expect(r2 == .init(version: .http1_0, connection: "close"))
        let r3 = persistence.responseEnd()
        #expect(r3 == .close)
    }

    @Test func http10WithKeepAliveSaysSoAndStaysOpen() {
        var persistence = ConnectionPersistence()
        let r4 = persistence.requestHead(version: .http1_0, keepAlive: true)
        #expect(r4)
        let r5 = persistence.responseHead(saysClose: false)
        #expect(r5 == .init(version: .http1_0, connection: "keep-alive"))
        let r6 = persistence.responseEnd()
        #expect(r6 == .keepOpen)
    }

    @Test func http11StaysOpenUnlessEitherSideSaysClose() {
        // Given three HTTP/1.1 requests: plain, plain, then one answered with Connection: close
        var persistence = ConnectionPersistence()
        for _ in 0..<3 {
            let accepted = persistence.requestHead(version: .http1_1, keepAlive: true)
            #expect(accepted)
        }

        // Then the first two keep the connection (nothing added), the third closes it
        let r7 = persistence.responseHead(saysClose: false)
        #expect(r7 == .init(version: .http1_1, connection: nil))
        let r8 = persistence.responseEnd()
        #expect(r8 == .keepOpen)
        let r9 = persistence.responseHead(saysClose: false)
        #expect(r9 == .init(version: .http1_1, connection: nil))
        let r10 = persistence.responseEnd()
        #expect(r10 == .keepOpen)
        let r11 = persistence.responseHead(saysClose: true)
        #expect(r11 == .init(version: .http1_1, connection: "close"))
        let r12 = persistence.responseEnd()
        #expect(r12 == .close)
    }

    @Test func pipelinedRequestsAfterAClosingOneAreDropped() {
        // Given a pipelined 1.1 request, one saying close, and one more
        var persistence = ConnectionPersistence()
        let r13 = persistence.requestHead(version: .http1_1, keepAlive: true)
        #expect(r13)
        let r14 = persistence.requestHead(version: .http1_1, keepAlive: false)
        #expect(r14)

        // Then the one after the close is dropped, and the answers follow the requests' order
        let r15 = persistence.requestHead(version: .http1_1, keepAlive: true)
        #expect(!r15)
        let r16 = persistence.responseHead(saysClose: false)
        #expect(r16.connection == nil)
        let r17 = persistence.responseEnd()
        #expect(r17 == .keepOpen)
        let r18 = persistence.responseHead(saysClose: false)
        #expect(r18.connection == "close")
        let r19 = persistence.responseEnd()
        #expect(r19 == .close)
    }

    @Test func aResponseWithNoRequestClosesAsHTTP11() {
        // (An unparseable request is answered 400 without a head having been read.)
        var persistence = ConnectionPersistence()
        let r20 = persistence.responseHead(saysClose: true)
        #expect(r20 == .init(version: .http1_1, connection: "close"))
        let r21 = persistence.responseEnd()
        #expect(r21 == .close)
    }
}
