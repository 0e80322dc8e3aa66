import Foundation
import ImageCodecs
import Testing

/// A public set of damaged and fuzzed files under Tests/CodecFixtures/conformance/<name>, with
/// the outcome photofeed's decoder gave each (references.txt, written by
/// scripts/make-damaged-references.sh): drawn whole, drawn in part with its percentage, refused.
struct DamagedSet: Sendable, CustomTestStringConvertible {
    /// One file's recorded outcome: "whole", "partial 64" or "refused".
    struct Reference: Sendable {
        var name: String
        var expected: MadeDamage.Expected
    }

    var suite: ConformanceSuite
    /// The folder of one format in the set ("jpg", "png", "gif", "tif").
    var format: String

    var testDescription: String { "\(suite.name)/\(format)" }

    static let imageTestSuite = ["gif", "jpg", "png", "tif"].map {
        DamagedSet(suite: ConformanceSuite(name: "imagetestsuite", tolerance: 0), format: $0)
    }

    static let referencesFile = ConformanceSuite.root.appendingPathComponent("imagetestsuite/references.txt")

    func files() throws -> [String] {
        try suite.files().filter { $0.hasPrefix(format + "/") }
    }

    func references() throws -> [Reference] {
        try Self.allReferences().filter { $0.name.hasPrefix(format + "/") }
    }

    static func allReferences() throws -> [Reference] {
        let text = try String(contentsOf: referencesFile, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 2 else { return nil }
            let expected: MadeDamage.Expected =
                switch fields[1] {
                case "whole": .whole
                case "partial": .partial(Int(fields.count > 2 ? fields[2] : "") ?? -1)
                default: .refused
                }
            return Reference(name: String(fields[0]), expected: expected)
        }
    }

    /// The line references.txt holds for an outcome.
    static func line(_ name: String, _ outcome: MadeDamage.Outcome) -> String {
        switch outcome {
        case .whole: "\(name) whole"
        case .partial(let percent): "\(name) partial \(percent)"
        case .refused(let reason): "\(name) refused \(reason.replacingOccurrences(of: "\n", with: " "))"
        }
    }
}
