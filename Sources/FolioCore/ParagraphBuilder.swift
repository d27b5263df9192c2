/// Joins the lines of a text block into paragraphs, undoing the page's line breaks.
///
/// A new paragraph starts where the page shows one: a line indented noticeably past the
/// block's left edge, or a line after one that ended well short of the block's right edge.
/// Lines join as ``LineJoin`` decides (hyphens, dashes, URLs, scripts without spaces).
enum ParagraphBuilder {
    /// A line starting this many average character widths right of the block edge is indented.
    static let indentInCharacters = 1.5
    /// A line ending before this share of the block width ends its paragraph.
    static let shortLineRatio = 0.75

    /// The paragraphs of `block`, each as the scalars of one long line.
    ///
    /// With `keepingLines`, every line is its own paragraph. Lines without visible text are
    /// skipped. `vocabulary` holds the page's words, which decide line-end hyphens.
    static func paragraphs(
        in block: TextBlock, keepingLines: Bool, vocabulary: LineJoin.Vocabulary = LineJoin.Vocabulary()
    ) -> [[Unicode.Scalar]] {
        let lines = block.lines.filter { hasVisibleText([$0]) }
        let characterWidth = averageCharacterWidth(of: lines)
        var paragraphs: [[Unicode.Scalar]] = []
        var previous: TextLine?
        for line in lines {
            let scalars = trimmedScalars(of: line)
            if let previous, !keepingLines,
                !startsParagraph(line, after: previous, in: block.box, characterWidth: characterWidth)
            {
                join(scalars, onto: &paragraphs[paragraphs.count - 1], vocabulary: vocabulary)
            } else {
                paragraphs.append(scalars)
            }
            previous = line
        }
        return paragraphs
    }

    /// Whether any of `lines` has a character that shows: not white space, not zero-width.
    static func hasVisibleText(_ lines: [TextLine]) -> Bool {
        lines.contains { line in line.chars.contains { DisplayWidth.isVisible($0.scalar) } }
    }

    private static func startsParagraph(
        _ line: TextLine, after previous: TextLine, in blockBox: TextRect, characterWidth: Double
    ) -> Bool {
        let isIndented = line.box.x0 - blockBox.x0 > indentInCharacters * characterWidth
        let previousEndsShort = previous.box.x1 - blockBox.x0 < shortLineRatio * blockBox.width
        return isIndented || previousEndsShort
    }

    /// Appends the line (or paragraph) `next` to `paragraph`, as ``LineJoin`` says.
    static func join(
        _ next: [Unicode.Scalar], onto paragraph: inout [Unicode.Scalar], vocabulary: LineJoin.Vocabulary
    ) {
        switch LineJoin.between(paragraph, next, vocabulary: vocabulary) {
        case .space: paragraph.append(" ")
        case .direct: break
        case .droppingHyphen: paragraph.removeLast()
        }
        paragraph += next
    }

    /// The line's scalars without spaces at either end or between two characters of a script
    /// written without spaces.
    private static func trimmedScalars(of line: TextLine) -> [Unicode.Scalar] {
        let scalars = line.chars.map(\.scalar)
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
