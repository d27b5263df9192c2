/// What a line of a page is, beyond its text: the facts the reflow rules look at.
enum LineShape {
    /// A gap between two characters of a line wider than this many font sizes separates
    /// cells (a table row, a contents entry and its page number), not words.
    static let cellGapInEms = 3.0
    /// Lines whose baselines differ by at most this many font sizes are on one baseline.
    static let baselineToleranceInEms = 0.25
    /// Three or more dots in a row, spaced or not: a contents entry's leader.
    static let leaderDots = 3
    /// Bullets of symbol fonts (Symbol, Wingdings) that arrive in the private use area.
    static let privateUseBullets: ClosedRange<UInt32> = 0xF000...0xF0FF
    /// Characters that start a list item.
    static let bullets = Set("•◦▪▫■□●○‣⁃–-*·".unicodeScalars)

    /// The line's baseline: the median of its visible characters' baselines.
    static func baseline(of line: TextLine) -> Double? {
        median(of: line) { $0.baseline.isFinite ? $0.baseline : nil }
    }

    /// The median font size of the line's visible characters.
    static func size(of line: TextLine) -> Double {
        median(of: line) { $0.size > 0 ? $0.size : nil } ?? 1
    }

    /// The median of `value` over the line's visible characters (those it gives one for).
    private static func median(of line: TextLine, _ value: (TextChar) -> Double?) -> Double? {
        var values: [Double] = []
        values.reserveCapacity(line.chars.count)
        for char in line.chars where !char.scalar.isWhiteSpace {
            if let value = value(char) {
                values.append(value)
            }
        }
        guard !values.isEmpty else { return nil }
        values.sort()
        return values[values.count / 2]
    }

    /// Whether `a` and `b` sit on one baseline.
    static func shareBaseline(_ a: TextLine, _ b: TextLine) -> Bool {
        // Lines that do not overlap vertically are not on one baseline; most pairs are told
        // apart here, before the medians.
        guard a.box.y0 < b.box.y1, b.box.y0 < a.box.y1 else { return false }
        guard let first = baseline(of: a), let second = baseline(of: b) else { return false }
        return abs(first - second) <= baselineToleranceInEms * max(size(of: a), size(of: b))
    }

    /// A footnote mark is set at most this share of its line's size.
    static let markSizeRatio = 0.8
    /// The characters a footnote mark is made of, digits aside.
    static let markSymbols = Set("*†‡§¶#".unicodeScalars)

    /// Whether `line` is a footnote mark raised after the end of `previous` (`wells¹`): a few
    /// digits or symbols, set smaller, starting where `previous` ends, sitting above its
    /// baseline but within its height. MuPDF gives a mark raised far enough a line, or a
    /// block, of its own.
    static func isRaisedMark(_ line: TextLine, after previous: TextLine) -> Bool {
        let visible = line.chars.filter { DisplayWidth.isVisible($0.scalar) }
        guard !visible.isEmpty, visible.count <= 3,
            visible.allSatisfy({ $0.scalar.properties.numericType != nil || markSymbols.contains($0.scalar) }),
            let markBaseline = baseline(of: line), let lineBaseline = baseline(of: previous)
        else { return false }
        let lineSize = size(of: previous)
        return size(of: line) <= markSizeRatio * lineSize && line.box.x0 >= previous.box.x1 - 1
            && line.box.x0 - previous.box.x1 <= lineSize && markBaseline < lineBaseline
            && markBaseline > previous.box.y0
    }

    /// `a` and then `b` as one line, a space between them unless one is there already or `b`
    /// is a footnote mark of `a`'s (see ``isRaisedMark(_:after:)``).
    static func joined(_ a: TextLine, _ b: TextLine) -> TextLine {
        var chars = a.chars
        // A mark keeps the line's height: its line pitch is the line's own.
        let isMark = isRaisedMark(b, after: a)
        if let last = a.chars.last, let first = b.chars.first, !last.scalar.isWhiteSpace, !first.scalar.isWhiteSpace,
            !isMark
        {
            chars.append(
                TextChar(
                    scalar: " ", box: TextRect(x0: last.box.x1, y0: last.box.y0, x1: first.box.x0, y1: last.box.y1),
                    size: last.size, baseline: last.baseline))
        }
        chars += b.chars
        return TextLine(
            chars: chars,
            box: TextRect(
                x0: min(a.box.x0, b.box.x0), y0: isMark ? a.box.y0 : min(a.box.y0, b.box.y0),
                x1: max(a.box.x1, b.box.x1), y1: isMark ? a.box.y1 : max(a.box.y1, b.box.y1)),
            direction: a.direction, isVertical: a.isVertical)
    }

