import FolioGraphics
import Foundation

/// Synthetic pictures with known contents.
enum TestImages {
    /// An image whose pixel (x, y) is `color(x, y)`.
    static func make(width: Int, height: Int, color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = color(x, y)
                pixels += [red, green, blue]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func uniform(width: Int, height: Int, _ value: (UInt8, UInt8, UInt8)) -> RGBImage {
        make(width: width, height: height) { _, _ in value }
    }

    /// Every 8-bit grey from 0 to 255, one per column: 101 sixel levels.
    static let greyRamp = make(width: 256, height: 14) { x, _ in (UInt8(x), UInt8(x), UInt8(x)) }

    /// 64 × 64 pixels, all different: red across, green down, blue along the diagonal.
    static let colorGradient = make(width: 64, height: 64) { x, y in
        (UInt8(x * 4), UInt8(y * 4), UInt8((x + 63 - y) * 2))
    }

    /// A text-like page: paper, a grey anti-aliasing ramp in strokes, a red rule.
    static func textLikePage(width: Int, height: Int) -> RGBImage {
        make(width: width, height: height) { x, y in
            if y % 40 == 20 { return (200, 30, 30) }
            let stroke = (x * 7 + y * 3) % 23
            if stroke < 4 {
                let grey = UInt8((stroke * 61 + y) % 256)
                return (grey, grey, grey)
            }
            return (255, 255, 255)
        }
    }

    /// The same bytes as `image`, cropped to `rect`.
    static func crop(_ image: RGBImage, to rect: PixelRect) -> RGBImage {
        var pixels: [UInt8] = []
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * image.width + rect.x) * 3
            pixels += image.pixels[start..<(start + rect.width * 3)]
        }
        return RGBImage(width: rect.width, height: rect.height, pixels: pixels)
    }

    /// The largest difference between two equally sized pixel arrays, in 8-bit levels.
    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        precondition(a.count == b.count)
        return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// Peak signal-to-noise ratio in dB over all channels (infinity for identical pixels).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        let squaredError = zip(a, b).reduce(0.0) {
            let difference = Double(Int($1.0) - Int($1.1))
            return $0 + difference * difference
        }
        let meanSquaredError = squaredError / Double(a.count)
        return meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError)
    }
}

extension RGBImage {
    /// The image with every channel `v` replaced by `255 − v`.
    var inverted: RGBImage {
        RGBImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }
}

/// Encodes with FolioGraphics and decodes with the test decoder.
func roundTrip(
    _ image: RGBImage, maxColors: Int = 256, rect: PixelRect? = nil
) throws -> (IndexedImage, DecodedSixel) {
    let indexed = IndexedImage(image, maxColors: maxColors)
    return (indexed, try DecodedSixel(SixelEncoder.encode(indexed, rect: rect)))
}
