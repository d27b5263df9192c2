/// Draws an image with Unicode upper half blocks for terminals without sixel graphics (tmux
/// 3.3, for one): each cell shows two pixels stacked, the upper one as the foreground colour of
/// `▀` and the lower one as its background, in 24-bit colour or the nearest of xterm's 256, or
/// of the 16 or 8 colours the Linux console and vt100-style terminals have.
public enum HalfBlockEncoder: Sendable {
    /// The escape sequences that draw one row of cells of `image` (one pixel wide and two pixels
    /// tall per cell): cell row `cellRow`, `columns` cells from `firstColumn`, starting at the
    /// cursor. Pixels past the image's bottom edge are drawn white; columns past its right edge
    /// are left out.
    public static func encodeRow(
        _ image: RGBImage, cellRow: Int, firstColumn: Int, columns: Int, colors: HalfBlockColors
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
                output += colour(upper, foreground: true, colors: colors)
                lastUpper = upper
            }
            if lower != lastLower {
                output += colour(lower, foreground: false, colors: colors)
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

    private static func colour(_ rgb: [UInt8], foreground: Bool, colors: HalfBlockColors) -> [UInt8] {
        let layer = foreground ? 38 : 48
        switch colors {
        case .trueColor:
            return Array("\u{1B}[\(layer);2;\(rgb[0]);\(rgb[1]);\(rgb[2])m".utf8)
        case .palette256:
            return Array("\u{1B}[\(layer);5;\(xterm256(rgb))m".utf8)
        case .basic16, .basic8:
            // SGR 30–37 and 40–47, bright forms 90–97 and 100–107.
            let index = nearestBasic(rgb, count: colors == .basic16 ? 16 : 8)
            let base = (foreground ? 30 : 40) + (index >= 8 ? 60 : 0)
            return Array("\u{1B}[\(base + index % 8)m".utf8)
        }
    }

    /// The basic colours as terminals show them by default (xterm's palette), in SGR order.
    static let basicColors: [[Int]] = [
        [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205],
        [229, 229, 229], [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255],
        [0, 255, 255], [255, 255, 255],
    ]

    /// The nearest of the first `count` basic colours (8 or 16).
    static func nearestBasic(_ rgb: [UInt8], count: Int) -> Int {
        func distance(_ colour: [Int]) -> Int {
            zip(colour, rgb).reduce(0) { sum, pair in sum + (pair.0 - Int(pair.1)) * (pair.0 - Int(pair.1)) }
        }
        return basicColors.prefix(count).indices.min { distance(basicColors[$0]) < distance(basicColors[$1]) }!
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

/// How many colours half-block images may use: what the terminal has.
public enum HalfBlockColors: Sendable, Equatable {
    /// 24-bit colour (`COLORTERM=truecolor`).
    case trueColor
    /// xterm's 256 colours.
    case palette256
    /// The 16 basic colours and their bright forms.
    case basic16
    /// The 8 basic colours (the Linux console's backgrounds, vt100-style terminals).
    case basic8

    /// "24-bit", "256", "16" or "8", for messages.
    public var name: String {
        switch self {
        case .trueColor: "24-bit"
        case .palette256: "256"
        case .basic16: "16"
        case .basic8: "8"
        }
    }

    /// The colours a terminal with `environment` has: 24-bit when `COLORTERM` says so; 16 for
    /// a `*-16color` TERM; 8 for the Linux console, vt100-style and ANSI terminals, and for
    /// `screen` outside tmux; 256 otherwise (xterm and everything modelled on it, tmux).
    public static func of(environment: [String: String]) -> HalfBlockColors {
        if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") {
            return .trueColor
        }
        let term = environment["TERM"] ?? ""
        if term.contains("256color") || term.contains("direct") {
            return .palette256
        }
        if term.hasSuffix("16color") {
            return .basic16
        }
        let eightColours = ["linux", "ansi", "cons25", "vt100", "vt102", "vt220", "vt320", "vt52"]
        if eightColours.contains(term) || term.hasPrefix("vt") || (term == "screen" && environment["TMUX"] == nil) {
            return .basic8
        }
        return .palette256
    }
}
