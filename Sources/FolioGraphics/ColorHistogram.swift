/// How many pixels of an image have each colour, after reduction to sixel precision.
///
/// The table is dense (one slot for each of the 101³ sixel colours) so that counting is a
/// single indexed add per run of equal pixels; the colours that occur are listed separately.
struct ColorHistogram {
    /// Pixel count per colour key; slots of colours that do not occur are zero.
    let counts: [UInt32]
    /// The keys of the colours that occur, in order of first appearance.
    let keys: [Int]

    init(_ image: RGBImage) {
        var counts = [UInt32](repeating: 0, count: SixelColor.keyCount)
        var keys: [Int] = []
        let keyOfPixel = PixelKeyTable()
        counts.withUnsafeMutableBufferPointer { counts in
            image.pixels.withUnsafeBufferPointer { pixels in
                var runKey = -1
                var runLength: UInt32 = 0
                var offset = 0
                while offset < pixels.count {
                    let key = keyOfPixel(pixels[offset], pixels[offset + 1], pixels[offset + 2])
                    // Pages are mostly long runs of paper: count a run with one add.
                    var end = offset + 3
                    while end < pixels.count, pixels[end] == pixels[offset], pixels[end + 1] == pixels[offset + 1],
                        pixels[end + 2] == pixels[offset + 2]
                    {
                        end += 3
                    }
                    let length = UInt32((end - offset) / 3)
                    if key == runKey {
                        runLength += length
                    } else {
                        if runKey >= 0 {
                            if counts[runKey] == 0 { keys.append(runKey) }
                            counts[runKey] += runLength
                        }
                        runKey = key
                        runLength = length
                    }
                    offset = end
                }
                if runKey >= 0 {
                    if counts[runKey] == 0 { keys.append(runKey) }
                    counts[runKey] += runLength
                }
            }
        }
        self.counts = counts
        self.keys = keys
    }
}

/// Turns an 8-bit RGB pixel into its sixel colour key with three table look-ups.
struct PixelKeyTable {
    private let redPart: [Int]
    private let greenPart: [Int]
    private let bluePart: [Int]

    init() {
        let levels = (0...255).map { Int(SixelColor.level(of: UInt8($0))) }
        redPart = levels.map { $0 * 10201 }
        greenPart = levels.map { $0 * 101 }
        bluePart = levels
    }

    func callAsFunction(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        redPart[Int(red)] + greenPart[Int(green)] + bluePart[Int(blue)]
    }
}
