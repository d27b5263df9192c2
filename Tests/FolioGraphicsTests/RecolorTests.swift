import FolioCore
import FolioGraphics
import FolioTestSupport
import Testing

/// Dark mode that keeps colour, pixel by pixel: paper becomes the dark colour, ink the light
/// one, a colour keeps its hue, and what is kept is left exactly as it was.
@Suite struct RecolorTests {
    private let recolor = PageRecolor()

    private func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let at = (y * image.width + x) * 3
        return (image.pixels[at], image.pixels[at + 1], image.pixels[at + 2])
    }

    @Test func paperBecomesTheDarkColourAndInkTheLightOne() {
        let page = TestImages.make(width: 2, height: 1) { x, _ in x == 0 ? (255, 255, 255) : (0, 0, 0) }
        let dark = page.recolored(recolor)
        let (paper, ink) = (pixel(dark, 0, 0), pixel(dark, 1, 0))
        #expect([paper.0, paper.1, paper.2] == [0x1e, 0x1e, 0x1e])
        #expect([ink.0, ink.1, ink.2] == [0xdc, 0xdc, 0xdc])
    }

    @Test func chosenColoursAreTheEnds() {
        let chosen = PageRecolor(
            dark: PageRecolor.Colour(red: 0, green: 0x2b, blue: 0x36),
            light: PageRecolor.Colour(red: 0x93, green: 0xa1, blue: 0xa1))
        let page = TestImages.make(width: 2, height: 1) { x, _ in x == 0 ? (255, 255, 255) : (0, 0, 0) }
        let dark = page.recolored(chosen)
        #expect([pixel(dark, 0, 0).0, pixel(dark, 0, 0).1, pixel(dark, 0, 0).2] == [0, 0x2b, 0x36])
        #expect([pixel(dark, 1, 0).0, pixel(dark, 1, 0).1, pixel(dark, 1, 0).2] == [0x93, 0xa1, 0xa1])
    }

    /// Greys in between keep their order, reversed: lighter paper, darker result.
    @Test func greysGoDarkInOrder() {
        let dark = TestImages.greyRamp.recolored(recolor)
        let mapped = (0..<256).map { Int(pixel(dark, $0, 0).0) }
        #expect(zip(mapped, mapped.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(mapped.first == 0xdc && mapped.last == 0x1e)
    }

    /// Every hue of a colour wheel, at several lightnesses, keeps its hue within a degree and a
    /// half (rounding to bytes), and no colour turns grey.
    @Test func everyHueIsKept() {
        var worst = 0.0
        var greyed = 0
        for hueStep in 0..<72 {
            for (top, bottom) in [(255, 0), (200, 40), (255, 128), (128, 0)] {
                let (red, green, blue) = Self.colour(hue: Double(hueStep) * 5, top: top, bottom: bottom)
                let page = TestImages.uniform(width: 1, height: 1, (red, green, blue))
                let (r, g, b) = pixel(page.recolored(recolor), 0, 0)
                guard let before = ColourHue.degrees(red: red, green: green, blue: blue) else { continue }
                guard let after = ColourHue.degrees(red: r, green: g, blue: b) else {
                    greyed += 1
                    continue
                }
                worst = max(worst, ColourHue.distance(before, after))
            }
        }
        #expect(greyed == 0)
        #expect(worst <= 1.5, "largest hue change \(worst)°")
    }

    @Test func keptAreasAreLeftExactlyAsTheyWere() {
        let page = TestImages.colorGradient
        let kept = PixelRect(x: 10, y: 20, width: 30, height: 15)
        let dark = page.recolored(recolor, keeping: [kept, PixelRect(x: 60, y: 60, width: 40, height: 40)])
        var changedOutside = 0
        for y in 0..<page.height {
            for x in 0..<page.width {
                let inside =
                    (x >= 10 && x < 40 && y >= 20 && y < 35) || (x >= 60 && y >= 60)
                let same = pixel(page, x, y) == pixel(dark, x, y)
                if inside {
                    #expect(same, "kept pixel (\(x), \(y)) changed")
                } else if !same {
                    changedOutside += 1
                }
            }
        }
        // The gradient's pixels are mostly light or mid: almost every one outside changes.
        #expect(changedOutside > (64 * 64 - 30 * 15 - 16) * 9 / 10)
    }

    /// A fully saturated colour of `hue` degrees, its channels between `bottom` and `top`.
    private static func colour(hue: Double, top: Int, bottom: Int) -> (UInt8, UInt8, UInt8) {
        let sector = hue / 60
        let rising = sector - sector.rounded(.down)
        let high = Double(top)
        let low = Double(bottom)
        let up = low + (high - low) * rising
        let down = high - (high - low) * rising
        let channels: (Double, Double, Double)
        switch Int(sector) % 6 {
        case 0: channels = (high, up, low)
        case 1: channels = (down, high, low)
        case 2: channels = (low, high, up)
        case 3: channels = (low, down, high)
        case 4: channels = (up, low, high)
        default: channels = (high, low, down)
        }
        return (UInt8(channels.0.rounded()), UInt8(channels.1.rounded()), UInt8(channels.2.rounded()))
    }
}
