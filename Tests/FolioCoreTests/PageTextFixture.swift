import FolioCore

/// Builds ``PageText`` values with synthetic geometry, as MuPDF would report simple pages.
///
/// Each character is 6 pt wide per display cell (so a wide character is 12 pt and a combining
/// mark 0 pt), lines are 12 pt tall, and the font size is 10 pt. Leading spaces in a line's
/// string indent it by 6 pt each instead of becoming characters.
enum PageTextFixture {
    static let cellWidth = 6.0
    static let lineHeight = 12.0
    static let margin = 72.0

    /// A line whose text starts at `x` (plus its indentation) with its top at `y`.
    static func line(_ string: String, x: Double = margin, y: Double) -> TextLine {
        let indentation = string.unicodeScalars.prefix { $0 == " " }.count
        var cursor = x + Double(indentation) * cellWidth
        var chars: [TextChar] = []
        for scalar in string.unicodeScalars.dropFirst(indentation) {
            let advance = Double(DisplayWidth.of(scalar)) * cellWidth
            chars.append(
                TextChar(
                    scalar: scalar, box: TextRect(x0: cursor, y0: y, x1: cursor + advance, y1: y + lineHeight),
                    size: 10))
            cursor += advance
        }
        let start = chars.first?.box.x0 ?? cursor
        return TextLine(chars: chars, box: TextRect(x0: start, y0: y, x1: cursor, y1: y + lineHeight))
    }

    /// A block of consecutive lines, the first with its top at `y`.
    static func block(_ strings: [String], x: Double = margin, y: Double) -> TextBlock {
        let lines = strings.enumerated().map { line($0.element, x: x, y: y + Double($0.offset) * lineHeight) }
        let box = TextRect(
            x0: lines.map(\.box.x0).min() ?? x,
            y0: y,
            x1: lines.map(\.box.x1).max() ?? x,
            y1: y + Double(lines.count) * lineHeight)
        return TextBlock(lines: lines, box: box)
    }

    /// A US Letter page of blocks stacked from the top margin, one empty line apart.
    static func page(_ blocks: [[String]]) -> PageText {
        var y = margin
        var textBlocks: [TextBlock] = []
        for strings in blocks {
            textBlocks.append(block(strings, y: y))
            y += Double(strings.count + 1) * lineHeight
        }
        return page(textBlocks)
    }

    /// A US Letter page of already placed blocks.
    static func page(_ blocks: [TextBlock]) -> PageText {
        PageText(width: 612, height: 792, blocks: blocks)
    }

    /// A page whose reflowed text at width 38 is exactly `lineCount` lines, one word each.
    ///
    /// Every word is 38 characters, so no two share a 38-cell line, while two share a line
    /// of 77 cells or more. Word `k` starts with `P<page>L<k>` so tests can tell lines apart.
    static func numberedPage(_ page: Int, lineCount: Int) -> PageText {
        let words = (1...max(lineCount, 1)).map { number in
            let label = "P\(page)L\(number)"
            return label + String(repeating: "=", count: 38 - label.count)
        }
        return self.page([[words.prefix(lineCount).joined(separator: " ")]])
    }

    /// `block` with every font size multiplied by `factor` (its geometry unchanged).
    static func scaled(_ block: TextBlock, by factor: Double) -> TextBlock {
        var block = block
        for index in block.lines.indices {
            block.lines[index].chars = block.lines[index].chars.map { char in
                var char = char
                char.size *= factor
                return char
            }
        }
        return block
    }
}
