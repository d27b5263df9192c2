import FolioGraphics
import Testing

/// The byte-level shape of the output: what terminals are picky about.
@Suite struct FormatTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func smallImageEncodesToTheExpectedBytes() {
        // Four white pixels and one black: white is register 0 (more frequent), a run of four
        // becomes `!4`, and black's leading blank pixels are a blank run.
        let image = TestImages.make(width: 5, height: 1) { x, _ in x < 4 ? (255, 255, 255) : (0, 0, 0) }
        let bytes = SixelEncoder.encode(IndexedImage(image, maxColors: 256))
        #expect(text(bytes) == "\u{1B}P0;0;0q\"1;1;5;1#0;2;100;100;100#1;2;0;0;0#0!4@$#1!4?@\u{1B}\\")
    }

    @Test func runsShorterThanFourAreWrittenOut() {
        let image = TestImages.make(width: 7, height: 2) { x, _ in x < 3 ? (255, 255, 255) : (0, 0, 0) }
        let bytes = SixelEncoder.encode(IndexedImage(image, maxColors: 256))
        // Black's own sixels (`???!4B`) would be longer than one solid run across the band
        // (`!7B`), so black goes first as that run and white paints over it.
        #expect(text(bytes) == "\u{1B}P0;0;0q\"1;1;7;2#0;2;0;0;0#1;2;100;100;100#0!7B$#1BBB\u{1B}\\")
    }

    @Test func theBusiestColorPaintsTheWholeBandAndTheOthersPaintOverIt() throws {
        // Paper with one dot of ink: the paper's own sixels (`@@@?!6@`) are longer than a run
        // across the band (`!10@`), so the paper is one run and the ink is painted over it.
        let image = TestImages.make(width: 10, height: 1) { x, _ in x == 3 ? (0, 0, 0) : (255, 255, 255) }
        let bytes = SixelEncoder.encode(IndexedImage(image, maxColors: 256))
        #expect(text(bytes) == "\u{1B}P0;0;0q\"1;1;10;1#0;2;100;100;100#1;2;0;0;0#0!10@$#1???@\u{1B}\\")
        let decoded = try DecodedSixel(bytes)
        #expect(decoded.pixels == image.pixels)
        #expect(decoded.paintCounts == [1, 1, 1, 2, 1, 1, 1, 1, 1, 1])
    }

    @Test func bandsAreSeparatedButNotFollowedByADash() {
        let image = TestImages.make(width: 4, height: 12) { _, y in y < 6 ? (255, 0, 0) : (0, 0, 255) }
        let bytes = SixelEncoder.encode(IndexedImage(image, maxColors: 256))
        #expect(
            text(bytes) == "\u{1B}P0;0;0q\"1;1;4;12#0;2;0;0;100#1;2;100;0;0#1!4~-#0!4~\u{1B}\\")
    }

    @Test(arguments: [1, 5, 6, 7, 12, 13, 18, 100])
    func noDashAfterTheLastBand(height: Int) throws {
        let image = TestImages.textLikePage(width: 30, height: height)
        let bytes = SixelEncoder.encode(IndexedImage(image, maxColors: 256))
        let decoded = try DecodedSixel(bytes)
        #expect(!decoded.endsWithBandSeparator)
        #expect(bytes.filter { $0 == UInt8(ascii: "-") }.count == (height + 5) / 6 - 1)
    }

    @Test func introducerAndRasterAttributesComeFirst() {
        let image = TestImages.textLikePage(width: 123, height: 45)
        let bytes = SixelEncoder.encode(IndexedImage(image, maxColors: 256))
        #expect(text(bytes).hasPrefix("\u{1B}P0;0;0q\"1;1;123;45#"))
        #expect(text(bytes).hasSuffix("\u{1B}\\"))
    }

    @Test func repeatCountsNeverExceed255() throws {
        let image = TestImages.make(width: 1000, height: 7) { x, _ in x == 600 ? (0, 0, 0) : (255, 255, 255) }
        let bytes = SixelEncoder.encode(IndexedImage(image, maxColors: 256))
        let decoded = try DecodedSixel(bytes)
        #expect(decoded.largestRepeat == 255)
        #expect(decoded.paintCounts.allSatisfy { 1...2 ~= $0 })
        #expect(TestImages.largestDifference(decoded.pixels, image.pixels) == 0)
    }

    @Test func eachBandSelectsOnlyItsColorsOnceEach() throws {
        let image = TestImages.textLikePage(width: 200, height: 95)
        let indexed = IndexedImage(image, maxColors: 256)
        let decoded = try DecodedSixel(SixelEncoder.encode(indexed))
        for (band, selected) in decoded.registersSelectedInBand.enumerated() {
            let rows = (6 * band)..<min(6 * band + 6, image.height)
            let present = Set(rows.flatMap { y in (0..<image.width).map { x in indexed.paletteIndex(x: x, y: y) } })
            #expect(selected.count == Set(selected).count, "band \(band) selects a colour twice")
            #expect(Set(selected) == present, "band \(band)")
        }
    }

    @Test func definesOnlyTheColorsItUses() throws {
        let image = TestImages.textLikePage(width: 200, height: 95)
        let indexed = IndexedImage(image, maxColors: 256)
        let rect = PixelRect(x: 10, y: 30, width: 40, height: 8)
        let decoded = try DecodedSixel(SixelEncoder.encode(indexed, rect: rect))
        var used = Set<Int>()
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                used.insert(indexed.paletteIndex(x: x, y: y))
            }
        }
        #expect(decoded.definedRegisters == used.sorted())
        #expect(used.count < indexed.palette.count)
    }

    @Test(arguments: [
        TestImages.textLikePage(width: 640, height: 500),
        TestImages.colorGradient,
        TestImages.greyRamp,
    ])
    func parallelOutputEqualsSerialOutput(image: RGBImage) {
        let indexed = IndexedImage(image, maxColors: 256)
        #expect(SixelEncoder.encode(indexed, parallel: true) == SixelEncoder.encode(indexed, parallel: false))
        let rect = PixelRect(x: image.width / 7, y: image.height / 5, width: image.width / 2, height: image.height / 2)
        #expect(
            SixelEncoder.encode(indexed, rect: rect, parallel: true)
                == SixelEncoder.encode(indexed, rect: rect, parallel: false))
    }
}
