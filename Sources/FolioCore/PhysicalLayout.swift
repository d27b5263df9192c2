/// Places a page's lines on a grid of terminal cells, keeping their arrangement on the page.
///
/// A character cell is as wide as the median character advance, and a row as tall as the
/// median line height. Each line goes to the row of its vertical centre, starting at the
/// column of its left edge; the text's top-left corner becomes row 0, column 0. Lines side by
/// side (columns of a two-column paper) share a row; when a line would overlap the one before
/// it on the row, it moves right to one space after it. A gap of two or more cells inside a
/// line (MuPDF sometimes joins across columns) is kept as spaces.
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

    /// A line of the page, converted to cells and waiting for its place on the grid.
    private struct Placement {
        var row: Int
        var column: Int
        var order: Int
        var text: String
        var width: Int
    }

    private let pageLines: [TextLine]
    private let cellWidth: Double
    private let lineHeight: Double
    private let left: Double
    private let top: Double

    init(page: PageText) {
        pageLines = page.blocks.flatMap(\.lines).filter { ParagraphBuilder.hasVisibleText([$0]) }
        let chars = pageLines.flatMap(\.chars)
        let fontSizes = chars.map(\.size).filter { $0 > 0 }
        let advances = chars.compactMap { char -> Double? in
            let cells = DisplayWidth.of(char.scalar)
            return cells > 0 && char.box.width > 0 ? char.box.width / Double(cells) : nil
        }
        cellWidth = Self.median(advances) ?? Self.median(fontSizes).map { $0 / 2 } ?? 1
        lineHeight =
            Self.median(pageLines.map(\.box.height).filter { $0 > 0 }) ?? Self.median(fontSizes).map { $0 * 1.2 } ?? 1
        left = pageLines.compactMap { Self.firstVisible(in: $0)?.box.x0 }.filter(\.isFinite).min() ?? 0
        top = pageLines.map { Self.centre(of: $0) }.filter(\.isFinite).min() ?? 0
    }

    func rows() -> [LaidOutLine] {
        let placements = pageLines.enumerated()
            .compactMap { placement(of: $0.element, order: $0.offset) }
            .sorted { ($0.row, $0.column, $0.order) < ($1.row, $1.column, $1.order) }
        var rows: [LaidOutLine] = []
        var previousRow: Int?
        for placement in placements {
            if placement.row != previousRow {
                if let previousRow {
                    let blankRows = min(placement.row - previousRow - 1, Self.maximumBlankRun)
                    rows += repeatElement(LaidOutLine(text: "", width: 0), count: blankRows)
                }
                rows.append(LaidOutLine(text: "", width: 0))
                previousRow = placement.row
            }
            place(placement, on: &rows[rows.count - 1])
        }
        return rows
    }

    private func place(_ placement: Placement, on row: inout LaidOutLine) {
        let column = row.width == 0 ? placement.column : max(placement.column, row.width + 1)
        row.text += String(repeating: " ", count: column - row.width) + placement.text
        row.width = column + placement.width
    }

    private func placement(of line: TextLine, order: Int) -> Placement? {
        guard let first = Self.firstVisible(in: line) else {
            return nil
        }
        let startColumn = column(at: first.box.x0)
        var text = String.UnicodeScalarView()
        var cursor = startColumn
        var trailingSpaces = 0
        for char in line.chars.drop(while: { !DisplayWidth.isVisible($0.scalar) }) {
            let expected = column(at: char.box.x0)
            if expected - cursor >= 2 {
                text.append(contentsOf: repeatElement(" ", count: expected - cursor))
                cursor = expected
            }
            let isSpace = char.scalar.isWhiteSpace
            text.append(isSpace ? " " : char.scalar)
            trailingSpaces = isSpace ? trailingSpaces + 1 : 0
            cursor += isSpace ? 1 : DisplayWidth.of(char.scalar)
        }
        text.removeLast(trailingSpaces)
        let row = Self.cell(at: Self.centre(of: line), from: top, size: lineHeight, limit: Self.maximumRow)
        return Placement(
            row: row, column: startColumn, order: order, text: String(text),
            width: cursor - trailingSpaces - startColumn)
    }

    private func column(at x: Double) -> Int {
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

    private static func centre(of line: TextLine) -> Double {
        (line.box.y0 + line.box.y1) / 2
    }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else {
            return nil
        }
        return values.sorted()[values.count / 2]
    }
}
