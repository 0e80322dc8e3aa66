import Testing
import Vocabulary

@Suite("Pixel sizes")
struct PixelSizeTests {
    @Test(arguments: [
        // (size, target, covering): wider than the target, taller, the same aspect, rounding up
        (PixelSize(width: 180, height: 120), PixelSize(width: 72, height: 36), PixelSize(width: 72, height: 48)),
        (PixelSize(width: 240, height: 160), PixelSize(width: 72, height: 36), PixelSize(width: 72, height: 48)),
        (PixelSize(width: 870, height: 1305), PixelSize(width: 72, height: 36), PixelSize(width: 72, height: 108)),
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 32, height: 36), PixelSize(width: 64, height: 36)),
        (PixelSize(width: 200, height: 100), PixelSize(width: 20, height: 10), PixelSize(width: 20, height: 10)),
        (PixelSize(width: 3, height: 7), PixelSize(width: 10, height: 10), PixelSize(width: 10, height: 24)),
    ] as [(PixelSize, PixelSize, PixelSize)])
    func aspectCoveringKeepsTheAspectAndCoversBothAxes(size: PixelSize, target: PixelSize, covering: PixelSize) {
        let result = size.aspectCovering(target)
        #expect(result == covering)
        // It covers the target, and one side matches it exactly
        #expect(result.width >= target.width && result.height >= target.height)
        #expect(result.width == target.width || result.height == target.height)
    }

    @Test func anEmptySizeOrTargetGivesTheTarget() {
        #expect(PixelSize(width: 0, height: 10).aspectCovering(PixelSize(width: 4, height: 4)) == PixelSize(width: 4, height: 4))
        #expect(PixelSize(width: 10, height: 10).aspectCovering(PixelSize(width: 0, height: 4)) == PixelSize(width: 0, height: 4))
    }
}
