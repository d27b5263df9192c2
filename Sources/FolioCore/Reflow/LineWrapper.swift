/// Word-wraps one paragraph to a width in terminal cells.
///
/// Lines break at spaces and on either side of a wide (CJK) character, which needs no space
/// to break — except before a character that may not start a line (closing brackets and
/// punctuation, small kana: ``noLineStart``) or after one that may not end a line (opening
/// brackets: ``noLineEnd``), the kinsoku rules of UAX #14. A word longer than the width is
/// broken wherever it must be. Combining marks always stay with the character before them.
enum LineWrapper {
    /// Shown instead of a character too wide for the line (a wide character at width 1).
    private static let tooWide: Unicode.Scalar = "…"
    /// Spaces that must not break a line.
    private static let nonBreakingSpaces: Set<Unicode.Scalar> = ["\u{00A0}", "\u{2007}", "\u{202F}"]
    /// Characters a line may not start with.
    static let noLineStart = Set(
        "、。，．・：；？！）］｝〕〉》」』】〙〗〟’”ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥,.;:!?)]}%"
            .unicodeScalars)
    /// Characters a line may not end with.
    static let noLineEnd = Set("（［｛〔〈《「『【〘〖〝‘“([{".unicodeScalars)

    /// A run that must not be broken unless it is wider than a whole line.
    ///
    /// Its clusters (a base character with the zero-width characters that follow it) are kept
    /// as one array of scalars and an array of where each cluster starts: a page has thousands
    /// of characters, and an array per character made layout slower than extracting the page.
    private struct Word {
        var scalars: [Unicode.Scalar] = []
        /// Where each cluster starts in `scalars`, and its width in cells.
        var clusters: [(start: Int, width: Int)] = []
        var width = 0
        var followsSpace = false

        var isEmpty: Bool { clusters.isEmpty }

        /// Empties the word for reuse, keeping its storage.
        mutating func reset(followsSpace: Bool) {
            scalars.removeAll(keepingCapacity: true)
            clusters.removeAll(keepingCapacity: true)
            width = 0
            self.followsSpace = followsSpace
        }

        mutating func startCluster(_ scalar: Unicode.Scalar, width: Int) {
            clusters.append((scalars.count, width))
            scalars.append(scalar)
            self.width += width
        }

        /// The scalars of cluster `index`.
        func cluster(_ index: Int) -> ArraySlice<Unicode.Scalar> {
            let end = index + 1 < clusters.count ? clusters[index + 1].start : scalars.count
            return scalars[clusters[index].start..<end]
        }
    }

    /// Assembles lines from words, never letting one exceed the width.
    private struct LineBuilder {
        let width: Int
        var lines: [LaidOutLine] = []
        var text = String.UnicodeScalarView()
        var textWidth = 0

        mutating func add(_ word: Word) {
            let separator = !text.isEmpty && word.followsSpace ? 1 : 0
            if textWidth + separator + word.width <= width {
                if separator == 1 {
                    text.append(" ")
                }
                append(word.scalars[...], width: word.width + separator)
                return
            }
            finishLine()
            if word.width <= width {
                append(word.scalars[...], width: word.width)
                return
            }
            for index in word.clusters.indices {
                let cellWidth = word.clusters[index].width
                let fits = cellWidth <= width
                if textWidth + (fits ? cellWidth : 1) > width {
                    finishLine()
                }
                if fits {
                    append(word.cluster(index), width: cellWidth)
                } else {
                    append([tooWide], width: 1)
                }
            }
        }

        mutating func finishLine() {
            guard !text.isEmpty else {
                return
            }
            lines.append(LaidOutLine(text: String(text), width: textWidth))
            text = String.UnicodeScalarView()
            textWidth = 0
        }

        private mutating func append(_ scalars: ArraySlice<Unicode.Scalar>, width: Int) {
            text.append(contentsOf: scalars)
            textWidth += width
        }
    }

    /// `paragraph` wrapped into lines of at most `width` cells (`width` must be at least 1).
    static func wrap(_ paragraph: some Sequence<Unicode.Scalar>, width: Int) -> [LaidOutLine] {
        var builder = LineBuilder(width: width)
        var word = Word()
        var followsSpace = false
        /// The last base character of the word, and whether it is wide.
        var last: (scalar: Unicode.Scalar, isWide: Bool)?
        func finishWord() {
            if !word.isEmpty {
                builder.add(word)
                word.reset(followsSpace: false)
            }
        }
        for scalar in paragraph {
            if scalar.isWhiteSpace && !nonBreakingSpaces.contains(scalar) {
                finishWord()
                followsSpace = true
                last = nil
                continue
            }
            let width = DisplayWidth.of(scalar)
            if width == 0, !word.isEmpty {
                word.scalars.append(scalar)
                continue
            }
            let isWide = width == 2
            if let last, isWide || last.isWide, !noLineStart.contains(scalar), !noLineEnd.contains(last.scalar) {
                finishWord()
            }
            if word.isEmpty {
                word.reset(followsSpace: followsSpace)
                followsSpace = false
            }
            word.startCluster(scalar, width: width)
            last = (scalar, isWide)
        }
        finishWord()
        builder.finishLine()
        return builder.lines
    }
}
