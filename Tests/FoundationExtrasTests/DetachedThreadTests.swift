import FoundationExtras
import Testing

@Suite struct DetachedThreadTests {
    @Test func runsTheBodyOnAThreadOfItsOwn() async {
        let ran = await withCheckedContinuation { continuation in
            DetachedThread.start { continuation.resume(returning: true) }
        }
        #expect(ran)
    }
}
