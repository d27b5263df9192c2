/// Joins the lines of a text block into paragraphs, undoing the page's line breaks.
///
/// A new paragraph starts where the page shows one: a line indented noticeably past the
/// block's left edge (except under the text of a list item or a tagged entry, where its
/// continuation hangs: after the bullet or number, or after a tag set apart by a wide gap), a
/// line starting left of a line that went on a paragraph (the next entry's tag), a line after
/// one that ended well short of the block's right edge, a line starting with a bullet, a
/// numbered entry after a sentence's end, each line of a title block (centred lines in sizes of
/// their own), and either side of a line of cells (a table row, a
/// contents entry: see ``LineShape/isTabular(_:)``), which stays one line.
/// Lines join as ``LineJoin`` decides (hyphens, dashes, URLs, scripts without spaces).
enum ParagraphBuilder {
    /// A line starting this many average character widths right of the block edge is indented.
    static let indentInCharacters = 1.5
    /// A line ending before this share of the block width ends its paragraph.
    static let shortLineRatio = 0.75

    /// One paragraph: the scalars of one long line, and the cells of a line of cells.
    struct Paragraph: Sendable {
        var scalars: [Unicode.Scalar]
        /// The cells, when the paragraph is a line of cells (a table row, a contents entry).
        var cells: [String]?
        /// The line-end hyphens kept in `scalars` that the page's words did not decide.
        var undecided: [LineJoin.UndecidedHyphen] = []
        var isTabular: Bool { cells != nil }

        /// Appends `next` as the next line of the paragraph, as ``LineJoin`` says.
        mutating func append(_ next: Paragraph, vocabulary: LineJoin.Vocabulary) {
            switch LineJoin.between(scalars, next.scalars, vocabulary: vocabulary) {
            case .space: scalars.append(" ")
            case .direct: break
            case .droppingHyphen: scalars.removeLast()
            case .undecidedHyphen:
                undecided.append(LineJoin.undecidedHyphen(ending: scalars, before: next.scalars))
            }
            let offset = scalars.count
            undecided += next.undecided.map { hyphen in
                var hyphen = hyphen
                hyphen.index += offset
                return hyphen
            }
            scalars += next.scalars
        }

        /// The paragraph with its undecided hyphens settled by `vocabulary` (see
        /// ``LineJoin/UndecidedHyphen/keeps(vocabulary:)``): those that go are removed.
        func settled(by vocabulary: LineJoin.Vocabulary) -> Paragraph {
            guard !undecided.isEmpty else { return self }
            var settled = self
            settled.undecided = []
            for hyphen in undecided.reversed() where !hyphen.keeps(vocabulary: vocabulary) {
                settled.scalars.remove(at: hyphen.index)
            }
            return settled
        }
    }

    /// The paragraphs of `block`, each as the scalars of one long line.
    ///
    /// With `keepingLines`, every line is its own paragraph. Lines without visible text are
    /// skipped. `vocabulary` holds the page's words, which decide line-end hyphens.
    static func paragraphs(
        in block: TextBlock, keepingLines: Bool, vocabulary: LineJoin.Vocabulary = LineJoin.Vocabulary()
    ) -> [Paragraph] {
        let lines = block.lines.filter { hasVisibleText([$0]) }
        let characterWidth = averageCharacterWidth(of: lines)
        var paragraphs: [Paragraph] = []
        var previous: (line: TextLine, scalars: [Unicode.Scalar], opens: Bool)?
        for line in lines {
            let scalars = trimmedScalars(of: line)
            let opens: Bool
            if let previous, !keepingLines,
                !startsParagraph(
                    (line, scalars), after: previous, in: block.box, characterWidth: characterWidth)
            {
                paragraphs[paragraphs.count - 1].append(Paragraph(scalars: scalars), vocabulary: vocabulary)
                opens = false
            } else {
                paragraphs.append(
                    Paragraph(scalars: scalars, cells: LineShape.isTabular(line) ? LineShape.cells(of: line) : nil))
                opens = true
            }
            previous = (line, scalars, opens)
        }
        return paragraphs
    }

    /// Whether any of `lines` has a character that shows: not white space, not zero-width.
    static func hasVisibleText(_ lines: [TextLine]) -> Bool {
        lines.contains { line in line.chars.contains { DisplayWidth.isVisible($0.scalar) } }
    }