    /// `block` with the lines that share a baseline joined, left to right: MuPDF splits a
    /// line at a wide gap (the stretched spaces of a narrow justified column, a bullet and its
    /// text, the cells of a table row, a contents entry and its page number), and a raised
    /// footnote mark goes on the line it follows.
    static func joiningLinesOnOneBaseline(_ block: TextBlock) -> TextBlock {
        var lines: [TextLine] = []
        for line in block.lines {
            if let last = lines.last,
                (shareBaseline(last, line) && line.box.x0 >= last.box.x1 - 1) || isRaisedMark(line, after: last)
            {
                lines[lines.count - 1] = joined(last, line)
            } else {
                lines.append(line)
            }
        }
        return TextBlock(lines: lines, box: block.box)
    }

    /// Whether the line holds cells rather than prose: a gap wider than ``cellGapInEms``
    /// between two of its visible characters, or a leader of dots.
    static func isTabular(_ line: TextLine) -> Bool {
        var previous: TextChar?
        var dots = 0
        for char in line.chars where DisplayWidth.isVisible(char.scalar) {
            dots = char.scalar == "." ? dots + 1 : 0
            if dots >= leaderDots {
                return true
            }
            if let previous, char.box.x0 - previous.box.x1 > cellGapInEms * max(char.size, previous.size, 1) {
                return true
            }
            previous = char
        }
        return false
    }

    /// The cells of a line of cells: its text cut at the gaps wider than ``cellGapInEms``.
    static func cells(of line: TextLine) -> [String] {
        var cells: [String] = []
        var cell: [Unicode.Scalar] = []
        var previous: TextChar?
        func finish() {
            let scalars = ParagraphBuilder.trimmed(cell)
            if !scalars.isEmpty {
                cells.append(String(String.UnicodeScalarView(scalars)))
            }
            cell = []
        }
        for char in line.chars {
            let isVisible = DisplayWidth.isVisible(char.scalar)
            if isVisible, let previous,
                char.box.x0 - previous.box.x1 > cellGapInEms * max(char.size, previous.size, 1)
            {
                finish()
            }
            cell.append(readable(char.scalar))
            if isVisible {
                previous = char
            }
        }
        finish()
        return cells
    }

    /// Whether every visible character of `lines` is in a monospaced font: code, or text
    /// laid out as a typewriter would.
    static func isMonospaced(_ lines: [TextLine]) -> Bool {
        let visible = lines.lazy.flatMap(\.chars).filter { DisplayWidth.isVisible($0.scalar) }
        return visible.first { _ in true } != nil && visible.allSatisfy(\.isMonospaced)
    }

    /// Whether the line starts with a bullet followed by a space.
    static func startsWithBullet(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first, scalars.count >= 2, scalars[1].isWhiteSpace else { return false }
        return bullets.contains(first)
    }

    /// Whether the line starts with a list mark followed by a space: a bullet, or a number or
    /// letter that counts items (`1.`, `12)`, `(a)`, `iv.`).
    static func startsWithListMark(_ scalars: [Unicode.Scalar]) -> Bool {
        if startsWithBullet(scalars) {
            return true
        }
        guard let space = scalars.firstIndex(where: \.isWhiteSpace), space >= 2, space <= 5 else { return false }
        var mark = scalars[..<space]
        guard let last = mark.last, last == "." || last == ")" else { return false }
        mark.removeLast()
        if mark.first == "(" {
            guard last == ")" else { return false }
            mark.removeFirst()
        }
        let isNumber = !mark.isEmpty && mark.allSatisfy { $0.properties.numericType == .decimal }
        let isLetter = mark.count == 1 && mark.allSatisfy { $0.properties.isAlphabetic }
        let isRoman = !mark.isEmpty && mark.allSatisfy { "ivxlc".unicodeScalars.contains($0) }
        return isNumber || isLetter || isRoman
    }

    /// `scalar`, with a symbol font's private-use bullet shown as `•`.
    static func readable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        privateUseBullets.contains(scalar.value) ? "•" : scalar
    }
}
