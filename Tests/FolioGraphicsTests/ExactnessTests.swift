import FolioGraphics
import Testing

/// Pictures with no more colours than registers must come back exactly, up to the one-level
/// cost of sixel's 0…100 precision.
@Suite struct ExactnessTests {
    @Test func levelsAreTheNearestSixelLevel() {
        for value in 0...255 {
            let color = SixelColor(red8: UInt8(value), green8: 0, blue8: 255)
            #expect(Double(color.red) == (Double(value) * 100 / 255).rounded(), "byte \(value)")
            #expect(color.green == 0 && color.blue == 100)
        }
    }

    @Test func theLevelRoundTripCostsAtMostOneByteLevel() {
        for value in 0...255 {
            let level = SixelColor(red8: UInt8(value), green8: 0, blue8: 0).red
            #expect(abs(Int(DecodedSixel.byte(fromLevel: Int(level))) - value) <= 1, "byte \(value)")
        }
    }

    @Test func greyRampIsEncodedExactly() throws {
        let (indexed, decoded) = try roundTrip(TestImages.greyRamp)
        #expect(indexed.isExact)
        #expect(indexed.palette.count == 101)
        #expect(decoded.width == 256 && decoded.height == 14)
        #expect(decoded.paintCounts.allSatisfy { 1...2 ~= $0 })
        #expect(TestImages.largestDifference(decoded.pixels, TestImages.greyRamp.pixels) <= 1)
    }

    @Test func twoColorImageIsEncodedExactly() throws {
        let image = TestImages.make(width: 37, height: 23) { x, y in
            (x * x + y) % 5 < 2 ? (12, 200, 99) : (250, 250, 3)
        }
        let (indexed, decoded) = try roundTrip(image)
        #expect(indexed.isExact)
        #expect(indexed.palette.count == 2)
        #expect(decoded.paintCounts.allSatisfy { 1...2 ~= $0 })
        #expect(TestImages.largestDifference(decoded.pixels, image.pixels) <= 1)
    }

    @Test func exactlyAsManyColorsAsRegistersIsStillExact() throws {
        let image = TestImages.make(width: 16, height: 9) { x, y in
            let level = UInt8(((x + 16 * y) % 64) * 4)
            return (level, 255 - level, 128)
        }
        let (indexed, decoded) = try roundTrip(image, maxColors: 64)
        #expect(indexed.isExact)
        #expect(indexed.palette.count == 64)
        #expect(indexed.byteCount == 16 * 9, "up to 256 colours take a byte a pixel")
        #expect(TestImages.largestDifference(decoded.pixels, image.pixels) <= 1)
        #expect(!IndexedImage(image, maxColors: 63).isExact)
    }

    @Test func thousandsOfColorsAreExactWithEnoughRegisters() throws {
        let (indexed, decoded) = try roundTrip(TestImages.colorGradient, maxColors: 4096)
        #expect(indexed.isExact)
        #expect(indexed.palette.count == 4096)
        #expect(decoded.definedRegisters.count == 4096)
        #expect(indexed.byteCount == 2 * 64 * 64, "more than 256 colours take two bytes a pixel")
        #expect(TestImages.largestDifference(decoded.pixels, TestImages.colorGradient.pixels) <= 1)
    }

    @Test func theMostFrequentColorComesFirst() {
        let image = TestImages.make(width: 10, height: 10) { x, _ in x < 2 ? (0, 0, 0) : (255, 255, 255) }
        let indexed = IndexedImage(image, maxColors: 16)
        #expect(
            indexed.palette == [SixelColor(red: 100, green: 100, blue: 100), SixelColor(red: 0, green: 0, blue: 0)])
    }

    @Test func invertedImageShowsTheInversePicture() throws {
        let image = TestImages.textLikePage(width: 90, height: 40)
        let indexed = IndexedImage(image, maxColors: 256)
        let decoded = try DecodedSixel(SixelEncoder.encode(indexed.inverted()))
        #expect(indexed.inverted().isExact)
        #expect(TestImages.largestDifference(decoded.pixels, image.inverted.pixels) <= 1)
    }

    @Test func invertingInSixelLevelsEqualsInvertingTheBytes() {
        for value in 0...255 {
            let color = SixelColor(red8: UInt8(value), green8: UInt8(value), blue8: UInt8(value))
            let inverse = SixelColor(red8: UInt8(255 - value), green8: UInt8(255 - value), blue8: UInt8(255 - value))
            #expect(color.inverted == inverse, "byte \(value)")
        }
    }
}
