import FolioGraphics
import Testing

/// Search hits marked on a page image, as with a highlighter.
@Suite struct MarkingTests {
    @Test func paperTurnsYellowInkStaysDarkOutsideIsUntouched() {
        // A 4×2 page: white paper with one black pixel at (1, 0).
        let image = TestImages.make(width: 4, height: 2) { x, y in x == 1 && y == 0 ? (0, 0, 0) : (255, 255, 255) }
        // Overlapping rectangles, one reaching past the right edge: columns 0…1 of row 0, and
        // columns 1…3 of row 0 (clipped from 1…5).
        let marked = image.marking([
            PixelRect(x: 0, y: 0, width: 2, height: 1), PixelRect(x: 1, y: 0, width: 5, height: 1),
        ])
        let yellow = [RGBImage.markColor.red, RGBImage.markColor.green, RGBImage.markColor.blue]
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(marked.pixels[(3 * (y * 4 + x))..<(3 * (y * 4 + x) + 3)])
        }
        #expect(pixel(0, 0) == yellow)
        #expect(pixel(1, 0) == [0, 0, 0], "ink stays black, and is marked once")
        #expect(pixel(2, 0) == yellow)
        #expect(pixel(3, 0) == yellow)
        for x in 0..<4 {
            #expect(pixel(x, 1) == [255, 255, 255], "row 1 is outside every rectangle")
        }
    }

    @Test func rectanglesOutsideThePictureChangeNothing() {
        let image = TestImages.textLikePage(width: 20, height: 10)
        let marked = image.marking([
            PixelRect(x: -5, y: -5, width: 5, height: 5), PixelRect(x: 20, y: 0, width: 3, height: 3),
        ])
        #expect(marked.pixels == image.pixels)
    }

    @Test func rectanglesAtTheEndsOfIntAreClampedNotOverflowed() {
        let huge = PixelRect(x: Int.max, y: Int.min, width: Int.max, height: Int.max)
        #expect(huge == PixelRect(x: Int(Int32.max), y: Int(Int32.min), width: Int(Int32.max), height: Int(Int32.max)))
        let image = TestImages.textLikePage(width: 20, height: 10)
        #expect(image.marking([huge]).pixels == image.pixels, "right of the picture: nothing marked")
        // From above and left of the picture to far below and right: the whole picture.
        let everything = PixelRect(x: -10, y: -10, width: Int.max, height: Int.max)
        #expect(
            image.marking([everything]).pixels == image.marking([PixelRect(x: 0, y: 0, width: 20, height: 10)]).pixels)
        #expect(image.cropped(to: huge).width == 0)
        #expect(image.cropped(to: PixelRect(x: 3, y: 2, width: Int.max, height: Int.max)).width == 17)
    }

    @Test func aFrameGoesRoundTheRectangleLeavingItsInsideAlone() {
        let image = TestImages.make(width: 8, height: 6) { _, _ in (255, 255, 255) }
        // A 2×2 rectangle at (3, 2), framed one pixel wide: the ring from (2, 1) to (5, 4).
        let framed = image.framing([PixelRect(x: 3, y: 2, width: 2, height: 2)], thickness: 1)
        let red = [RGBImage.frameColor.red, RGBImage.frameColor.green, RGBImage.frameColor.blue]
        for y in 0..<6 {
            for x in 0..<8 {
                let pixel = Array(framed.pixels[(3 * (y * 8 + x))..<(3 * (y * 8 + x) + 3)])
                let onRing = (2...5).contains(x) && (1...4).contains(y) && !((3...4).contains(x) && (2...3).contains(y))
                #expect(pixel == (onRing ? red : [255, 255, 255]), "pixel (\(x), \(y))")
            }
        }
        // A rectangle past the edges, or at the ends of Int, is clipped, never a trap.
        let huge = PixelRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)
        #expect(image.framing([huge], thickness: 3).pixels.count == image.pixels.count)
    }
}
