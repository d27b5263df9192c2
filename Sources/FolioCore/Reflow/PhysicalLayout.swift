/// Places a page's words on a grid of terminal cells, keeping their arrangement on the page.
///
/// A line of the page is cut into words at its spaces and at gaps wider than a space. A cell
/// is as wide as the median character advance, and a row as tall as the median line height.
/// Lines whose baselines lie within ``baselineTolerance`` line heights of each other share a
/// row, so a heading in a large font or a line set a little higher stays one row. On a row,
/// lines go left to right; a word follows the word before it after one space, except where
/// the page shows a column gap (a word of another text block, a gap wider than
/// ``columnGapInEms`` of the font size, or a word left of the one before): then it goes to the column of its left edge, with at least one
/// space before it. Words are
/// therefore never broken up, whatever their font size, and columns and table cells line up.
/// The text's top-left corner becomes row 0, column 0.
///
/// When a width is given and the page is wider, the grid's cells are made wider (the page is
/// scaled) as little as makes its rows fit; when their words alone are wider than `width`,
/// the page keeps its own scale and the view scrolls sideways.
///
/// Positions come from the document, so they are bounded: long runs of blank rows collapse
/// to ``maximumBlankRun`` rows, no column starts past ``maximumColumn`` and no row past
/// ``maximumRow``, and a position that is not a finite number (a hostile page can hold
/// infinities) counts as the first row or column. A hostile page cannot make the layout
/// allocate without bound, or trap.
struct PhysicalLayout {
    /// The most consecutive blank rows kept between two lines.
    static let maximumBlankRun = 3
    /// The rightmost column a line or a gap may start at.
    static let maximumColumn = 1_000
    /// The last row a line may go to (blank runs collapse, so rows are never allocated up to it).
    static let maximumRow = 1_000_000
    /// Lines whose baselines are closer than this share of the line height share a row.
    static let baselineTolerance = 0.5
    /// A gap between words wider than this many font sizes separates columns (or table cells).
    static let columnGapInEms = 1.5
    /// A gap inside a line wider than this many font sizes ends a word even without a space.
    static let wordGapInEms = 0.25
    /// A line of at least this many cells says how many points a cell of the page is.
    static let minimumDensityCells = 8
    /// The cell is as wide as this share of the page's lines would have it, so that most
    /// lines fit in their columns.
    static let densityPercentile = 0.25
    /// How many times a scale is tried when fitting a page to a width.
    static let maximumFittingRounds = 10

    /// A run of visible characters of one line, in cells.
    private struct Word {
        var text: String
        var width: Int
        var x0: Double
        var x1: Double
        /// The font size of its last character.
        var size: Double
        /// Which of the page's text blocks it is in.
        var block: Int
    }

    /// A line of the page cut into words.
    private struct PlacedLine {
        var baseline: Double
        var words: [Word]
        var order: Int
    }

    private let rowsOfLines: [(row: Int, lines: [PlacedLine])]
    private let cellWidth: Double
    private let left: Double

    init(page: PageText) {
        let blockLines = page.blocks.enumerated().flatMap { block in
            block.element.lines.filter { ParagraphBuilder.hasVisibleText([$0]) }.map { (block.offset, $0) }
        }
        let pageLines = blockLines.map(\.1)
        let chars = pageLines.flatMap(\.chars)
        let fontSizes = chars.map(\.size).filter { $0 > 0 }
        let advances = chars.compactMap { char -> Double? in
            let cells = DisplayWidth.of(char.scalar)
            return cells > 0 && char.box.width > 0 ? char.box.width / Double(cells) : nil
        }
        cellWidth =
            Self.percentile(Self.lineDensities(pageLines), Self.densityPercentile) ?? Self.median(advances)
            ?? Self.median(fontSizes).map { $0 / 2 } ?? 1
        let lineHeight =
            Self.median(pageLines.map(\.box.height).filter { $0 > 0 }) ?? Self.median(fontSizes).map { $0 * 1.2 } ?? 1
        left = pageLines.compactMap { Self.firstVisible(in: $0)?.box.x0 }.filter(\.isFinite).min() ?? 0
        let lines = blockLines.enumerated().compactMap { line in
            Self.words(of: line.element.1, block: line.element.0, order: line.offset)
        }
        rowsOfLines = Self.rows(of: lines, lineHeight: lineHeight)
    }

