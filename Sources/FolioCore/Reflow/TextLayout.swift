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
    /// ``isRagged(_:)``) keeps its lines. A hyphen the page's words do not decide is settled by
    /// a guess (see ``LineJoin/UndecidedHyphen``). Lines break at spaces, between wide (CJK) characters
    /// (see ``LineWrapper`` for kinsoku), and inside words longer than the width. No line is
    /// wider than `width` cells; a width below 1 is treated as 1. A page without visible text
    /// yields no lines.
    public static func reflow(_ page: PageText, width: Int) -> [LaidOutLine] {
        PageReflow(page).lines(width: width, context: PageReflow.Context())
    }

    /// The rows of a table starting at the first of `pieces` (the rows that follow it without a
    /// blank line, with as many cells), their cells padded into columns two cells apart; nil
    /// when there is no such table or it is wider than `width`.
    static func alignedRows(_ pieces: ArraySlice<PageReflow.Piece>, width: Int) -> [LaidOutLine]? {
        guard let first = pieces.first, let columns = first.paragraph.cells?.count, columns >= 2 else { return nil }
        let rows = [first] + pieces.dropFirst().prefix { !$0.followsBlank && $0.paragraph.cells?.count == columns }
        let cells = rows.map { $0.paragraph.cells ?? [] }
        let widths = (0..<columns).map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        guard widths.reduce(0, +) + 2 * (columns - 1) <= width else { return nil }
        return zip(rows, cells).map { row, cells in
            var text = ""
            for (column, cell) in cells.enumerated() {
                let isLast = column == columns - 1
                text += cell + (isLast ? "" : String(repeating: " ", count: widths[column] - DisplayWidth.of(cell) + 2))
            }
            var line = LaidOutLine(text: text, width: DisplayWidth.of(text), isFurniture: row.isFurniture)
            line.isRightToLeft = RightToLeft.isRightToLeftParagraph(row.paragraph.scalars)
            line.block = row.block
            return line
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
    /// its rows are in visual order (``text(of:mode:width:)`` turns each back to the order read).
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

    /// The page alone as one of the reader's text views would show it at `width` cells, as
    /// plain text: the rows joined by newlines, ending in one. `folio --text --layout` prints
    /// this, so it cannot drift from the view; `--text --reflow` prints the same but for what
    /// other pages decide (``DocumentReflow``).
    public static func text(of page: PageText, mode: LayoutMode, width: Int) -> String {
        let lines =
            switch mode {
            case .reflow: reflow(page, width: width)
            case .physical: physical(page, fitting: width)
            }
        // A layout row holds its characters in the order drawn: printed in the order read, as the
        // view's search and copy take it (right-to-left runs turned round, the columns kept).
        guard mode == .reflow else {
            return lines.map { (RightToLeft.logicalOrder(ofDrawn: $0.text)?.text ?? $0.text) + "\n" }.joined()
        }
        return printed(lines)
    }

    /// Reflowed `lines` as `folio --text --reflow` prints them: furniture left out, with the
    /// blank line that separates it, and no blank line first.
    static func printed(_ lines: [LaidOutLine]) -> String {
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
