/// A page read for the reflow view, before it is wrapped to a width: its paragraphs in reading
/// order with what each is, and the facts the pages around it need (its edge lines, which may
/// be running heads; whether its last paragraph may go on over the page break; its words).
///
/// It is made once per page (it does not depend on the width), on the thread that extracted the
/// page: `folio --text --reflow`'s workers hand these back, in parallel, and a cheap ordered pass
/// (``DocumentReflow``) decides what needs other pages; the reader keeps one per page it holds.
/// ``lines(width:context:labels:)`` lays it out.
public struct PageReflow: Sendable {
    /// A paragraph on its way to the screen.
    struct Piece: Sendable {
        var paragraph: ParagraphBuilder.Paragraph
        /// Whether a blank line goes before it.
        var followsBlank: Bool
        /// Its indentation in cells (code).
        var indent = 0
        /// A header, footer or page number by where it stands and what it is (``Furniture``).
        var isFurniture = false
        /// A line of code, kept as it is.
        var isCode = false
        /// The text block of the page its paragraph is from (see ``LaidOutLine/block``); nil for
        /// code, whose lines may be gathered from several blocks.
        var block: Int?
        /// Set smaller than the body (a footnote, a caption).
        var isSmall = false
        /// The last line of its block reaches the block's right edge: a paragraph the page cut.
        var endsFull = false
        /// Its first line is indented past its block's left edge, as a paragraph starts.
        var opensIndented = false
        /// Its line, when it is a block of one line at the page's top or bottom edge that may be
        /// a running header or footer (see ``RunningFurniture``).
        var edge: EdgeLine?

        /// Whether the piece is prose a paragraph of another page can run into or out of.
        var isProse: Bool { !isCode && !paragraph.isTabular && !isSmall }
    }

    var pieces: [Piece]
    /// The page's words: the evidence for its line-end hyphens.
    var vocabulary: LineJoin.Vocabulary

    /// The fewest cells a block of one line must fill to count as a full line of prose.
    static let minimumFullLineCells = 25

    /// How many pages either side of a page its running headers are decided by.
    public static var evidenceRadius: Int { RunningFurniture.radius }

    /// The edge lines of the page, for its neighbours' ``RunningFurniture`` decisions.
    var edgeLines: [EdgeLine] { pieces.compactMap(\.edge) }

    /// What the pages around a page say about it.
    public struct Context: Sendable, Equatable {
        /// The pieces that are running headers or footers (repeated on the pages around).
        var running: Set<Int> = []
        /// The page (0-based) on which the last paragraph goes on, when it does.
        var continuesOn: Int?

        /// A page alone: nothing from other pages.
        public init() {}
    }

    /// The context of the page numbered `page` (0-based) among `pages`, which holds the reflows
    /// of the pages at hand (the reader's window, or every page); a page not there counts as
    /// missing, as a page beyond the document's ends does.
    public static func context(of page: Int, in pages: [Int: PageReflow]) -> Context {
        guard let reflow = pages[page] else { return Context() }
        var context = Context()
        context.running = reflow.running(neighbours: neighbours(of: page, in: pages))
        if let next = pages[page + 1] {
            let nextRunning = next.running(neighbours: neighbours(of: page + 1, in: pages))
            if reflow.continuation(running: context.running, into: next, nextRunning: nextRunning) != nil {
                context.continuesOn = page + 1
            }
        }
        return context
    }

    /// The edge lines of the pages around `page`, with whether each is on the same side. A
    /// page without text (the blank page before a chapter) is no evidence either way.
    static func neighbours(of page: Int, in pages: [Int: PageReflow]) -> [(lines: [EdgeLine], sameSide: Bool)] {
        (page - RunningFurniture.radius...page + RunningFurniture.radius).compactMap { other in
            guard other != page, let reflow = pages[other], !reflow.pieces.isEmpty else { return nil }
            return (reflow.edgeLines, (other - page) % 2 == 0)
        }
    }