    /// The page's rows; with `width`, scaled so they fit in `width` cells where they can.
    func rows(fitting width: Int? = nil) -> [LaidOutLine] {
        let natural = rows(cellWidth: cellWidth)
        let widest = natural.map(\.width).max() ?? 0
        guard let width, width > 0, widest > width else { return natural }
        // At a scale of `widest`, every gap is under one cell: the rows are as narrow as
        // their words let them be. When even that is too wide, squeezing the columns together
        // would only make them harder to tell apart: the page keeps its own scale and scrolls.
        // Otherwise, search for the smallest scale that fits.
        var fits = (scale: Double(widest), rows: rows(cellWidth: cellWidth * Double(widest)))
        guard (fits.rows.map(\.width).max() ?? 0) <= width else { return natural }
        var tooSmall = 1.0
        for _ in 0..<Self.maximumFittingRounds {
            let scale = (tooSmall + fits.scale) / 2
            let scaled = rows(cellWidth: cellWidth * scale)
            if (scaled.map(\.width).max() ?? 0) <= width {
                fits = (scale, scaled)
            } else {
                tooSmall = scale
            }
        }
        return fits.rows
    }

    private func rows(cellWidth: Double) -> [LaidOutLine] {
        var rows: [LaidOutLine] = []
        var previousRow: Int?
        for (row, lines) in rowsOfLines {
            if let previousRow {
                let blankRows = min(row - previousRow - 1, Self.maximumBlankRun)
                rows += repeatElement(LaidOutLine(text: "", width: 0), count: blankRows)
            }
            previousRow = row
            var laidOut = LaidOutLine(text: "", width: 0)
            var previous: Word?
            for word in lines.lazy.flatMap(\.words) {
                let column: Int
                if let previous {
                    let gap = word.x0 - previous.x1
                    let followsColumnGap =
                        word.block != previous.block || !(gap <= Self.columnGapInEms * max(previous.size, word.size, 1))
                    column =
                        followsColumnGap
                        ? max(self.column(at: word.x0, cellWidth: cellWidth), laidOut.width + 1) : laidOut.width + 1
                } else {
                    column = self.column(at: word.x0, cellWidth: cellWidth)
                }
                laidOut.text += String(repeating: " ", count: column - laidOut.width) + word.text
                laidOut.width = column + word.width
                previous = word
            }
            rows.append(laidOut)
        }
        return rows
    }

    /// Groups lines into rows by baseline, top to bottom, each row's lines left to right.
    private static func rows(of lines: [PlacedLine], lineHeight: Double) -> [(row: Int, lines: [PlacedLine])] {
        let sorted = lines.sorted { ($0.baseline, $0.order) < ($1.baseline, $1.order) }
        guard let top = sorted.first?.baseline else { return [] }
        var rows: [(row: Int, lines: [PlacedLine])] = []
        var rowBaseline = top
        for line in sorted {
            if !rows.isEmpty, line.baseline - rowBaseline <= baselineTolerance * lineHeight {
                rows[rows.count - 1].lines.append(line)
                continue
            }
            let gridRow = cell(at: line.baseline, from: top, size: lineHeight, limit: maximumRow)
            let row = rows.last.map { max(gridRow, $0.row + 1) } ?? 0
            rows.append((row, [line]))
            rowBaseline = line.baseline
        }
        return rows.map { row in
            (row.row, row.lines.sorted { ($0.words[0].x0, $0.order) < ($1.words[0].x0, $1.order) })
        }
    }

