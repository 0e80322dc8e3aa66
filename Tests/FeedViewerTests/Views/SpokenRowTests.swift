import Testing
import TerminalGraphics
import FeedViewer
import Vocabulary

/// A photo's row in words (the screen-reader mode's line), and its news.
@Suite("SpokenRow: a photo's row in words")
struct SpokenRowTests {
    private func row(_ state: RowDisplayState, author: String = "Jakub Mede", marked: Bool = false, saving: Int? = nil)
        -> SpokenRow
    {
        SpokenRow(
            position: 4, count: 30, author: author, id: "17", imageSize: CellSize(columns: 1873, rows: 1248),
            state: state, marked: marked, saving: saving)
    }

    @Test func aLoadedPhotoSaysWhereItCameFromAndHowLongItTook() {
        // Given the fourth of 30 photos, loaded from the network in 252 ms
        let spoken = row(.loaded(source: .network, bytes: 180_000, duration: .milliseconds(252)))
        // Then its line is one sentence of words
        #expect(spoken.sentence == "Photo 4 of 30 by Jakub Mede, 1873 by 1248, loaded from the network in 252 ms")
    }

    @Test(arguments: [
        (RowDisplayState.idle, "Photo 4 of 30 by Jakub Mede, 1873 by 1248"),
        (.loading(completed: 40, expected: 100, resumedFrom: nil), "Photo 4 of 30 by Jakub Mede, 1873 by 1248, loading 40%"),
        (.loading(completed: 0, expected: nil, resumedFrom: nil), "Photo 4 of 30 by Jakub Mede, 1873 by 1248, loading"),
        (.loading(completed: 70, expected: 100, resumedFrom: 60), "Photo 4 of 30 by Jakub Mede, 1873 by 1248, loading 70%, resumed at 60%"),
        (.preview(scan: 3, completed: 43, expected: 100), "Photo 4 of 30 by Jakub Mede, 1873 by 1248, loading 43%, preview of scan 3"),
        (.loaded(source: .memory, bytes: 1, duration: .zero), "Photo 4 of 30 by Jakub Mede, 1873 by 1248, from the memory cache"),
        (.loaded(source: .disk, bytes: 1, duration: .zero), "Photo 4 of 30 by Jakub Mede, 1873 by 1248, from the disk cache"),
        (.failed(reason: "HTTP 404"), "Photo 4 of 30 by Jakub Mede, 1873 by 1248, failed: HTTP 404"),
    ])
    func everyStateInWords(state: RowDisplayState, sentence: String) {
        // Given a row in `state`, then its sentence says it in words (no bar, no glyph)
        #expect(row(state).sentence == sentence)
    }

    @Test func aFileIsNamedNotAuthoredAndReadFromTheFile() {
        // Given a folder feed's photo (its "author" is its file name), read in 156 ms
        let file = SpokenRow(
            position: 6, count: 24, author: "chelsea.jpg", id: "chelsea.jpg", imageSize: CellSize(columns: 451, rows: 300),
            state: .loaded(source: .file, bytes: 40_000, duration: .milliseconds(156)), isFile: true)
        // Then its line names the file and says it came from the file, not the network
        #expect(file.sentence == "Photo 6 of 24, chelsea.jpg, 451 by 300, loaded from the file in 156 ms")
        #expect(file.news(from: .loading(completed: 0, expected: nil, resumedFrom: nil)) == "photo 6 loaded from the file in 156 ms")
    }

    @Test func marksSavesAndAMissingAuthorAreWordsToo() {
        // Given a marked photo being saved, and a photo without an author or a size
        let marked = row(.failed(reason: "timed out"), marked: true, saving: 40)
        let anonymous = SpokenRow(position: 1, count: nil, author: "  ", id: "a.jpg", state: .idle)
        // Then the mark and the save are words, and the id stands in for the author
        #expect(marked.sentence == "Photo 4 of 30 by Jakub Mede, 1873 by 1248, failed: timed out, marked, saving 40%")
        #expect(anonymous.sentence == "Photo 1, a.jpg")
    }

    @Test func textFromTheFeedIsSanitised() {
        // Given an author with escape sequences in it
        let spoken = row(.idle, author: "\u{1B}[2J\u{1B}]0;owned\u{07}Eve")
        // Then no control character reaches the line
        #expect(!spoken.sentence.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(spoken.sentence.contains("Eve"))
    }

    @Test func newsIsAFailureOrAnArrivalNotProgress() {
        // Given a row that was loading
        let loading = RowDisplayState.loading(completed: 10, expected: 100, resumedFrom: nil)
        // Then more progress is no news, a failure and an arrival are, once
        #expect(row(.loading(completed: 50, expected: 100, resumedFrom: nil)).news(from: loading) == nil)
        #expect(row(.failed(reason: "HTTP 404")).news(from: loading) == "photo 4 failed: HTTP 404")
        #expect(row(.failed(reason: "HTTP 404")).news(from: .failed(reason: "HTTP 404")) == nil)
        #expect(
            row(.loaded(source: .network, bytes: 9, duration: .milliseconds(252))).news(from: loading)
                == "photo 4 loaded from the network in 252 ms")
        #expect(row(.loaded(source: .memory, bytes: 9, duration: .zero)).news(from: nil) == "photo 4 from the memory cache")
    }
}
