/// Where the same words sit in a page's characters and in its laid-out lines.
///
/// The text views lay a page out in their own order: paragraphs joined, hyphens taken out at
/// line ends, footnotes moved after the body, columns read one after the other. An annotation
/// marks page characters (by their boxes), and a selection is made on laid-out lines, so each
/// must be found in the other. Both sides are read as the sequence of their characters that
/// are neither white space nor hyphens (what the layout adds or takes away). A run of text is
/// found on the other side where the same characters stand with the same characters around
/// them, for as far as the two agree: a reordered block keeps its words and their
/// neighbours, so a short word repeated on the page is told apart by what surrounds it.
public struct PageTextAlignment: Sendable {
    /// A character of a laid-out line: the line's index, and the Character's offset in its text.
    public struct LinePosition: Sendable, Hashable, Comparable {
        /// The laid-out line.
        public var line: Int
        /// The Character's offset in the line's ``LaidOutLine/text``.
        public var character: Int

        /// Creates a position from its line and Character offset.
        public init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
            (lhs.line, lhs.character) < (rhs.line, rhs.character)
        }
    }

    /// A run of Characters of one laid-out line.
    public struct LineRun: Sendable, Equatable {
        /// The laid-out line.
        public var line: Int
        /// The Characters of the line's text.
        public var characters: Range<Int>
    }

    /// The page's compared scalars, each with its character's index in ``PageText/characters``.
    private let page: [(scalar: Unicode.Scalar, index: Int)]
    /// The layout's compared scalars, each with the Character it belongs to.
    private let layout: [(scalar: Unicode.Scalar, position: LinePosition)]
    /// The scalars of ``page`` and ``layout`` alone, as they are compared.
    private let pageScalars: [Unicode.Scalar]
    private let layoutScalars: [Unicode.Scalar]

    /// Aligns `text`'s characters with `lines`, a layout of that page.
    public init(text: PageText, lines: [LaidOutLine]) {
        page = text.characters.enumerated().compactMap { index, character in
            Self.isCompared(character.scalar) ? (character.scalar, index) : nil
        }
        layout = lines.enumerated().flatMap { lineIndex, line in
            line.text.enumerated().flatMap { offset, character in
                character.unicodeScalars.filter(Self.isCompared).map {
                    ($0, LinePosition(line: lineIndex, character: offset))
                }
            }
        }
        pageScalars = page.map(\.scalar)
        layoutScalars = layout.map(\.scalar)
    }

    /// The page characters (indices into ``PageText/characters``) laid out from `start` to
    /// `end`, both included, in page order; nil when the run holds no compared character or
    /// cannot be found on the page.
    public func pageCharacters(from start: LinePosition, through end: LinePosition) -> [Int]? {
        let first = layout.firstIndex { $0.position >= start } ?? layout.count
        let last = layout.lastIndex { $0.position <= end } ?? -1
        guard first <= last else { return nil }
        guard let found = Self.counterpart(of: first...last, in: layoutScalars, among: pageScalars) else { return nil }
        return page[found..<(found + last - first + 1)].map(\.index)
    }

    /// Where the page characters `characters` (indices into ``PageText/characters``) are laid
    /// out: the runs of Characters they cover, line by line; empty when they hold no compared
    /// character or cannot be found in the layout. The run from the first to the last of them,
    /// in page order, is the one looked for.
    public func lineRuns(ofPageCharacters characters: [Int]) -> [LineRun] {
        let chosen = Set(characters)
        guard let first = page.firstIndex(where: { chosen.contains($0.index) }),
            let last = page.lastIndex(where: { chosen.contains($0.index) })
        else { return [] }
        guard let found = Self.counterpart(of: first...last, in: pageScalars, among: layoutScalars) else { return [] }
        var runs: [LineRun] = []
        for entry in layout[found..<(found + last - first + 1)] {
            let position = entry.position
            if let lastRun = runs.last, lastRun.line == position.line {
                runs[runs.count - 1].characters = lastRun.characters.lowerBound..<(position.character + 1)
            } else {
                runs.append(LineRun(line: position.line, characters: position.character..<(position.character + 1)))
            }
        }
        return runs
    }

    /// Whether a scalar takes part in the comparison: white space and hyphens do not, as the
    /// layout adds and removes them at line ends.
    private static func isCompared(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && !["-", "\u{AD}", "\u{2010}", "\u{2011}"].contains(scalar)
    }

    /// Where the run `range` of `source` starts in `target`: among the places `target` holds the
    /// same scalars, the one whose surroundings agree with the run's for longest (up to
    /// ``contextLength`` each side), and of those the one whose rank among them is the run's
    /// rank in `source`; nil when `target` does not hold the run.
    private static func counterpart(
        of range: ClosedRange<Int>, in source: [Unicode.Scalar], among target: [Unicode.Scalar]
    ) -> Int? {
        let needle = Array(source[range])
        let candidates = occurrences(of: needle, in: target)
        guard candidates.count > 1 else { return candidates.first }
        let rank = occurrences(of: needle, in: source).firstIndex(of: range.lowerBound) ?? 0
        func agreement(_ start: Int) -> Int {
            let before = zip(source[..<range.lowerBound].reversed(), target[..<start].reversed())
                .prefix(contextLength).prefix { $0 == $1 }.count
            let after = zip(source[(range.upperBound + 1)...], target[(start + needle.count)...])
                .prefix(contextLength).prefix { $0 == $1 }.count
            return before + after
        }
        let scores = candidates.map(agreement)
        let best = scores.max() ?? 0
        let tied = candidates.indices.filter { scores[$0] == best }
        let chosen = tied.min { abs($0 - rank) < abs($1 - rank) } ?? 0
        return candidates[chosen]
    }

    /// How many scalars each side of a run are compared to tell its occurrences apart.
    private static let contextLength = 64

    /// Where `needle` starts in `haystack`, every occurrence, overlapping ones included.
    private static func occurrences(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> [Int] {
        guard let head = needle.first, needle.count <= haystack.count else { return [] }
        return (0...(haystack.count - needle.count)).filter { start in
            haystack[start] == head && haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}

extension PageText {
    /// Every character of the page in reading order (blocks, lines, characters), as
    /// ``PageTextAlignment`` numbers them.
    public var characters: [TextChar] {
        blocks.flatMap { $0.lines.flatMap(\.chars) }
    }
}
