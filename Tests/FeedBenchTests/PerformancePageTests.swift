import Testing

@testable import feedbench

/// docs/PERFORMANCE.md as `make bench` and later `--append` runs write it: a scenario measured
/// again replaces its section, never stands twice.
@Suite("PerformancePage: sections added to the page")
struct PerformancePageTests {
    private static let header = "# Performance\n\n| | |\n|---|---|\n| date | then |\n"

    private static func section(_ title: String, _ command: String, _ figure: String) -> String {
        PerformancePage.section(BenchReport(title: title, columns: ["what", "ms"], rows: [["key", figure]], notes: ["a note"]), command: command)
    }

    @Test func aScenarioMeasuredAgainReplacesItsSection() {
        // Given a page with the cull scenario's section between two others
        let slow = Self.section("slow-tty: keys", "feedbench --scenario slow-tty", "10")
        let cull = Self.section("cull: 1000 files", "feedbench --scenario cull", "17.0")
        let previewer = Self.section("previewer: 80 photos", "feedbench --scenario previewer --assets /x", "30")
        let page = Self.header + slow + cull + previewer

        // When the cull scenario is measured again (its title changed too) and added
        let again = Self.section("cull: 1000 RAW-sized files", "feedbench --scenario cull", "4.2")
        let merged = PerformancePage.merging(again, command: "feedbench --scenario cull", into: page)

        // Then its section stands once, in its place, with the new figures; the others as they were
        #expect(merged == Self.header + slow + again + previewer)
        #expect(merged.components(separatedBy: "`feedbench --scenario cull`").count == 2)
        #expect(!merged.contains("17.0"))
    }

    @Test func aNewScenarioGoesAtTheEnd() {
        // Given a page with the cull scenario's section
        let cull = Self.section("cull: 1000 files", "feedbench --scenario cull", "17.0")
        let page = Self.header + cull

        // When a scenario whose command only begins like it is added
        let other = Self.section("cull-like", "feedbench --scenario cull --assets /y", "1")
        let merged = PerformancePage.merging(other, command: "feedbench --scenario cull --assets /y", into: page)

        // Then it is added after it, and the cull section is kept
        #expect(merged == page + other)
    }

    @Test func duplicatesAnEarlierRunLeftAreDropped() {
        // Given a page where an earlier feedbench appended the cull section twice
        let first = Self.section("cull: run 1", "feedbench --scenario cull", "17.0")
        let grid = Self.section("grid", "feedbench --scenario grid", "5")
        let second = Self.section("cull: run 2", "feedbench --scenario cull", "16.0")
        let page = Self.header + first + grid + second

        // When it is measured again
        let again = Self.section("cull: run 3", "feedbench --scenario cull", "4.2")
        let merged = PerformancePage.merging(again, command: "feedbench --scenario cull", into: page)

        // Then one section is left, in the first one's place
        #expect(merged == Self.header + again + grid)
    }

    @Test func anEmptyPageGainsTheSection() {
        // Given no page yet; When a section is added; Then the page is the section
        let cull = Self.section("cull", "feedbench --scenario cull", "4.2")
        #expect(PerformancePage.merging(cull, command: "feedbench --scenario cull", into: "") == cull)
    }
}