    /// `line` cut into words, or nil when it has none; a position that is not finite counts
    /// as the page's first row or column.
    private static func words(of line: TextLine, block: Int, order: Int) -> PlacedLine? {
        var words: [Word] = []
        var text = String.UnicodeScalarView()
        var width = 0
        var start = 0.0
        var previous: TextChar?
        var sawSpace = false
        func finishWord() {
            if let previous, !text.isEmpty {
                let end = previous.box.x1.isFinite ? previous.box.x1 : start
                words.append(
                    Word(text: String(text), width: width, x0: start, x1: end, size: previous.size, block: block))
                text = String.UnicodeScalarView()
                width = 0
            }
        }
        for char in line.chars {
            if char.scalar.isWhiteSpace || !DisplayWidth.isVisible(char.scalar) && text.isEmpty {
                if char.scalar.isWhiteSpace {
                    sawSpace = true
                }
                continue
            }
            let em = char.size > 0 ? char.size : 1
            // A character without a width (a mark, a letter drawn as part of a ligature's glyph)
            // stands inside a glyph: no word gap before or after it.
            let gap = previous.map { $0.box.width > 0 && char.box.width > 0 ? char.box.x0 - $0.box.x1 : 0 } ?? 0
            if sawSpace || gap > wordGapInEms * em {
                finishWord()
            }
            if text.isEmpty {
                start = char.box.x0.isFinite ? char.box.x0 : 0
            }
            sawSpace = false
            text.append(char.scalar)
            width += DisplayWidth.of(char.scalar)
            previous = char
        }
        finishWord()
        guard !words.isEmpty else { return nil }
        let baselines = line.chars.filter { DisplayWidth.isVisible($0.scalar) }.map(\.baseline).filter(\.isFinite)
        let baseline = median(baselines) ?? ((line.box.y0 + line.box.y1) / 2)
        return PlacedLine(baseline: baseline.isFinite ? baseline : 0, words: words, order: order)
    }

    private func column(at x: Double, cellWidth: Double) -> Int {
        Self.cell(at: x, from: left, size: cellWidth, limit: Self.maximumColumn)
    }

    /// The cell `position` falls in, counting cells of `size` from `origin`, within `0...limit`.
    private static func cell(at position: Double, from origin: Double, size: Double, limit: Int) -> Int {
        let cell = ((position - origin) / size).rounded()
        return cell.isFinite ? Int(min(max(cell, 0), Double(limit))) : 0
    }

    private static func firstVisible(in line: TextLine) -> TextChar? {
        line.chars.first { DisplayWidth.isVisible($0.scalar) }
    }

    /// Points per cell of each line long enough to tell: its width over its text's width in
    /// cells. Lines of proportional type differ, and a cell narrower than most lines' own lets
    /// them keep within their column.
    private static func lineDensities(_ lines: [TextLine]) -> [Double] {
        lines.compactMap { line -> Double? in
            let visible = line.chars.filter { !$0.scalar.isWhiteSpace || DisplayWidth.isVisible($0.scalar) }
            guard let first = visible.first(where: { DisplayWidth.isVisible($0.scalar) }),
                let last = visible.last(where: { DisplayWidth.isVisible($0.scalar) })
            else { return nil }
            let cells = line.chars.reduce(0) { $0 + DisplayWidth.of($1.scalar) }
            let width = last.box.x1 - first.box.x0
            guard cells >= minimumDensityCells, width > 0, width.isFinite else { return nil }
            return width / Double(cells)
        }
    }

    private static func median(_ values: [Double]) -> Double? {
        percentile(values, 0.5)
    }

    private static func percentile(_ values: [Double], _ share: Double) -> Double? {
        guard !values.isEmpty else {
            return nil
        }
        return values.sorted()[min(Int(Double(values.count) * share), values.count - 1)]
    }
}