    /// The indices of the pieces that are running furniture, by `neighbours`' edge lines. A
    /// page whose text would all be furniture keeps it: a document of one line a page
    /// (`qpdf-rotated-20pages.pdf`: "Original page 3") repeats it at one place, and it is all
    /// there is to read.
    func running(neighbours: [(lines: [EdgeLine], sameSide: Bool)]) -> Set<Int> {
        guard !neighbours.isEmpty else { return [] }
        var running: Set<Int> = []
        for (index, piece) in pieces.enumerated() {
            if let edge = piece.edge, RunningFurniture.isRunning(edge, neighbours: neighbours) {
                running.insert(index)
            }
        }
        let keepsText = pieces.indices.contains { !pieces[$0].isFurniture && !running.contains($0) }
        return keepsText ? running : []
    }

    /// Whether a piece is furniture of either kind.
    private func isFurniture(_ index: Int, running: Set<Int>) -> Bool {
        pieces[index].isFurniture || running.contains(index)
    }

    /// The page's last paragraph of body text and the next page's first, when the first goes on
    /// in the second: nil otherwise.
    ///
    /// Furniture and small print (footnotes) are passed over at both ends; code, tables and
    /// contents entries end nothing and continue nothing. The paragraph goes on when it ends
    /// without closing punctuation, its last line is full and the next page's first line is
    /// not indented, and the next page starts as no paragraph does: in lowercase, or in a
    /// script written without spaces; or, whatever the rest, when the page ends in a word's
    /// hyphen and the next page starts with a letter. (In `debian-octave.pdf`, 197 page breaks
    /// fall after a paragraph without closing punctuation before lowercase: `…The current
    /// element is` / `always included.`; the 185 before a capital are mostly code, tables and
    /// lists.)
    func continuation(running: Set<Int>, into next: PageReflow, nextRunning: Set<Int>) -> (last: Int, first: Int)? {
        guard let last = pieces.indices.last(where: { !isFurniture($0, running: running) && !pieces[$0].isSmall }),
            let first = next.pieces.indices.first(where: {
                !next.isFurniture($0, running: nextRunning) && !next.pieces[$0].isSmall
            })
        else { return nil }
        let ending = pieces[last]
        let opening = next.pieces[first]
        guard ending.isProse, opening.isProse, let lastScalar = ending.paragraph.scalars.last,
            let firstScalar = opening.paragraph.scalars.first,
            !BlockFlow.closingPunctuation.contains(lastScalar)
        else { return nil }
        let scalars = ending.paragraph.scalars
        let beforeLast = scalars.count >= 2 ? scalars[scalars.count - 2] : nil
        if LineJoin.hyphens.contains(lastScalar), beforeLast?.properties.isAlphabetic == true,
            firstScalar.properties.isAlphabetic
        {
            return (last, first)
        }
        let startsAsNoParagraph =
            firstScalar.properties.isLowercase || LineJoin.isSpaceless(firstScalar) || LineJoin.isSpaceless(lastScalar)
        return startsAsNoParagraph && ending.endsFull && !opening.opensIndented ? (last, first) : nil
    }

    /// The page laid out at `width` cells, as ``TextLayout/reflow(_:width:)`` describes, with
    /// `context`'s running furniture dimmed and, when the last paragraph goes on over the page,
    /// a dimmed line saying where (`→ p. 13`, the page as `labels` name it: its printed label,
    /// or its 1-based number). Hyphens the page's words did not decide are settled by a guess
    /// (see ``LineJoin/UndecidedHyphen``).
    public func lines(width: Int, context: Context, labels: PageLabels? = nil) -> [LaidOutLine] {
        var pieces = pieces
        for index in context.running {
            pieces[index].isFurniture = true
        }
        var lines = Self.laidOut(pieces, width: width, vocabulary: vocabulary)
        if let page = context.continuesOn {
            let name = labels?.label(ofPage: page) ?? String(page + 1)
            lines.append(LaidOutLine(text: "→ p. " + name, width: DisplayWidth.of("→ p. " + name), isFurniture: true))
        }
        return lines
    }

    /// `pieces` wrapped to `width` cells, tables aligned, undecided hyphens settled by
    /// `vocabulary`.
    static func laidOut(_ pieces: [Piece], width: Int, vocabulary: LineJoin.Vocabulary) -> [LaidOutLine] {
        laidOutWithRanges(pieces, width: width, vocabulary: vocabulary).lines
    }

