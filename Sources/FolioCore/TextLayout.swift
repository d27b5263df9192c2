/// Turns a page's structured text into lines for the terminal.
public enum TextLayout {
    /// A block narrower than this share of the page's widest block keeps its lines as they are.
    ///
    /// Headings, lists and captions are short lines on purpose; joining them would garble them.
    static let shortBlockRatio = 0.6

    /// The page's paragraphs, reflowed to `width` cells.
    ///
    /// Lines of a block join into paragraphs (see ``ParagraphBuilder`` for where paragraphs
    /// break and how hyphens join); paragraphs and blocks are separated by one blank line, and
    /// a block of short lines keeps its lines. Lines break at spaces, between wide (CJK)
    /// characters, and inside words longer than the width. No line is wider than `width`
    /// cells; a width below 1 is treated as 1. A page without visible text yields no lines.
    public static func reflow(_ page: PageText, width: Int) -> [LaidOutLine] {
        let width = max(width, 1)
        let blocks = page.blocks.filter { ParagraphBuilder.hasVisibleText($0.lines) }
        let widestBlock = blocks.map(\.box.width).max() ?? 0
        var laidOut: [LaidOutLine] = []
        for block in blocks {
            let keepsLines = block.box.width < shortBlockRatio * widestBlock
            let paragraphs = ParagraphBuilder.paragraphs(in: block, keepingLines: keepsLines)
            for (index, paragraph) in paragraphs.enumerated() {
                let startsBlock = index == 0
                if !laidOut.isEmpty && (startsBlock || !keepsLines) {
                    laidOut.append(LaidOutLine(text: "", width: 0))
                }
                laidOut += LineWrapper.wrap(paragraph, width: width)
            }
        }
        return laidOut
    }

    /// The page's lines kept in their physical arrangement, one row per line of the page.
    ///
    /// See ``PhysicalLayout`` for how positions map to rows and columns. Rows may be wider
    /// than the terminal; the viewport scrolls sideways. A page without visible text yields
    /// no lines.
    public static func physical(_ page: PageText) -> [LaidOutLine] {
        PhysicalLayout(page: page).rows()
    }
}
