import FolioGraphics
import Testing

/// Sizes that are not multiples of the six-row band, and degenerate pictures.
@Suite struct SizeTests {
    static let cases: [(name: String, image: RGBImage)] = [
        ("1×1", TestImages.uniform(width: 1, height: 1, (10, 20, 30))),
        ("7×13", TestImages.make(width: 7, height: 13) { x, y in (UInt8(x * 30), UInt8(y * 19), 77) }),
        ("width 1", TestImages.make(width: 1, height: 20) { _, y in (UInt8(y * 12), 0, 0) }),
        ("height 1", TestImages.make(width: 20, height: 1) { x, _ in (0, 0, UInt8(x * 12)) }),
        ("6×6", TestImages.make(width: 6, height: 6) { x, y in x == y ? (0, 0, 0) : (255, 255, 255) }),
        ("13×5", TestImages.make(width: 13, height: 5) { x, y in ((x + y) % 2 == 0 ? 0 : 255, 128, 64) }),
        ("pure black", TestImages.uniform(width: 50, height: 50, (0, 0, 0))),
        ("pure white", TestImages.uniform(width: 50, height: 50, (255, 255, 255))),
    ]

    @Test(arguments: cases.indices)
    func oddSizesRoundTrip(index: Int) throws {
        let (name, image) = Self.cases[index]
        let (indexed, decoded) = try roundTrip(image)
        #expect(indexed.isExact, "\(name)")
        #expect(decoded.width == image.width && decoded.height == image.height, "\(name)")
        #expect(decoded.registersSelectedInBand.count == (image.height + 5) / 6, "\(name)")
        #expect(decoded.paintCounts.allSatisfy { 1...2 ~= $0 }, "\(name)")
        #expect(TestImages.largestDifference(decoded.pixels, image.pixels) <= 1, "\(name)")
    }

    @Test func emptyImageIsAValidEmptySixel() throws {
        let indexed = IndexedImage(RGBImage(width: 0, height: 0, pixels: []), maxColors: 256)
        let bytes = SixelEncoder.encode(indexed)
        #expect(bytes == Array("\u{1B}P0;0;0q\"1;1;0;0\u{1B}\\".utf8))
        #expect(try DecodedSixel(bytes).pixels.isEmpty)
    }

    @Test func emptyRectangleIsAValidEmptySixel() throws {
        let indexed = IndexedImage(TestImages.greyRamp, maxColors: 256)
        let bytes = SixelEncoder.encode(indexed, rect: PixelRect(x: 3, y: 4, width: 10, height: 0))
        #expect(bytes == Array("\u{1B}P0;0;0q\"1;1;10;0\u{1B}\\".utf8))
    }
}