    /// ``laidOut(_:width:vocabulary:)``'s lines, with the lines each piece gave (the blank line
    /// before it included), so that one piece can be laid out again alone.
    static func laidOutWithRanges(
        _ pieces: [Piece], width: Int, vocabulary: LineJoin.Vocabulary
    ) -> (lines: [LaidOutLine], ranges: [Range<Int>]) {
        let width = max(width, 1)
        var laidOut: [LaidOutLine] = []
        var ranges: [Range<Int>] = []
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            let start = laidOut.count
            if piece.followsBlank && !laidOut.isEmpty {
                laidOut.append(LaidOutLine(text: "", width: 0))
            }
            if let rows = TextLayout.alignedRows(pieces[index...], width: width) {
                for (offset, row) in rows.enumerated() {
                    laidOut.append(row)
                    ranges.append((offset == 0 ? start : laidOut.count - 1)..<laidOut.count)
                }
                index += rows.count
                continue
            }
            index += 1
            laidOut += wrapped(piece, width: width, vocabulary: vocabulary)
            ranges.append(start..<laidOut.count)
        }
        return (laidOut, ranges)
    }

    /// The lines of one piece that is not a row of a table, at `width` cells (at least 1).
    static func wrapped(_ piece: Piece, width: Int, vocabulary: LineJoin.Vocabulary) -> [LaidOutLine] {
        let scalars = piece.paragraph.settled(by: vocabulary).scalars
        let indent = min(piece.indent, width / 2)
        let margin = String(repeating: " ", count: indent)
        let isRightToLeft = RightToLeft.isRightToLeftParagraph(scalars)
        return LineWrapper.wrap(scalars, width: width - indent).map { line in
            var laidOutLine = LaidOutLine(
                text: margin + line.text, width: indent + line.width, isFurniture: piece.isFurniture)
            laidOutLine.isRightToLeft = isRightToLeft
            laidOutLine.block = piece.block
            return laidOutLine
        }
    }
}

