import ImageCodecs
import Testing

@Suite("Mirror, grayscale, blur, flatten")
struct ProcessingTests {
    @Test func mirrorSwapsLeftAndRight() {
        let source = TestImages.quadrants(width: 10, height: 6)
        let mirrored = source.mirroredHorizontally()
        #expect(mirrored[0, 0] == TestImages.quadrantColours.topRight)
        #expect(mirrored[9, 5] == TestImages.quadrantColours.bottomLeft)
        #expect(mirrored.mirroredHorizontally() == source)
    }

    @Test func grayscaleUsesRec601LumaAndKeepsAlpha() {
        var source = Bitmap(width: 3, height: 1)
        source[0, 0] = RGBA(255, 0, 0, 255)
        source[1, 0] = RGBA(0, 255, 0, 10)
        source[2, 0] = RGBA(0, 0, 255, 0)
        let gray = source.grayscale()
        #expect(gray[0, 0] == RGBA(76, 76, 76, 255))
        #expect(gray[1, 0] == RGBA(150, 150, 150, 10))
        #expect(gray[2, 0] == RGBA(29, 29, 29, 0))
    }

    @Test func blurSpreadsAPointSymmetricallyAndKeepsFlatAreasFlat() {
        // Given a white dot on black
        var dot = Bitmap(width: 21, height: 21)
        dot[10, 10] = .white

        // When blurred with radius 2
        let blurred = dot.blurred(radius: 2)

        // Then the dot is dimmer, its neighbours lit symmetrically, far pixels still black
        #expect(blurred[10, 10].r < 255 && blurred[10, 10].r > 0)
        #expect(blurred[9, 10] == blurred[11, 10] && blurred[10, 9] == blurred[10, 11])
        #expect(blurred[9, 10].r > 0)
        #expect(blurred[0, 0].r == 0)
        #expect(Bitmap(width: 9, height: 9, fill: RGBA(40, 80, 120)).blurred(radius: 3) == Bitmap(width: 9, height: 9, fill: RGBA(40, 80, 120)))
        #expect(dot.blurred(radius: 0) == dot)
        #expect(dot.blurred(radius: 1_000_000).size == dot.size)
    }

    @Test func blurDoesNotDarkenAroundTransparency() {
        // Given opaque red beside fully transparent black
        var source = Bitmap(width: 8, height: 1, fill: .clear)
        for x in 0..<4 { source[x, 0] = RGBA(255, 0, 0) }

        // When blurred, Then the edge fades in alpha but stays pure red
        let edge = source.blurred(radius: 2)[4, 0]
        #expect(edge.a > 0 && edge.a < 255)
        #expect(edge.r == 255 && edge.g == 0 && edge.b == 0)
    }

    @Test func flattenComposesOverTheBackground() {
        var source = Bitmap(width: 3, height: 1)
        source[0, 0] = RGBA(0, 0, 0, 0)
        source[1, 0] = RGBA(255, 0, 0, 128)
        source[2, 0] = RGBA(10, 20, 30, 255)
        let flat = source.flattened(over: .white)
        #expect(flat[0, 0] == RGBA(255, 255, 255))
        #expect(flat[1, 0] == RGBA(255, 127, 127))
        #expect(flat[2, 0] == RGBA(10, 20, 30))
    }
}
