import FolioGraphics
import FolioTestSupport
import Testing

/// Pictures with more colours than registers: the frequent colours stay exact, the rest are
/// approximated well.
@Suite struct QuantisationTests {
    @Test func gradientWithMoreColorsThanRegistersIsCloseToTheOriginal() throws {
        let image = TestImages.colorGradient
        let (indexed, decoded) = try roundTrip(image, maxColors: 256)
        #expect(!indexed.isExact)
        #expect(indexed.palette.count <= 256)
        #expect(decoded.paintCounts.allSatisfy { 1...2 ~= $0 })
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
        #expect(decoded.paintCounts.allSatisfy { 1...2 ~= $0 })
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

    /// Compact sixel's greys are the best choice there is: no other four greys sixel can express
    /// (black and white among them) give a smaller squared error, found by trying every pair.
    @Test func reducedGreysHaveTheLeastSquaredError() throws {
        var random = SeededRandom(seed: 14)
        // Like a text page: mostly paper and ink, an anti-aliasing ramp between.
        let greys = (0..<4000).map { _ -> UInt8 in
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: 255
            case 5..<7: 0
            case 7: UInt8.random(in: 180...230, using: &random)
            default: UInt8.random(in: 20...255, using: &random)
            }
        }
        var histogram = [Int](repeating: 0, count: 256)
        for grey in greys { histogram[Int(grey)] += 1 }
        func squaredError(_ levels: [Int]) -> Int {
            (0...255).reduce(0) { total, grey in
                let nearest = levels.min { abs($0 - grey) < abs($1 - grey) }!
                return total + histogram[grey] * (grey - nearest) * (grey - nearest)
            }
        }
        let expressible = (0...100).map { ($0 * 255 + 50) / 100 }
        var least = Int.max
        for lower in 1..<99 {
            for upper in (lower + 1)..<100 {
                least = min(least, squaredError([0, expressible[lower], expressible[upper], 255]))
            }
        }
        let picture = RGBImage(width: greys.count, height: 1, pixels: greys.flatMap { [$0, $0, $0] })
        let reduced = try #require(picture.reducingGreys(to: 4))
        let chosen = Set(stride(from: 0, to: reduced.pixels.count, by: 3).map { Int(reduced.pixels[$0]) })
        #expect(chosen.count == 4 && chosen.isSuperset(of: [0, 255]))
        #expect(squaredError(chosen.sorted()) == least)
        // Each pixel is drawn in the nearest of the chosen greys.
        let drawn = stride(from: 0, to: reduced.pixels.count, by: 3).map { Int(reduced.pixels[$0]) }
        for (grey, drawnGrey) in zip(greys.map(Int.init), drawn) {
            #expect(chosen.allSatisfy { abs(drawnGrey - grey) <= abs($0 - grey) })
        }
    }
}
