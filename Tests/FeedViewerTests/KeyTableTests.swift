import Foundation
import Testing
import FeedViewer

/// README's key tables are made from the key bindings (``KeyMap/helpEntries``): one source for
/// the `?` overlay, the manual's KEYS and README.
@Suite("Key tables")
struct KeyTableTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    @Test func readmesKeyTablesAreTheBindings() throws {
        // Given README as it is in the checkout
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        // When the tables are made from the bindings
        let tables = KeyMap.markdownTables()
        // Then README holds them exactly: a key bound without its row, a row for a key that is
        // gone, or a changed word fails here (the expected tables are printed to paste in)
        #expect(text.contains(tables), "README.md's key tables differ from KeyMap.helpEntries; they should read:\n\(tables)")
    }

    @Test func everyBindingIsInOneGroupAndEveryGroupHasBindings() {
        // Given the bindings grouped as README and the manual list them
        let grouped = KeyMap.entriesByGroup
        // Then every binding appears once, and no group is empty
        #expect(grouped.map(\.entries.count).reduce(0, +) == KeyMap.helpEntries.count)
        #expect(grouped.map(\.group) == KeyGroup.allCases)
    }

    @Test func aTableRowPutsEachKeyInBackticks() {
        // Given the first group's table
        let tables = KeyMap.markdownTables()
        // Then it starts with its heading, and "j ↓" is two keys
        #expect(tables.hasPrefix("### Move\n\n| key | what it does |\n|---|---|\n| `j` `↓` | next row |\n"))
    }
}
