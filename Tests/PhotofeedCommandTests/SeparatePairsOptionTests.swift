import ArgumentParser
import FeedSources
import Testing

@testable import photofeed

/// `--separate-pairs`: a RAW and its JPEG shown as two photos; one photo without it.
@Suite("--separate-pairs reaches the folder feed")
struct SeparatePairsOptionTests {
    @Test func theFlagSeparatesPairsAndTheConfigFileKnowsIt() throws {
        // Given no flag, When parsed, Then pairs are one photo
        #expect(try ViewerOptions.parse([]).folderOptions().separatesPairs == false)
        // Given the flag, When parsed, Then the folder options separate them
        #expect(try ViewerOptions.parse(["--separate-pairs"]).folderOptions().separatesPairs)
        // And the config file takes it as a flag (`separate-pairs` on a line of its own)
        #expect(ConfigOptionCatalog.viewer.kinds["separate-pairs"] == .flag)
    }
}
