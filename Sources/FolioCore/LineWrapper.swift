/// Word-wraps one paragraph to a width in terminal cells.
///
/// Lines break at spaces and on either side of a wide (CJK) character, which needs no space
/// to break. A word longer than the width is broken wherever it must be. Combining marks
/// always stay with the character before them.
enum LineWrapper {
    /// Shown instead of a character too wide for the line (a wide character at width 1).
    private static let tooWide: Unicode.Scalar = "…"
    /// Spaces that must not break a line.
    private static let nonBreakingSpaces: Set<Unicode.Scalar> = ["\u{00A0}", "\u{2007}", "\u{202F}"]

    /// A base character with the zero-width characters that follow it.
    private struct Cluster {
        var scalars: [Unicode.Scalar]
        var width: Int
    }

    /// A run that must not be broken unless it is wider than a whole line.
    private struct Word {
        var clusters: [Cluster] = []
        var width = 0
        var followsSpace: Bool
        var isWide: Bool

        mutating func append(_ cluster: Cluster) {
            clusters.append(cluster)
            width += cluster.width
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
                for cluster in word.clusters {
                    append(cluster)
                }
                textWidth += separator
                return
            }
            finishLine()
            if word.width <= width {
                for cluster in word.clusters {
                    append(cluster)
                }
                return
            }
            for cluster in word.clusters {
                let fitting = cluster.width <= width ? cluster : Cluster(scalars: [tooWide], width: 1)
                if textWidth + fitting.width > width {
                    finishLine()
                }
                append(fitting)
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

        private mutating func append(_ cluster: Cluster) {
            text.append(contentsOf: cluster.scalars)
            textWidth += cluster.width
        }
    }

    /// `paragraph` wrapped into lines of at most `width` cells (`width` must be at least 1).
    static func wrap(_ paragraph: some Sequence<Unicode.Scalar>, width: Int) -> [LaidOutLine] {
        var builder = LineBuilder(width: width)
        for word in words(in: paragraph) {
            builder.add(word)
        }
        builder.finishLine()
        return builder.lines
    }

    private static func words(in paragraph: some Sequence<Unicode.Scalar>) -> [Word] {
        var words: [Word] = []
        var current: Word?
        var followsSpace = false
        func finishWord() {
            if let word = current {
                words.append(word)
            }
            current = nil
        }
        for scalar in paragraph {
            if scalar.properties.isWhitespace && !nonBreakingSpaces.contains(scalar) {
                finishWord()
                followsSpace = true
                continue
            }
            let width = DisplayWidth.of(scalar)
            if width == 0, let lastCluster = current?.clusters.indices.last {
                current?.clusters[lastCluster].scalars.append(scalar)
                continue
            }
            let isWide = width == 2
            if isWide || current?.isWide == true {
                finishWord()
            }
            if current == nil {
                current = Word(followsSpace: followsSpace, isWide: isWide)
                followsSpace = false
            }
            current?.append(Cluster(scalars: [scalar], width: width))
        }
        finishWord()
        return words
    }
}
