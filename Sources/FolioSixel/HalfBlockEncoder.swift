/// Draws an image with Unicode upper half blocks for terminals without sixel graphics (tmux
/// 3.3, for one): each cell shows two pixels stacked, the upper one as the foreground colour of
/// `▀` and the lower one as its background, in 24-bit colour or the nearest of xterm's 256.
public enum HalfBlockEncoder: Sendable {
    /// The escape sequences that draw one row of cells of `image` (one pixel wide and two pixels
    /// tall per cell): cell row `cellRow`, `columns` cells from `firstColumn`, starting at the
    /// cursor. Pixels past the image's bottom edge are drawn white; columns past its right edge
    /// are left out.
    public static func encodeRow(
        _ image: RGBImage, cellRow: Int, firstColumn: Int, columns: Int, trueColor: Bool
    ) -> [UInt8] {
        var output: [UInt8] = []
        let count = max(min(columns, image.width - firstColumn), 0)
        output.reserveCapacity(count * 24)
        var lastUpper: [UInt8] = []
        var lastLower: [UInt8] = []
        for column in 0..<count {
            let x = firstColumn + column
            let upper = pixel(image, x: x, y: 2 * cellRow)
            let lower = pixel(image, x: x, y: 2 * cellRow + 1)
            if upper != lastUpper {
                output += colour(upper, foreground: true, trueColor: trueColor)
                lastUpper = upper
            }
            if lower != lastLower {
                output += colour(lower, foreground: false, trueColor: trueColor)
                lastLower = lower
            }
            output += [0xE2, 0x96, 0x80]  // ▀ U+2580
        }
        output += Array("\u{1B}[0m".utf8)
        return output
    }

    private static func pixel(_ image: RGBImage, x: Int, y: Int) -> [UInt8] {
        guard x >= 0, x < image.width, y >= 0, y < image.height else { return [255, 255, 255] }
        let offset = (y * image.width + x) * 3
        return Array(image.pixels[offset..<(offset + 3)])
    }

    private static func colour(_ rgb: [UInt8], foreground: Bool, trueColor: Bool) -> [UInt8] {
        let layer = foreground ? 38 : 48
        if trueColor {
            return Array("\u{1B}[\(layer);2;\(rgb[0]);\(rgb[1]);\(rgb[2])m".utf8)
        }
        return Array("\u{1B}[\(layer);5;\(xterm256(rgb))m".utf8)
    }

    /// The nearest colour of xterm's 256-colour palette: the 6×6×6 cube or the grey ramp.
    static func xterm256(_ rgb: [UInt8]) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        let (r, g, b) = (nearestLevel(rgb[0]), nearestLevel(rgb[1]), nearestLevel(rgb[2]))
        let cube = (16 + 36 * r + 6 * g + b, levels[r], levels[g], levels[b])
        let average = (Int(rgb[0]) + Int(rgb[1]) + Int(rgb[2])) / 3
        let greyIndex = min(max((average - 8 + 5) / 10, 0), 23)
        let greyLevel = 8 + 10 * greyIndex
        func distance(_ r2: Int, _ g2: Int, _ b2: Int) -> Int {
            let dr = Int(rgb[0]) - r2
            let dg = Int(rgb[1]) - g2
            let db = Int(rgb[2]) - b2
            return dr * dr + dg * dg + db * db
        }
        return distance(greyLevel, greyLevel, greyLevel) < distance(cube.1, cube.2, cube.3) ? 232 + greyIndex : cube.0
    }
}
