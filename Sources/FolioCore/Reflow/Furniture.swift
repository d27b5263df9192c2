/// Running headers, running footers, page numbers and footnotes: text that belongs to the
/// page, or to its foot, rather than to the flow being read.
///
/// Here furniture is told on its page alone, by where it stands and what it is: a block of one
/// line in the top or bottom margin band of the page, either a page number ("12", "- 12 -",
/// "Page 12 of 30") or set no larger than the body text. Text repeated at one place across
/// pages (a running head set larger, or lower) is ``RunningFurniture``'s, which needs the
/// pages around.
enum Furniture {
    /// The share of the page's height at its top and at its bottom where furniture stands.
    static let marginBand = 0.08
    /// Words that go with a page number.
    static let pageWords: Set<String> = ["page", "seite", "página", "pagina", "of", "von", "de", "p.", "-", "–", "—"]

    /// The median font size of the page's characters: the body text's size.
    static func bodySize(of blocks: [TextBlock]) -> Double {
        var sizes: [Double] = []
        for block in blocks {
            for line in block.lines {
                for char in line.chars where char.size > 0 && !char.scalar.isWhiteSpace {
                    sizes.append(char.size)
                }
            }
        }
        sizes.sort()
        return sizes.isEmpty ? 0 : sizes[sizes.count / 2]
    }

    /// Whether `block` is a running header, a running footer or a page number of `page`.
    static func isFurniture(_ block: TextBlock, on page: PageText, bodySize: Double) -> Bool {
        let lines = block.lines.filter { ParagraphBuilder.hasVisibleText([$0]) }
        guard lines.count == 1, let line = lines.first, page.height > 0 else { return false }
        let inTopBand = line.box.y1 <= marginBand * page.height
        let inBottomBand = line.box.y0 >= (1 - marginBand) * page.height
        guard inTopBand || inBottomBand else { return false }
        return isPageNumber(line.text) || LineShape.size(of: line) <= bodySize
    }

    /// A footnote is set at most this share of the body's size.
    static let footnoteSizeRatio = 0.9
    /// A footnote starts below this share of the page's height.
    static let footnoteZone = 0.6

    /// `blocks` with the page's footnotes after its body: a block in a smaller font than the
    /// body, low on the page, that MuPDF reads before body text (the foot of a left column
    /// comes before the right column) moves after the last block of body text, keeping the
    /// order of the footnotes among themselves.
    static func footnotesLast(_ blocks: [TextBlock], on page: PageText, bodySize: Double) -> [TextBlock] {
        guard bodySize > 0, page.height > 0 else { return blocks }
        let sizes = blocks.map { medianSize(of: $0) ?? bodySize }
        let isBody = sizes.map { $0 >= footnoteSizeRatio * bodySize }
        guard let lastBody = isBody.lastIndex(of: true) else { return blocks }
        var body: [TextBlock] = []
        var notes: [TextBlock] = []
        for (index, block) in blocks.enumerated() {
            let isNote =
                index < lastBody && !isBody[index] && block.box.y0 >= footnoteZone * page.height
                && !isFurniture(block, on: page, bodySize: bodySize)
            if isNote {
                notes.append(block)
            } else {
                body.append(block)
            }
            if index == lastBody {
                body += notes
                notes = []
            }
        }
        return body + notes
    }

    /// The median font size of the block's visible characters; nil when none has a size.
    static func medianSize(of block: TextBlock) -> Double? {
        var sizes: [Double] = []
        for line in block.lines {
            for char in line.chars where char.size > 0 && !char.scalar.isWhiteSpace {
                sizes.append(char.size)
            }
        }
        sizes.sort()
        return sizes.isEmpty ? nil : sizes[sizes.count / 2]
    }

    /// Whether `text` is a page number, with the words that go with one.
    static func isPageNumber(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let numbers = words.filter { word in
            !word.isEmpty && (word.allSatisfy(\.isNumber) || isRomanNumeral(word))
        }
        return !numbers.isEmpty && words.allSatisfy { numbers.contains($0) || pageWords.contains($0) }
    }

    private static func isRomanNumeral(_ word: String) -> Bool {
        word.count <= 6 && word.allSatisfy { "ivxlc".contains($0) }
    }
}
