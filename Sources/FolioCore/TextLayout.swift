/// Turns a page's structured text into lines for the terminal.
public enum TextLayout {
    /// A line reaching this share of its block's width counts as a full line of prose.
    static let fullLineRatio = 0.75

    /// The page's paragraphs, reflowed to `width` cells.
    ///
    /// A page whose text runs sideways is turned upright (see ``UprightPage``), and blocks of
    /// right-to-left text are mirrored, so that the rules below read them as they read
    /// left-to-right text (see ``RightToLeft/mirroringRightToLeftBlocks(_:)``).
    /// Blocks MuPDF split where the page shows no break are put back together first (see
    /// ``BlockFlow``), and footnotes MuPDF reads before the body go after it (see
    /// ``Furniture/footnotesLast(_:on:bodySize:)``). Lines of a block join into paragraphs (see ``ParagraphBuilder`` for where
    /// paragraphs break, and ``LineJoin`` for how lines join); a paragraph cut off at the foot
    /// of a column goes on in the next block when that starts in lowercase. Paragraphs and
    /// blocks are separated by one blank line, and a block of deliberately short lines (see
    /// ``isRagged(_:)``) keeps its lines. Lines break at spaces, between wide (CJK) characters
    /// (see ``LineWrapper`` for kinsoku), and inside words longer than the width. No line is
    /// wider than `width` cells; a width below 1 is treated as 1. A page without visible text
    /// yields no lines.
    public static func reflow(_ page: PageText, width: Int) -> [LaidOutLine] {
        let width = max(width, 1)
        let page = RightToLeft.mirroringRightToLeftBlocks(UprightPage.turned(page))
        let merged = BlockFlow.merged(page.blocks.filter { ParagraphBuilder.hasVisibleText($0.lines) })
        let bodySize = Furniture.bodySize(of: merged)
        let blocks = Furniture.footnotesLast(merged, on: page, bodySize: bodySize)
        let vocabulary = LineJoin.Vocabulary(lines: blocks.lazy.flatMap(\.lines))
        var paragraphs: [Piece] = []
        var previousIsTabular = false
        var previousBlock: TextBlock?
        for block in blocks {
            if LineShape.isMonospaced(block.lines) {
                for (index, line) in codeLines(of: block).enumerated() {
                    paragraphs.append(
                        Piece(
                            scalars: line.scalars, followsBlank: !paragraphs.isEmpty && index == 0, indent: line.indent)
                    )
                }
                previousIsTabular = false
                previousBlock = block
                continue
            }
            let keepsLines = isRagged(block)
            let isFurniture = Furniture.isFurniture(block, on: page, bodySize: bodySize)
            var blockParagraphs = ParagraphBuilder.paragraphs(
                in: block, keepingLines: keepsLines, vocabulary: vocabulary)
            if let previousBlock, !keepsLines, !isRagged(previousBlock), let last = paragraphs.last?.scalars,
                let next = blockParagraphs.first, BlockFlow.continues(last, in: previousBlock, into: block)
            {
                var joined = last
                ParagraphBuilder.join(next.scalars, onto: &joined, vocabulary: vocabulary)
                paragraphs[paragraphs.count - 1].scalars = joined
                blockParagraphs.removeFirst()
            }
            for (index, paragraph) in blockParagraphs.enumerated() {
                // Rows of a table, entries of a contents page, go together, a line each.
                let followsBlank =
                    !paragraphs.isEmpty && (index == 0 || !keepsLines) && !(paragraph.isTabular && previousIsTabular)
                paragraphs.append(
                    Piece(
                        scalars: paragraph.scalars, followsBlank: followsBlank, isFurniture: isFurniture,
                        cells: paragraph.cells))
                previousIsTabular = paragraph.isTabular
            }
            previousBlock = block
        }
        var laidOut: [LaidOutLine] = []
        var index = 0
        while index < paragraphs.count {
            let paragraph = paragraphs[index]
            if paragraph.followsBlank {
                laidOut.append(LaidOutLine(text: "", width: 0))
            }
            if let rows = alignedRows(paragraphs[index...], width: width) {
                laidOut += rows
                index += rows.count
                continue
            }
            index += 1
            let indent = min(paragraph.indent, width / 2)
            let margin = String(repeating: " ", count: indent)
            let isRightToLeft = RightToLeft.isRightToLeftParagraph(paragraph.scalars)
            laidOut += LineWrapper.wrap(paragraph.scalars, width: width - indent).map { line in
                var laidOutLine = LaidOutLine(
                    text: margin + line.text, width: indent + line.width, isFurniture: paragraph.isFurniture)
                laidOutLine.isRightToLeft = isRightToLeft
                return laidOutLine
            }
        }
        return laidOut
    }

    /// A paragraph on its way to the screen.
    private struct Piece {
        var scalars: [Unicode.Scalar]
        /// Whether a blank line goes before it.
        var followsBlank: Bool
        /// Its indentation in cells (code).
        var indent = 0
        var isFurniture = false
        /// Its cells, when it is a row of a table or a contents entry.
        var cells: [String]?
    }

