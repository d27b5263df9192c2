/// Joins the lines of a text block into paragraphs, undoing the page's line breaks.
///
/// A new paragraph starts where the page shows one: a line indented noticeably past the
/// block's left edge, or a line after one that ended well short of the block's right edge.
/// A line ending in a hyphen followed by a line starting in lowercase is a word broken in two
/// and joins without the hyphen.
enum ParagraphBuilder {
    /// A line starting this many average character widths right of the block edge is indented.
    static let indentInCharacters = 1.5
    /// A line ending before this share of the block width ends its paragraph.
    static let shortLineRatio = 0.75

    private static let softHyphen: Unicode.Scalar = "\u{00AD}"
    private static let hyphens: Set<Unicode.Scalar> = ["-", "\u{2010}"]

    /// The paragraphs of `block`, each as the scalars of one long line.
    ///
    /// With `keepingLines`, every line is its own paragraph. Lines without visible text are
    /// skipped.
    static func paragraphs(in block: TextBlock, keepingLines: Bool) -> [[Unicode.Scalar]] {
        let lines = block.lines.filter { hasVisibleText([$0]) }
        let characterWidth = averageCharacterWidth(of: lines)
        var paragraphs: [[Unicode.Scalar]] = []
        var previous: TextLine?
        for line in lines {
            let scalars = trimmedScalars(of: line)
            if let previous, !keepingLines,
                !startsParagraph(line, after: previous, in: block.box, characterWidth: characterWidth)
            {
                join(scalars, onto: &paragraphs[paragraphs.count - 1])
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

    private static func join(_ next: [Unicode.Scalar], onto paragraph: inout [Unicode.Scalar]) {
        guard let last = paragraph.last, let first = next.first else {
            paragraph += next
            return
        }
        if last == softHyphen {
            paragraph.removeLast()
        } else if hyphens.contains(last), paragraph.count >= 2,
            !paragraph[paragraph.count - 2].isWhiteSpace
        {
            // A word broken across lines loses its hyphen; a hyphenated compound
            // ("Jean-" + "Paul") keeps it. Either way no space goes in.
            if first.properties.isLowercase {
                paragraph.removeLast()
            }
        } else {
            paragraph.append(" ")
        }
        paragraph += next
    }

    private static func trimmedScalars(of line: TextLine) -> [Unicode.Scalar] {
        let scalars = line.chars.map(\.scalar)
        guard let start = scalars.firstIndex(where: { !$0.isWhiteSpace }),
            let end = scalars.lastIndex(where: { !$0.isWhiteSpace })
        else {
            return []
        }
        return Array(scalars[start...end])
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
