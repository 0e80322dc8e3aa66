import Foundation
import ImageCodecs
import Testing

/// The public damaged and fuzzed files of Google's imagetestsuite (Tests/CodecFixtures/conformance/
/// imagetestsuite, see PROVENANCE), decoded with partial decoding allowed as `show` decodes them:
/// each file's outcome is the one recorded in references.txt (drawn whole, drawn in part with its
/// share, or refused with a reason that is a sentence), and none crashes. How long the slowest
/// takes is measured by scripts/damaged-sets-table.py (docs/damaged-photos.md), not asserted here.
@Suite("Public damaged files decode as recorded")
struct DamagedSetTests {
    @Test(arguments: DamagedSet.imageTestSuite)
    func everyFileHasItsRecordedOutcome(set: DamagedSet) throws {
        // Given the set's files of one format and their recorded outcomes
        let files = try set.files()
        let references = Dictionary(uniqueKeysWithValues: try set.references().map { ($0.name, $0.expected) })
        #expect(!files.isEmpty && files.count == references.count, "\(files.count) files, \(references.count) references")

        for file in files {
            // When each is decoded with partial decoding allowed
            let outcome = MadeDamage.Outcome(decoding: try set.suite.bytes(file))

            // Then it is what references.txt says (a share within 2 points)
            guard let expected = references[file] else {
                Issue.record("\(file) has no reference: \(outcome)")
                continue
            }
            #expect(outcome.matches(expected, tolerance: 2), "\(file): \(outcome), recorded \(expected)")
            if case .refused(let reason) = outcome {
                #expect(MadeDamage.isSentence(reason), "\(file): '\(reason)'")
            }
        }
    }

    /// Writes references.txt from what the decoder gives now; run by
    /// scripts/make-damaged-references.sh (PHOTOFEED_WRITE_DAMAGED_REFERENCES=1), skipped otherwise.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PHOTOFEED_WRITE_DAMAGED_REFERENCES"] == "1"))
    func writeReferences() throws {
        var lines: [String] = []
        for set in DamagedSet.imageTestSuite {
            for file in try set.files() {
                lines.append(DamagedSet.line(file, MadeDamage.Outcome(decoding: try set.suite.bytes(file))))
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(to: DamagedSet.referencesFile, atomically: true, encoding: .utf8)
    }
}