    /// The rows of a table starting at the first of `pieces` (the rows that follow it without a
    /// blank line, with as many cells), their cells padded into columns two cells apart; nil
    /// when there is no such table or it is wider than `width`.
    private static func alignedRows(_ pieces: ArraySlice<Piece>, width: Int) -> [LaidOutLine]? {
        guard let first = pieces.first, let columns = first.cells?.count, columns >= 2 else { return nil }
        let rows = [first] + pieces.dropFirst().prefix { !$0.followsBlank && $0.cells?.count == columns }
        let cells = rows.map { $0.cells ?? [] }
        let widths = (0..<columns).map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        guard widths.reduce(0, +) + 2 * (columns - 1) <= width else { return nil }
        return zip(rows, cells).map { row, cells in
            var text = ""
            for (column, cell) in cells.enumerated() {
                let isLast = column == columns - 1
                text += cell + (isLast ? "" : String(repeating: " ", count: widths[column] - DisplayWidth.of(cell) + 2))
            }
            var line = LaidOutLine(text: text, width: DisplayWidth.of(text), isFurniture: row.isFurniture)
            line.isRightToLeft = RightToLeft.isRightToLeftParagraph(row.scalars)
            return line
        }
    }

    /// The lines of a block of code, each with its indentation in cells (from its position:
    /// code is often indented by moving the text, not by spaces).
    static func codeLines(of block: TextBlock) -> [(scalars: [Unicode.Scalar], indent: Int)] {
        let visible = block.lines.flatMap(\.chars).filter { DisplayWidth.isVisible($0.scalar) && $0.box.width > 0 }
        let advances = visible.map(\.box.width).sorted()
        let advance = advances.isEmpty ? 1 : advances[advances.count / 2]
        let left =
            block.lines.compactMap { $0.chars.first(where: { DisplayWidth.isVisible($0.scalar) })?.box.x0 }
            .filter(\.isFinite).min() ?? block.box.x0
        return block.lines.compactMap { line in
            guard let first = line.chars.first(where: { DisplayWidth.isVisible($0.scalar) }) else { return nil }
            let offset = ((first.box.x0 - left) / advance).rounded()
            let indent = offset.isFinite ? Int(min(max(offset, 0), Double(PhysicalLayout.maximumColumn))) : 0
            let scalars = line.chars.drop { !DisplayWidth.isVisible($0.scalar) }.map(\.scalar)
            return (Array(scalars.reversed().drop(while: \.isWhiteSpace).reversed()), indent)
        }
    }

    /// Whether `block` is made of short lines on purpose (a list, a table column, an address):
    /// most of its lines, the last one aside, end well before the block's right edge. Joining
    /// such lines would garble them, so they are kept. A column of prose is not ragged, however
    /// narrow it is next to other blocks on the page.
    static func isRagged(_ block: TextBlock) -> Bool {
        let lines = block.lines.filter { ParagraphBuilder.hasVisibleText([$0]) }
        guard lines.count >= 3 else { return false }
        let body = lines.dropLast()
        let fullLines = body.filter { $0.box.x1 - block.box.x0 >= fullLineRatio * block.box.width }.count
        return fullLines * 2 < body.count
    }

    /// The page's lines kept in their physical arrangement, one row per line of the page.
    ///
    /// A page whose text runs sideways or upside down is turned upright first (see
    /// ``UprightPage``), as the reflow does. Right-to-left text is placed as it is drawn, so
    /// its rows are in visual order (`folio --text --layout` prints them so).
    ///
    /// See ``PhysicalLayout`` for how words map to rows and columns. With `width`, a page
    /// wider than `width` cells is scaled to fit where its words allow; rows may still be
    /// wider, and the viewport scrolls sideways. A page without visible text yields no lines.
    public static func physical(_ page: PageText, fitting width: Int? = nil) -> [LaidOutLine] {
        var page = UprightPage.turned(page)
        for block in page.blocks.indices {
            page.blocks[block].lines = page.blocks[block].lines.map(RightToLeft.drawingOrder)
        }
        return PhysicalLayout(page: page).rows(fitting: width)
    }

    /// `lines` with ``LaidOutLine/visual`` set, by `bidi`, on every line that holds
    /// right-to-left text: what the reader's views send to the terminal, with Arabic letters
    /// in their joined shapes when `shapingArabic`.
    public static func withVisualOrder(
        _ lines: [LaidOutLine], bidi: any BidiAlgorithm, shapingArabic: Bool = false
    ) -> [LaidOutLine] {
        lines.map { line in
            var shown = line
            shown.visual = VisualOrder(
                of: line.text, rightToLeft: line.isRightToLeft, bidi: bidi, shapingArabic: shapingArabic)
            return shown
        }
    }

    /// The widest line ``reflow(_:width:)`` can lay out: with it, every paragraph is one line.
    public static let unlimitedWidth = Int.max / 2

    /// The page as one of the reader's text views would show it at `width` cells, as plain
    /// text: the rows joined by newlines, ending in one. `folio --text --reflow` and
    /// `--text --layout` print this, so they cannot drift from the views.
    public static func text(of page: PageText, mode: LayoutMode, width: Int) -> String {
        let lines =
            switch mode {
            case .reflow: reflow(page, width: width)
            case .physical: physical(page, fitting: width)
            }
        guard mode == .reflow else { return lines.map { $0.text + "\n" }.joined() }
        // Furniture is left out, with the blank line that separates it.
        var kept: [LaidOutLine] = []
        for line in lines {
            if line.isFurniture {
                if kept.last?.text.isEmpty == true {
                    kept.removeLast()
                }
            } else if !(line.text.isEmpty && kept.isEmpty) {
                kept.append(line)
            }
        }
        return kept.map { $0.text + "\n" }.joined()
    }
}
