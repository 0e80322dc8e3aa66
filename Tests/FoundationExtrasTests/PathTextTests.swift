import FoundationExtras
import Testing

@Suite struct PathTextTests {
    @Test func componentsAsNSStringGaveThem() {
        #expect(PathText.deletingLastComponent("/a/b") == "/a")
        #expect(PathText.deletingLastComponent("/a/b/") == "/a")
        #expect(PathText.deletingLastComponent("/a") == "/")
        #expect(PathText.deletingLastComponent("/") == "/")
        #expect(PathText.deletingLastComponent("a") == "")
        #expect(PathText.appending("c", to: "/a/") == "/a/c")
        #expect(PathText.pathExtension("/x/a.tar.gz") == "gz")
        #expect(PathText.pathExtension(".hidden") == "")
        #expect(PathText.deletingPathExtension("a.tar.gz") == "a.tar")
        #expect(PathText.deletingPathExtension("photo") == "photo")
        #expect(PathText.lastComponent("/x/a.jpg") == "a.jpg")
    }

    @Test func tildeIsTheHomeFolder() {
        #expect(PathText.expandingHome("~/p", environment: ["HOME": "/home/me"]) == "/home/me/p")
        #expect(PathText.expandingHome("~", environment: ["HOME": "/home/me/"]) == "/home/me/")
        #expect(PathText.expandingHome("/abs/~", environment: ["HOME": "/home/me"]) == "/abs/~")
        #expect(PathText.expandingHome("~root/x") == "/root/x")
        #expect(PathText.expandingHome("~no-such-user-pf/x") == "~no-such-user-pf/x")
    }

    @Test func percentEncodingKeepsOnlyWhatIsAllowed() {
        #expect(PercentEncoding.encode("a b/é", keeping: PercentEncoding.unreserved) == "a%20b%2F%C3%A9")
        #expect(PercentEncoding.encode("a/b", keeping: PercentEncoding.unreserved(plus: "/")) == "a/b")
    }
}
