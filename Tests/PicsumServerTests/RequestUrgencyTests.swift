import Testing
@testable import PicsumServer

/// Issue 21 target 3: the server reads a request's urgency from RFC 9218's `Priority` header.
@Suite("Request urgency")
struct RequestUrgencyTests {
    @Test(arguments: [
        ("u=5, i", 5), ("u=0", 0), ("i, u=1", 1), (" u=2 ", 2), ("u=1;x=y", 1), ("u=7", 7),
        ("u=1, u=6", 6),  // a dictionary's last member wins
    ] as [(String, Int)])
    func readsTheUrgencyMember(header: String, urgency: Int) {
        #expect(RequestUrgency(header: header).value == urgency)
    }

    @Test(arguments: [
        nil, "", "i", "u=8", "u=-1", "u=12", "u=x", "u=1, u=x", "u=\u{0663}", ",,,", "u", "u=?1", "urgency=1",
        String(repeating: "u=1,", count: 100),
    ] as [String?])
    func anythingElseIsTheDefault(header: String?) {
        // Out of range, another type, unreadable or over-long: RFC 9218's default, 3
        #expect(RequestUrgency(header: header) == .default)
        #expect(RequestUrgency.default.value == 3)
    }

    @Test func warmingIsLessUrgentThanAnyRequest() {
        #expect(RequestUrgency(header: "u=7") < .background)
    }

    @Test func aPrefetchRendersAtBackgroundPriority() {
        // A visible row (u=2) and a header-less request render at userInitiated; a prefetch
        // (u=5) and the server's warming at background
        #expect(RenderWork.qos(for: RequestUrgency(header: "u=2")) == .userInitiated)
        #expect(RenderWork.qos(for: .default) == .userInitiated)
        #expect(RenderWork.qos(for: RequestUrgency(header: "u=5")) == .background)
        #expect(RenderWork.qos(for: .background) == .background)
    }
}
