import Testing

import Sidecars

@Suite("DecisionFilter: the culling filters' choices, in picks' vocabulary")
struct DecisionFilterTests {
    private static let decisions: [String: Decision] = [
        "none": Decision(),
        "three": Decision(stars: 3),
        "picked": Decision(stars: 1, flag: .picked),
        "rejected": Decision(stars: 4, flag: .rejected),
        "red": Decision(stars: 5, label: .red),
        "purple": Decision(label: ColorLabel(xmpName: "Purple")),
    ]

    private func chosen(_ filter: DecisionFilter) -> Set<String> {
        Set(Self.decisions.filter { filter.matches($0.value) }.keys)
    }

    @Test("each flag chooses as picks does; a reject has no stars; no filter chooses all")
    func choices() {
        // Given a decision of each kind
        // When each filter chooses, then:
        #expect(chosen(.none) == Set(Self.decisions.keys))
        #expect(chosen(DecisionFilter(picks: true)) == ["picked"])
        #expect(chosen(DecisionFilter(rejected: true)) == ["rejected"])
        #expect(chosen(DecisionFilter(picks: true, rejected: true)) == ["picked", "rejected"])
        #expect(chosen(DecisionFilter(minRating: 0)) == ["none", "three", "picked", "red", "purple"])
        #expect(chosen(DecisionFilter(minRating: 3)) == ["three", "red"])
        #expect(chosen(DecisionFilter(label: .red)) == ["red"])
        #expect(chosen(DecisionFilter(label: ColorLabel(xmpName: "purple"))) == ["purple"])
        #expect(chosen(DecisionFilter(minRating: 1, picks: true)) == ["picked"])
    }

    @Test("the key's cycle: all, picks, not rejected, rejects, all; a filter from flags goes to all")
    func cycle() {
        // Given no filter
        var filter = DecisionFilter.none
        var seen: [String] = []
        // When the key is pressed four times
        for _ in 0..<4 {
            filter = filter.next
            seen.append(filter.words)
        }
        // Then it went round
        #expect(seen == ["picks", "not rejected", "rejects", "all"])
        // And a filter of flags goes to none
        #expect(DecisionFilter(minRating: 3, label: .green).next == .none)
        #expect(DecisionFilter(minRating: 3, label: .green).words == "3+ stars, green label")
        #expect(DecisionFilter(picks: true, rejected: true).words == "picks or rejects")
    }
}
