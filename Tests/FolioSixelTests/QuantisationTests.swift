import FolioSixel
import Testing

/// Pictures with more colours than registers: the frequent colours stay exact, the rest are
/// approximated well.
@Suite struct QuantisationTests {
    @Test func gradientWithMoreColorsThanRegistersIsCloseToTheOriginal() throws {
        let image = TestImages.colorGradient
        let (indexed, decoded) = try roundTrip(image, maxColors: 256)
        #expect(!indexed.isExact)
        #expect(indexed.palette.count <= 256)
        #expect(decoded.paintCounts.allSatisfy { $0 == 1 })
        let psnr = TestImages.psnr(decoded.pixels, image.pixels)
        print("4096-colour 64×64 gradient, 256 registers: PSNR \(psnr) dB")
        #expect(psnr >= 32)
    }

    /// Register counts from a VT340's 16 to xterm's 1024, each with the least PSNR it must reach.
    @Test(arguments: [(1, 8.0), (2, 12), (16, 22), (255, 34), (1024, 40)])
    func anyRegisterCountGivesAValidImage(maxColors: Int, minimumPSNR: Double) throws {
        let image = TestImages.colorGradient
        let (indexed, decoded) = try roundTrip(image, maxColors: maxColors)
        #expect(!indexed.isExact)
        #expect(indexed.palette.count <= maxColors)
        #expect(Set(decoded.definedRegisters).allSatisfy { $0 < maxColors })
        #expect(decoded.paintCounts.allSatisfy { $0 == 1 })
        let psnr = TestImages.psnr(decoded.pixels, image.pixels)
        print("4096-colour 64×64 gradient, \(maxColors) registers: PSNR \(psnr) dB")
        #expect(psnr >= minimumPSNR)
    }

    @Test func frequentColorsStayExactWhenTheRestIsQuantised() throws {
        // Paper with black text strokes around a 4096-colour picture.
        let gradient = TestImages.colorGradient
        let image = TestImages.make(width: 200, height: 150) { x, y in
            if (60..<124).contains(x) && (40..<104).contains(y) {
                let offset = ((y - 40) * 64 + (x - 60)) * 3
                return (gradient.pixels[offset], gradient.pixels[offset + 1], gradient.pixels[offset + 2])
            }
            return (x * 3 + y) % 11 == 0 ? (0, 0, 0) : (255, 255, 255)
        }
        let (indexed, decoded) = try roundTrip(image, maxColors: 64)
        #expect(!indexed.isExact)
        #expect(indexed.palette.count <= 64)
        #expect(
            indexed.palette.prefix(2) == [
                SixelColor(red: 100, green: 100, blue: 100), SixelColor(red: 0, green: 0, blue: 0),
            ])
        for y in 0..<image.height {
            for x in 0..<image.width where !((60..<124).contains(x) && (40..<104).contains(y)) {
                let offset = (y * image.width + x) * 3
                #expect(decoded.pixels[offset..<offset + 3].elementsEqual(image.pixels[offset..<offset + 3]))
            }
        }
    }
}
