/// How many terminal cells text occupies, and how to cut text to a number of cells.
///
/// A compact stand-in for `wcwidth(3)` that needs no locale: combining marks and other
/// zero-width characters take no cell, East Asian wide and fullwidth characters take two, and
/// everything else takes one. Control characters count as one cell because
/// ``TerminalSafeText`` turns each into a one-cell U+FFFD before anything is drawn.
public enum DisplayWidth {
    /// Code point ranges drawn two cells wide: East Asian Wide and Fullwidth, plus emoji blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,
        0x2E80...0x303E,
        0x3041...0x33FF,
        0x3400...0x4DBF,
        0x4E00...0x9FFF,
        0xA000...0xA4CF,
        0xAC00...0xD7A3,
        0xF900...0xFAFF,
        0xFE30...0xFE4F,
        0xFF00...0xFF60,
        0xFFE0...0xFFE6,
        0x1F300...0x1F64F,
        0x1F900...0x1F9FF,
        0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]

    /// The number of cells `scalar` occupies: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        // ASCII, most characters of most pages, is never zero-width or wide; asking for its
        // general category costs more than the rest of laying it out.
        if scalar.value < 0x80 {
            return 1
        }
        if isZeroWidth(scalar) {
            return 0
        }
        return isWide(scalar) ? 2 : 1
    }

    /// The number of cells `string` occupies.
    public static func of(_ string: some StringProtocol) -> Int {
        string.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Whether `scalar` draws something: it takes cells and is not white space.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isWhiteSpace && of(scalar) > 0
    }

    /// The longest prefix of `string` that fits in `width` cells.
    ///
    /// Combining marks stay with their base character: they are kept exactly when it is.
    public static func truncated(_ string: some StringProtocol, toWidth width: Int) -> String {
        clipped(string, from: 0, width: width)
    }

    /// `string` when it fits in `width` cells; else its longest run of whole words that fits
    /// with "…" after it, or, when a first word alone is too long, as much of it as fits and
    /// "…". Words never end cut in the middle with nothing to say so.
    public static func shortenedAtWord(_ string: some StringProtocol, toWidth width: Int) -> String {
        guard of(string) > width else { return String(string) }
        guard width > 1 else { return width == 1 ? "…" : "" }
        let head = truncated(string, toWidth: width - 1)
        let rest = string.unicodeScalars.dropFirst(head.unicodeScalars.count)
        if rest.first?.properties.isWhitespace == true {
            return trimmedAtEnd(head) + "…"
        }
        // Back to the last space, unless that would leave too little (under half the room).
        guard let space = head.unicodeScalars.lastIndex(where: \.properties.isWhitespace) else { return head + "…" }
        let words = trimmedAtEnd(String(head.unicodeScalars[..<space]))
        return of(words) * 2 >= width ? words + "…" : head + "…"
    }

    /// `text` without the spaces and punctuation that would stand before "…" (`word,…`).
    private static func trimmedAtEnd(_ text: String) -> String {
        var scalars = text.unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace || ",;:".unicodeScalars.contains(last) {
            scalars.removeLast()
        }
        return String(scalars)
    }

    /// The cells `offset..<offset + width` of `string`, for scrolling a long line sideways.
    ///
    /// A wide character cut by the left edge leaves a space for its visible half; one cut by
    /// the right edge is left out, so the result never exceeds `width` cells.
    public static func clipped(_ string: some StringProtocol, from offset: Int, width: Int) -> String {
        let (end, overflow) = offset.addingReportingOverflow(max(width, 0))
        let endColumn = overflow ? Int.max : end
        var result = String.UnicodeScalarView()
        var column = 0
        var keepsMarks = offset <= 0
        for scalar in string.unicodeScalars {
            let cells = of(scalar)
            if cells == 0 {
                if keepsMarks {
                    result.append(scalar)
                }
                continue
            }
            let start = column
            column += cells
            if column > endColumn {
                break
            }
            if start < offset {
                let visibleCells = max(0, column - offset)
                result.append(contentsOf: repeatElement(" ", count: visibleCells))
                keepsMarks = false
                continue
            }
            result.append(scalar)
            keepsMarks = true
        }
        return String(result)
    }

    /// `string` shortened to at most `width` cells by replacing its middle with "…".
    ///
    /// Keeps both ends of long file names readable: `very-long-…-name.pdf`. A string that
    /// already fits is returned unchanged.
    public static func shortenedInMiddle(_ string: some StringProtocol, toWidth width: Int) -> String {
        guard of(string) > width else {
            return String(string)
        }
        guard width > 1 else {
            return width == 1 ? "…" : ""
        }
        let budget = width - 1
        let headWidth = (budget + 1) / 2
        return truncated(string, toWidth: headWidth) + "…" + suffix(of: string, toWidth: budget - headWidth)
    }

    /// The longest suffix of `string` that fits in `width` cells, keeping marks with their base.
    private static func suffix(of string: some StringProtocol, toWidth width: Int) -> String {
        var reversedKept: [Unicode.Scalar] = []
        var pendingMarks: [Unicode.Scalar] = []
        var used = 0
        for scalar in string.unicodeScalars.reversed() {
            let cells = of(scalar)
            if cells == 0 {
                pendingMarks.append(scalar)
                continue
            }
            if used + cells > width {
                break
            }
            used += cells
            reversedKept.append(contentsOf: pendingMarks)
            reversedKept.append(scalar)
            pendingMarks.removeAll()
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: reversedKept.reversed())
        return String(result)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            // U+200B is Cf in current Unicode; listing it keeps it zero-width regardless.
            return scalar.value == 0x200B || (0x1160...0x11FF).contains(scalar.value)
        }
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