extension PageReflow {
    /// Reads `page` for the reflow view: turned upright, right-to-left blocks mirrored, blocks
    /// of one flow merged, footnotes after the body, paragraphs built and joined (see
    /// ``TextLayout/reflow(_:width:)`` for the rules).
    public init(_ page: PageText) {
        let page = RightToLeft.mirroringRightToLeftBlocks(UprightPage.turned(page))
        let visible = page.blocks.filter { ParagraphBuilder.hasVisibleText($0.lines) }
        let merged = BlockFlow.merged(CodeBlocks.gathered(visible).filter { ParagraphBuilder.hasVisibleText($0.lines) })
        let bodySize = Furniture.bodySize(of: merged)
        let blocks = Furniture.footnotesLast(merged, on: page, bodySize: bodySize)
        let vocabulary = LineJoin.Vocabulary(lines: blocks.lazy.flatMap(\.lines))
        var edges: [Int: EdgeLine] = [:]
        for candidate in RunningFurniture.candidates(in: blocks, pageHeight: page.height) {
            edges[candidate.index] = candidate.line
        }
        // The blocks of several lines whose last line is full: a block of one line is full when it
        // spans one of them.
        let fullBlocks = blocks.filter { $0.lines.count >= 2 && Self.endsFull($0, among: []) }
        var pieces: [Piece] = []
        var previousIsTabular = false
        var previousBlock: TextBlock?
        for (blockIndex, block) in blocks.enumerated() {
            let isSmall = Furniture.medianSize(of: block).map { $0 < Furniture.footnoteSizeRatio * bodySize } ?? false
            if LineShape.isMonospaced(block.lines) {
                for (index, line) in CodeBlocks.lines(of: block).enumerated() {
                    pieces.append(
                        Piece(
                            paragraph: ParagraphBuilder.Paragraph(scalars: line.scalars),
                            followsBlank: !pieces.isEmpty && (index == 0 || line.followsBlank), indent: line.indent,
                            isCode: true, isSmall: isSmall))
                }
                previousIsTabular = false
                previousBlock = block
                continue
            }
            let keepsLines = TextLayout.isRagged(block)
            let isFurniture = Furniture.isFurniture(block, on: page, bodySize: bodySize)
            var blockParagraphs = ParagraphBuilder.paragraphs(
                in: block, keepingLines: keepsLines, vocabulary: vocabulary)
            if let previousBlock, !keepsLines, !TextLayout.isRagged(previousBlock),
                let last = pieces.last?.paragraph.scalars, let next = blockParagraphs.first,
                BlockFlow.continues(last, in: previousBlock, into: block)
            {
                pieces[pieces.count - 1].paragraph.append(next, vocabulary: vocabulary)
                pieces[pieces.count - 1].endsFull =
                    blockParagraphs.count == 1 && Self.endsFull(block, among: fullBlocks)
                blockParagraphs.removeFirst()
            }
            let lines = block.lines.filter { ParagraphBuilder.hasVisibleText([$0]) }
            for (index, paragraph) in blockParagraphs.enumerated() {
                // Rows of a table, entries of a contents page, go together, a line each.
                let followsBlank =
                    !pieces.isEmpty && (index == 0 || !keepsLines) && !(paragraph.isTabular && previousIsTabular)
                var piece = Piece(
                    paragraph: paragraph, followsBlank: followsBlank, isFurniture: isFurniture, isSmall: isSmall)
                piece.block = blockIndex
                piece.endsFull =
                    !keepsLines && index == blockParagraphs.count - 1 && Self.endsFull(block, among: fullBlocks)
                if index == 0, lines.count >= 2, let first = lines.first {
                    let size = LineShape.size(of: first)
                    piece.opensIndented =
                        first.box.x0 - block.box.x0 > ParagraphBuilder.indentInCharacters * size / 2
                }
                if blockParagraphs.count == 1 {
                    piece.edge = edges[blockIndex]
                }
                pieces.append(piece)
                previousIsTabular = paragraph.isTabular
            }
            previousBlock = block
        }
        // A page's only text is never furniture: a page of one line in a margin band (a note,
        // the last line of a chapter set low) is all there is to read, and the body size
        // measured on it is its own. Page numbers stay furniture (a blank page's number, or
        // the folio under that line).
        let isPageNumber = { (piece: Piece) in
            Furniture.isPageNumber(String(String.UnicodeScalarView(piece.paragraph.scalars)))
        }
        if pieces.allSatisfy(\.isFurniture) {
            for index in pieces.indices where !isPageNumber(pieces[index]) {
                pieces[index].isFurniture = false
            }
        }
        self.pieces = pieces
        self.vocabulary = vocabulary
    }

    /// Whether the last line of `block` reaches its right edge as another line does: the last
    /// line of two (`val = f ()` over `old_val = f (new_val)`) is always the widest, which
    /// does not make it a full line. A block of one line (MuPDF sets an indented first line
    /// apart) is full when it spans one of `fullBlocks` (blocks of several lines whose last line
    /// is full), ending where it ends (a column's width, its indent aside).
    private static func endsFull(_ block: TextBlock, among fullBlocks: [TextBlock]) -> Bool {
        let lines = block.lines.filter { ParagraphBuilder.hasVisibleText([$0]) }
        guard lines.count == 1, let line = lines.first else {
            let full = lines.map { $0.box.x1 - block.box.x0 >= BlockFlow.fullLineRatio * block.box.width }
            return full.count >= 2 && full.last == true && full.dropLast().contains(true)
        }
        // A line of a column holds a few words at least; a term of a definition list ("resize
        // off") may happen to end where some other short block ends.
        var cells = 0
        for char in line.chars where cells < minimumFullLineCells {
            cells += DisplayWidth.of(char.scalar)
        }
        guard cells >= minimumFullLineCells else { return false }
        let size = LineShape.size(of: line)
        return fullBlocks.contains { other in
            line.box.width >= BlockFlow.fullLineRatio * other.box.width && abs(other.box.x1 - line.box.x1) <= size / 2
        }
    }
}
