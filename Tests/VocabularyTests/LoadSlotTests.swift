import Testing
import Vocabulary

@Suite("Load slots and photo keys")
struct LoadSlotTests {
    @Test func slotsAreNamedAndOrderedAsTheTraceTracksThem() {
        // Given items, the detail view and the photo ahead
        let slots: [LoadSlot] = [.ahead, .item(PhotoKey(id: "b")), .detail, .item(PhotoKey(id: "a", occurrence: 1)), .item("a")]
        // Then items come first by id and occurrence, then the detail view, then the one ahead
        #expect(slots.sorted().map(\.description) == ["photo a", "photo a#2", "photo b", "detail", "ahead"])
    }

    @Test func aLiteralKeyIsTheFirstPhotoWithThatID() {
        let key: PhotoKey = "1084"
        #expect(key == PhotoKey(id: "1084", occurrence: 0))
    }
}
