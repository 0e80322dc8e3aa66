import Testing

@testable import Sidecars

@Suite("Decisions to XMP properties and back")
struct XMPDecisionMappingTests {
    @Test("each editor's properties read as the decision they mean")
    func reading() {
        // Given what Bridge, darktable, Lightroom and digiKam write
        let cases: [((String?, String?, String?, String?), Decision)] = [
            (("3", nil, nil, nil), Decision(stars: 3)),
            (("4.0", "Red", nil, nil), Decision(stars: 4, label: .red)),
            (("-1", nil, nil, nil), Decision(flag: .rejected)),
            (("2", "yellow", "1", "true"), Decision(stars: 2, flag: .picked, label: .yellow)),
            (("5", nil, "-1", "false"), Decision(stars: 5, flag: .rejected)),
            (("1", nil, "0", nil), Decision(stars: 1)),
            ((nil, nil, nil, "True"), Decision(flag: .picked)),
            (("9", " Blue ", nil, nil), Decision(stars: 5, label: .blue)),
            (("two", "", nil, nil), Decision()),
        ]
        for ((rating, label, pick, good), expected) in cases {
            // When they are read
            let decision = XMPDecisionMapping.decision(rating: rating, label: label, pick: pick, good: good)
            // Then each is the decision it means
            #expect(decision == expected, "rating \(rating ?? "-"), label \(label ?? "-"), pick \(pick ?? "-"), good \(good ?? "-")")
        }
    }

    @Test("a label only another program writes is kept by its name")
    func otherLabel() {
        // Given Lightroom's purple label
        let label = ColorLabel(xmpName: "Purple")
        // Then it is kept as it is, and is not one of the keys' four
        #expect(label?.name == "Purple")
        #expect(label?.isKeyed == false)
        #expect(ColorLabel.keyed.map(\.name) == ["Red", "Yellow", "Green", "Blue"])
    }

    @Test("each decision is written as the editors read it")
    func writing() {
        // Given decisions with each flag
        let picked = XMPDecisionMapping.values(for: Decision(stars: 4, flag: .picked, label: .green), hadPick: false)
        let rejected = XMPDecisionMapping.values(for: Decision(stars: 3, flag: .rejected), hadPick: false)
        let neither = XMPDecisionMapping.values(for: Decision(stars: 2), hadPick: false)
        let unpicked = XMPDecisionMapping.values(for: Decision(stars: 2), hadPick: true)
        // Then the rating, label and pick flag are Bridge's, Lightroom's and darktable's words
        #expect(picked.rating == "4" && picked.label == "Green" && picked.pick == "1" && picked.good == "True")
        #expect(rejected.rating == "-1" && rejected.label == nil && rejected.pick == "-1" && rejected.good == "False")
        #expect(neither.rating == "2" && neither.pick == nil && neither.good == nil)
        #expect(unpicked.pick == "0" && unpicked.good == nil)
    }

    @Test("a decision written into a packet reads back the same")
    func roundTrip() throws {
        for flag in Decision.Flag.allCases {
            for label in [nil] + ColorLabel.keyed {
                // Given an empty packet and a decision
                let decision = Decision(stars: flag == .rejected ? 0 : 3, flag: flag, label: label)
                let packet = try XMPPacket()
                // When it is recorded, serialized and parsed again
                try packet.record(decision)
                let again = try XMPPacket(parsing: try packet.serialized())
                // Then it reads back the same
                #expect(again.decision == decision)
            }
        }
    }

    @Test("stars are kept within 0 to 5")
    func starsClamped() {
        var decision = Decision(stars: 7)
        #expect(decision.stars == 5)
        decision.stars = -2
        #expect(decision.stars == 0)
        #expect(decision.isEmpty)
    }
}
