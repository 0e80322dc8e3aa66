import FoundationExtras
import Testing

@Suite struct JSONValueTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONValue.parse(Array(#"[{"a": 1, "b": 2.5, "c": "x", "d": [true, null]}, 7, 3.0]"#.utf8))
        let first = try #require(value.array?.first)
        #expect(first["a"] == .integer(1))
        #expect(first["b"]?.double == 2.5)
        #expect(first["b"]?.int == nil)
        #expect(first["c"]?.string == "x")
        #expect(first["d"] == .array([.bool(true), .null]))
        #expect(value.array?[1].int == 7)
        #expect(value.array?[2].int == 3)
    }

    @Test func aFragmentAtTheTopIsAValue() throws {
        #expect(try JSONValue.parse(Array("42".utf8)) == .integer(42))
        #expect(throws: (any Error).self) { try JSONValue.parse(Array("[1,".utf8)) }
    }
}
