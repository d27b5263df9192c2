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
    /// levels are the ones that make the squared error over the picture's own grey histogram
    /// smallest, chosen among the greys sixel can express (a 1-D optimal quantiser, by dynamic
    /// programming), with pure black and pure white always among them so that ink and paper stay
    /// exact; the anti-aliasing ramp shares the rest. Nil when the picture is not all grey (its
    /// colours are left to the palette).
    public func reducingGreys(to levels: Int) -> RGBImage? {
        precondition(2...Int(SixelColor.maximumLevel) + 1 ~= levels, "between two and 101 greys")
        var histogram = [Int](repeating: 0, count: 256)
        var index = 0
        while index < pixels.count {
            let grey = pixels[index]
            guard pixels[index + 1] == grey, pixels[index + 2] == grey else { return nil }
            histogram[Int(grey)] += 1
            index += 3
        }
        let table = GreyLevels(histogram: histogram, levels: levels).nearest
        return RGBImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
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

    /// This picture made exactly `width` × `height` pixels from its top-left corner: cut where
    /// it is larger, paper of grey `fill` (white by default) added right and below where it is
    /// smaller. A page fitted in a box of cells then covers whole cells, so that a terminal told
    /// to fit it to those cells draws it unscaled.
    public func extended(toWidth width: Int, height: Int, fill: UInt8 = 255) -> RGBImage {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        let kept = min(width, self.width)
        var output = [UInt8](repeating: fill, count: width * height * 3)
        for y in 0..<min(height, self.height) {
            output.replaceSubrange(
                (y * width * 3)..<((y * width + kept) * 3),
                with: pixels[(y * self.width * 3)..<((y * self.width + kept) * 3)])
        }
        return RGBImage(width: width, height: height, pixels: output)
    }

    /// The grey of the gap between the pages of a spread (``sideBySide(_:gap:)``): apart from
    /// white paper and from black ink, inverted or not.
    public static let gapGrey: UInt8 = 128

    /// `images` side by side, left to right, `gap` pixels of ``gapGrey`` between each two, top
    /// edges aligned; one shorter than the tallest has white below it.
    public static func sideBySide(_ images: [RGBImage], gap: Int) -> RGBImage {
        let gap = max(gap, 0)
        let height = images.map(\.height).max() ?? 0
        let width = images.map(\.width).reduce(0, +) + gap * max(images.count - 1, 0)
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        var left = 0
        for (index, image) in images.enumerated() {
            if index > 0 {
                for row in 0..<height {
                    let start = 3 * (row * width + left)
                    pixels.replaceSubrange(start..<start + 3 * gap, with: repeatElement(gapGrey, count: 3 * gap))
                }
                left += gap
            }
            let rowBytes = 3 * image.width
            for row in 0..<image.height {
                let start = 3 * (row * width + left)
                pixels.replaceSubrange(
                    start..<start + rowBytes, with: image.pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
            }
            left += image.width
        }
        return RGBImage(width: width, height: height, pixels: pixels)
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

    /// The colour of the frame round a forward search's place (SyncTeX): a red that stands out
    /// from text and from the yellow of search hits.
    public static let frameColor: (red: UInt8, green: UInt8, blue: UInt8) = (220, 40, 40)

    /// The picture with a frame `thickness` pixels wide drawn in ``frameColor`` just outside
    /// each rectangle (clipped to the picture), so the text inside stays as it is.
    public func framing(_ rects: [PixelRect], thickness: Int) -> RGBImage {
        var pixels = self.pixels
        let color = [Self.frameColor.red, Self.frameColor.green, Self.frameColor.blue]
        func paint(x: Range<Int>, y: Range<Int>) {
            let columns = x.clamped(to: 0..<width)
            for row in y.clamped(to: 0..<height) {
                for column in columns {
                    let index = 3 * (row * width + column)
                    pixels[index] = color[0]
                    pixels[index + 1] = color[1]
                    pixels[index + 2] = color[2]
                }
            }
        }
        for rect in rects where rect.width > 0 && rect.height > 0 {
            let left = rect.x - thickness
            let right = rect.x + rect.width + thickness
            let top = rect.y - thickness
            let bottom = rect.y + rect.height + thickness
            paint(x: left..<right, y: top..<rect.y)
            paint(x: left..<right, y: (rect.y + rect.height)..<bottom)
            paint(x: left..<rect.x, y: rect.y..<(rect.y + rect.height))
            paint(x: (rect.x + rect.width)..<right, y: rect.y..<(rect.y + rect.height))
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

/// The greys of an optimal 1-D quantiser: `levels` greys, black and white among them, chosen
/// among the 101 greys sixel expresses so that drawing each pixel in its nearest chosen grey
/// makes the squared error over a grey histogram as small as it can be.
///
/// Between two consecutive chosen greys every grey goes to the nearer one, so the error is a sum
/// over consecutive pairs; the best choice of `n` greys ending at a grey is the best choice of
/// `n − 1` ending at an earlier one plus that pair's error (dynamic programming, 101 × 101 pairs
/// per level, each pair's error from prefix sums of the histogram).
struct GreyLevels {
    /// For each 8-bit grey, the chosen grey nearest to it.
    let nearest: [UInt8]

    init(histogram: [Int], levels: Int) {
        // The 8-bit grey a terminal draws for each sixel level q: round(q × 255 / 100).
        let candidates = (0...SixelColor.maximumLevel).map { Int(SixelColor.byte(ofLevel: $0)) }
        var count = [Double](repeating: 0, count: 257)
        var sum = [Double](repeating: 0, count: 257)
        var squares = [Double](repeating: 0, count: 257)
        for grey in 0...255 {
            let weight = Double(histogram[grey])
            count[grey + 1] = count[grey] + weight
            sum[grey + 1] = sum[grey] + weight * Double(grey)
            squares[grey + 1] = squares[grey] + weight * Double(grey * grey)
        }
        /// The error of drawing greys `low...high` in grey `value`.
        func squaredError(_ low: Int, _ high: Int, _ value: Int) -> Double {
            guard low <= high else { return 0 }
            let v = Double(value)
            return squares[high + 1] - squares[low] - 2 * v * (sum[high + 1] - sum[low])
                + v * v * (count[high + 1] - count[low])
        }
        /// The error of the greys between chosen candidates `lower` and `upper`.
        func pairError(_ lower: Int, _ upper: Int) -> Double {
            let low = candidates[lower]
            let high = candidates[upper]
            let middle = (low + high) / 2
            return squaredError(low + 1, middle, low) + squaredError(middle + 1, high - 1, high)
        }
        let last = candidates.count - 1
        // best[n][c]: the least error of n + 1 chosen greys from black up to candidate c.
        var best = [[Double]](repeating: [Double](repeating: .infinity, count: candidates.count), count: levels)
        var previous = [[Int]](repeating: [Int](repeating: 0, count: candidates.count), count: levels)
        best[0][0] = 0
        for chosen in 1..<levels {
            for upper in chosen...last {
                for lower in (chosen - 1)..<upper where best[chosen - 1][lower] < .infinity {
                    let total = best[chosen - 1][lower] + pairError(lower, upper)
                    if total < best[chosen][upper] {
                        best[chosen][upper] = total
                        previous[chosen][upper] = lower
                    }
                }
            }
        }
        var greys = [candidates[last]]
        var candidate = last
        for chosen in stride(from: levels - 1, to: 0, by: -1) {
            candidate = previous[chosen][candidate]
            greys.append(candidates[candidate])
        }
        greys.reverse()
        var table = [UInt8](repeating: 0, count: 256)
        var level = 0
        for grey in 0...255 {
            while level + 1 < greys.count && greys[level + 1] - grey < grey - greys[level] {
                level += 1
            }
            table[grey] = UInt8(greys[level])
        }
        nearest = table
    }
}