    /// Whether `current` starts a paragraph after `previous` (which `opens` its paragraph or
    /// goes on in it).
    private static func startsParagraph(
        _ current: (line: TextLine, scalars: [Unicode.Scalar]),
        after previous: (line: TextLine, scalars: [Unicode.Scalar], opens: Bool), in blockBox: TextRect,
        characterWidth: Double
    ) -> Bool {
        let line = current.line
        if LineShape.startsWithBullet(current.scalars) || LineShape.isTabular(line)
            || LineShape.isTabular(previous.line)
        {
            return true
        }
        // A numbered entry after a sentence's end starts an entry of its own.
        if LineShape.startsWithListMark(current.scalars), let last = previous.scalars.last,
            BlockFlow.closingPunctuation.contains(last)
        {
            return true
        }
        let tolerance = indentInCharacters * characterWidth
        if isTitleLine(line, after: previous.line) {
            return true
        }
        // A line that goes on a paragraph starts where the line before it does, or left of it
        // under a first line set in; one that starts left of a line that went on a paragraph
        // (the next entry's tag, after the hanging lines of an entry) starts the next.
        if !previous.opens, line.box.x0 < previous.line.box.x0 - tolerance {
            return true
        }
        // Where the text of an entry starts, after its bullet, number or tag: its continuation
        // lines hang there.
        var hangingEdge = blockBox.x0
        if LineShape.startsWithListMark(previous.scalars), let text = textAfterMark(of: previous.line) {
            hangingEdge = text
        } else if previous.line.box.x0 > blockBox.x0 + characterWidth {
            hangingEdge = previous.line.box.x0
        } else if let text = textAfterTag(of: previous.line), abs(line.box.x0 - text) <= tolerance {
            hangingEdge = text
        }
        let isIndented =
            line.box.x0 - blockBox.x0 > tolerance && abs(line.box.x0 - hangingEdge) > tolerance
        let previousEndsShort = previous.line.box.x1 - blockBox.x0 < shortLineRatio * blockBox.width
        return isIndented || previousEndsShort
    }

    /// Centred lines whose font sizes differ by more than this share are lines of a title block.
    static let titleSizeDifference = 0.05

    /// Whether `line` and `previous` are lines of a title block (a title, its authors, their
    /// affiliation): centred on one another, in sizes that differ by more than
    /// ``titleSizeDifference``. A paragraph keeps its size.
    private static func isTitleLine(_ line: TextLine, after previous: TextLine) -> Bool {
        let size = LineShape.size(of: line)
        let previousSize = LineShape.size(of: previous)
        let larger = max(size, previousSize)
        let centre = (line.box.x0 + line.box.x1) / 2
        let previousCentre = (previous.box.x0 + previous.box.x1) / 2
        return abs(size - previousSize) > titleSizeDifference * larger && abs(centre - previousCentre) <= larger
    }

    /// A gap of this many font sizes after a line's first word sets it apart as a tag (an
    /// option, a term, a number), the entry's text starting after it.
    static let tagGapInEms = 0.8

    /// Where the line's text starts after its first word, when a gap of ``tagGapInEms`` or more
    /// sets that word apart (`-q      Do not print…`, `1.   A numbered…`).
    private static func textAfterTag(of line: TextLine) -> Double? {
        var previous: TextChar?
        var crossedSpace = false
        for char in line.chars {
            guard DisplayWidth.isVisible(char.scalar) else {
                crossedSpace = crossedSpace || previous != nil
                continue
            }
            if let previous, crossedSpace {
                return char.box.x0 - previous.box.x1 >= tagGapInEms * max(char.size, previous.size) ? char.box.x0 : nil
            }
            previous = char
        }
        return nil
    }

    /// Where the line's text starts after a leading list mark (a bullet, a number) and the
    /// spaces after it; after its first visible character when no space follows the mark.
    private static func textAfterMark(of line: TextLine) -> Double? {
        let visible = line.chars.drop { !DisplayWidth.isVisible($0.scalar) }
        let afterMark = visible.drop { DisplayWidth.isVisible($0.scalar) }
        if let text = afterMark.first(where: { DisplayWidth.isVisible($0.scalar) }) {
            return text.box.x0
        }
        return visible.dropFirst().first { DisplayWidth.isVisible($0.scalar) }?.box.x0
    }

    /// The line's scalars without spaces at either end or between two characters of a script
    /// written without spaces.
    private static func trimmedScalars(of line: TextLine) -> [Unicode.Scalar] {
        trimmed(line.chars.map { LineShape.readable($0.scalar) })
    }

    /// `scalars` without spaces at either end or between two characters of a script written
    /// without spaces.
    static func trimmed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let start = scalars.firstIndex(where: { !$0.isWhiteSpace }),
            let end = scalars.lastIndex(where: { !$0.isWhiteSpace })
        else {
            return []
        }
        var kept: [Unicode.Scalar] = []
        kept.reserveCapacity(end - start + 1)
        var index = start
        while index <= end {
            let scalar = scalars[index]
            guard scalar.isWhiteSpace, let previous = kept.last, LineJoin.isSpaceless(previous) else {
                kept.append(scalar)
                index += 1
                continue
            }
            // Letter-spaced Chinese or Japanese ("目  录") shows gaps, not word spaces.
            var next = index
            while next <= end, scalars[next].isWhiteSpace {
                next += 1
            }
            if next > end || !LineJoin.isSpaceless(scalars[next]) {
                kept.append(contentsOf: scalars[index..<next])
            }
            index = next
        }
        return kept
    }

    /// The mean advance of the block's characters, falling back to half the font size.
    private static func averageCharacterWidth(of lines: [TextLine]) -> Double {
        let chars = lines.flatMap(\.chars)
        let advances = chars.map(\.box.width).filter { $0 > 0 }
        if !advances.isEmpty {
            return advances.reduce(0, +) / Double(advances.count)
        }
        let sizes = chars.map(\.size).filter { $0 > 0 }
        return sizes.isEmpty ? 1 : sizes.reduce(0, +) / Double(sizes.count) / 2
    }
}
