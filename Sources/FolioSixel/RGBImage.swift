/// An 8-bit RGB picture: three bytes per pixel (red, green, blue), rows packed top to bottom
/// with no padding, as MuPDF renders a page into an RGB pixmap without alpha.
///
/// `RGBImage` is `Sendable`: it is a plain value.
public struct RGBImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 3` bytes, row after row.
    public let pixels: [UInt8]

    /// An image over `pixels`, which must hold exactly `width × height × 3` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        precondition(pixels.count == width * height * 3, "an RGB image has three bytes per pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

extension RGBImage {
    /// This picture in negative (each channel `255 - value`), for the inverted image view.
    public func inverted() -> RGBImage {
        RGBImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// This picture with its greys reduced to `levels`, each pixel drawn with the nearest (no
    /// dithering, so text stays sharp), for a sixel image with fewer colour passes a band. The
    /// levels are fitted to the picture's own greys (Lloyd's algorithm on its histogram): paper
    /// and ink, which cover most pixels, keep their exact shades, and the anti-aliasing ramp
    /// shares what is left. Nil when the picture is not all grey (its colours are left to the
    /// palette).
    public func reducingGreys(to levels: Int) -> RGBImage? {
        precondition(levels >= 2, "at least two greys")
        var histogram = [Int](repeating: 0, count: 256)
        var index = 0
        while index < pixels.count {
            let grey = pixels[index]
            guard pixels[index + 1] == grey, pixels[index + 2] == grey else { return nil }
            histogram[Int(grey)] += 1
            index += 3
        }
        let table = Self.nearestLevels(histogram, levels: levels)
        return RGBImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
    }

    /// For each grey 0...255, the nearest of `levels` greys fitted to `histogram` (Lloyd's
    /// algorithm: levels start evenly spaced, then each moves to the mean of the greys nearest
    /// to it, a few rounds).
    private static func nearestLevels(_ histogram: [Int], levels: Int) -> [UInt8] {
        var centres = (0..<levels).map { Double($0) * 255 / Double(levels - 1) }
        var table = [UInt8](repeating: 0, count: 256)
        for _ in 0..<12 {
            var sums = [Double](repeating: 0, count: levels)
            var counts = [Int](repeating: 0, count: levels)
            var nearest = 0
            for grey in 0...255 {
                while nearest + 1 < levels,
                    abs(centres[nearest + 1] - Double(grey)) <= abs(centres[nearest] - Double(grey))
                {
                    nearest += 1
                }
                sums[nearest] += Double(grey * histogram[grey])
                counts[nearest] += histogram[grey]
                table[grey] = UInt8(nearest)
            }
            for level in 0..<levels where counts[level] > 0 {
                centres[level] = sums[level] / Double(counts[level])
            }
            centres.sort()
        }
        return (0...255).map { grey in
            let nearest = centres.min { abs($0 - Double(grey)) < abs($1 - Double(grey)) } ?? Double(grey)
            return UInt8(nearest.rounded())
        }
    }

    /// The pixels of `rect`, clipped to the picture (an empty picture when nothing is left).
    public func cropped(to rect: PixelRect) -> RGBImage {
        let left = min(max(rect.x, 0), width)
        let right = min(max(rect.x + rect.width, left), width)
        let top = min(max(rect.y, 0), height)
        let bottom = min(max(rect.y + rect.height, top), height)
        var output: [UInt8] = []
        output.reserveCapacity((right - left) * (bottom - top) * 3)
        for y in top..<bottom {
            output += pixels[((y * width + left) * 3)..<((y * width + right) * 3)]
        }
        return RGBImage(width: right - left, height: bottom - top, pixels: output)
    }

    /// The colour ``marking(_:)`` multiplies by: a highlighter yellow, so paper turns yellow and
    /// ink stays dark.
    public static let markColor: (red: UInt8, green: UInt8, blue: UInt8) = (255, 226, 64)

    /// This picture with `rects` marked as with a highlighter (each pixel multiplied by
    /// ``markColor``), for search hits on a page image. Rectangles are clipped to the picture;
    /// a pixel in several of them is marked once.
    public func marking(_ rects: [PixelRect]) -> RGBImage {
        var marked = [Bool](repeating: false, count: width * height)
        for rect in rects {
            let left = max(rect.x, 0)
            let right = min(rect.x + rect.width, width)
            let top = max(rect.y, 0)
            let bottom = min(rect.y + rect.height, height)
            guard left < right, top < bottom else { continue }
            for y in top..<bottom {
                for x in left..<right {
                    marked[y * width + x] = true
                }
            }
        }
        var pixels = self.pixels
        let color = [Self.markColor.red, Self.markColor.green, Self.markColor.blue].map(UInt16.init)
        for pixel in 0..<(width * height) where marked[pixel] {
            for channel in 0..<3 {
                let index = 3 * pixel + channel
                pixels[index] = UInt8(UInt16(pixels[index]) * color[channel] / 255)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
