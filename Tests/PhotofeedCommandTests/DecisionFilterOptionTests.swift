import Sidecars
import Testing

@testable import photofeed

/// The viewer's filters by decision (`--picks`, `--rejected`, `--min-rating`, `--label`, and
/// their config keys): `photofeed picks`' words, as the viewer's starting filter.
@Suite("--picks, --rejected, --min-rating, --label: the viewer's filter by decision")
struct DecisionFilterOptionTests {
    @Test func theFlagsAreTheViewersStartingFilter() throws {
        // Given no flag, and flags as picks takes them
        let plain = try ViewerOptions.parse([]).viewerOptions(screenColors: .truecolor, unicode: true)
        let picks = try ViewerOptions.parse(["--picks"]).viewerOptions(screenColors: .truecolor, unicode: true)
        let narrowed = try ViewerOptions.parse(["--min-rating", "3", "--label", "Green", "--rejected"])
            .viewerOptions(screenColors: .truecolor, unicode: true)
        // Then no flag shows every photo, and the others filter as picks does
        #expect(plain.decisionFilter == .none)
        #expect(picks.decisionFilter == DecisionFilter(picks: true))
        #expect(narrowed.decisionFilter == DecisionFilter(minRating: 3, label: .green, rejected: true))
    }

    @Test func theConfigFileKnowsThemAndABadValueIsASentence() throws {
        // Given the config file's catalogue (the flags' own)
        let catalog = ConfigOptionCatalog.viewer
        #expect(catalog.kinds["picks"] == .flag && catalog.kinds["rejected"] == .flag)
        #expect(catalog.kinds["min-rating"] == .option && catalog.kinds["label"] == .option)
        // When a rating out of range, or a blank label, is given
        for (arguments, expected) in [
            (["--min-rating", "6"], "--min-rating must be 0 to 5 stars (got 6)"),
            (["--label", " "], "--label needs a colour's name (red, yellow, green, blue)"),
        ] {
            var message = ""
            do {
                _ = try ViewerOptions.parse(arguments)
            } catch {
                message = ConfigOptionCatalog.sentence(for: error)
            }
            // Then the sentence says what is wanted
            #expect(message.hasPrefix(expected), "\(message)")
        }
    }

    @Test func snapshotWhichReadsNoSidecarRefusesThemInWords() {
        // Given snapshot with --picks
        var message = ""
        do {
            _ = try SnapshotCommand.parse(["--picks"])
        } catch {
            message = ConfigOptionCatalog.sentence(for: error)
        }
        // Then it says why it cannot
        #expect(message.hasPrefix("snapshot reads no sidecars, so it cannot filter by decision"), "\(message)")
    }
}
