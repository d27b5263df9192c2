/// How the end of one line of a paragraph meets the start of the next.
///
/// A page breaks lines wherever the width runs out; reflowing them must undo what the break
/// did. A hyphen at a line end is either a syllable hyphen, which goes, or part of a compound
/// ("FAA-approved", "non-normal", "Just-in-Time"), which stays; the document decides where it
/// can (the page's own words, hyphenated or not, see ``Vocabulary``), then letter case and
/// digits. A dash at a line end ("2018–", "word—") and a URL broken after a separator join
/// without a space, and so do lines of a script written without spaces (Chinese, Japanese,
/// Thai): a space there would be a character the page does not have, and `/` would miss a
/// phrase that crosses the line.
enum LineJoin: Equatable {
    /// The lines join with one space.
    case space
    /// The lines join directly, keeping every character.
    case direct
    /// The last character of the first line (a syllable hyphen) goes; the rest join directly.
    case droppingHyphen

    /// The words of a page, as the page spells them: the evidence for line-end hyphens.
    struct Vocabulary: Sendable {
        /// Lowercased words without a hyphen.
        var words: Set<String> = []
        /// Lowercased hyphenated compounds, as "non-normal".
        var compounds: Set<String> = []

        /// The words of `lines`: runs of letters and digits, with hyphens inside them. A word
        /// with a hyphen at a line end is not counted; that hyphen is the question.
        init(lines: some Sequence<TextLine>) {
            for line in lines {
                var word = String.UnicodeScalarView()
                func finish() {
                    let text = String(word).lowercased()
                    if !text.isEmpty, text.unicodeScalars.last.map(LineJoin.hyphens.contains) == false {
                        if text.unicodeScalars.contains(where: LineJoin.hyphens.contains) {
                            compounds.insert(text)
                        } else {
                            words.insert(text)
                        }
                    }
                    word = String.UnicodeScalarView()
                }
                for char in line.chars {
                    let scalar = char.scalar
                    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || (LineJoin.hyphens.contains(scalar) && !word.isEmpty)
                    {
                        word.append(scalar)
                    } else {
                        finish()
                    }
                }
                finish()
            }
        }

        init() {}
    }

    /// Hyphens that may end a line in the middle of a word.
    static let hyphens: Set<Unicode.Scalar> = ["-", "\u{2010}"]
    /// The soft hyphen, which only ever marks a break inside a word.
    static let softHyphen: Unicode.Scalar = "\u{00AD}"
    /// Dashes after which a line break is no space: figure dash, en dash, em dash, bar.
    static let dashes: Set<Unicode.Scalar> = ["\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}"]
    /// Characters after which a URL is broken across lines.
    static let urlBreaks: Set<Unicode.Scalar> = ["/", ".", "-", "_", "~", "?", "#", "&", "=", "%", ":"]
    /// English prefixes that keep their hyphen ("non-normal", "self-aware") when the page does
    /// not say otherwise.
    static let hyphenatedPrefixes: Set<String> = [
        "non", "self", "well", "cross", "half", "ill", "all", "quasi", "ex",
    ]

    /// How `previous` (the paragraph so far) and `next` (the next line) join.
    static func between(
        _ previous: [Unicode.Scalar], _ next: [Unicode.Scalar], vocabulary: Vocabulary
    ) -> LineJoin {
        guard let last = previous.last, let first = next.first else { return .direct }
        let beforeLast = previous.count >= 2 ? previous[previous.count - 2] : nil
        if last == softHyphen {
            return .droppingHyphen
        }
        if isSpaceless(last) || isSpaceless(first) {
            return .direct
        }
        let lastWord = trailingToken(of: previous)
        if isURL(lastWord), urlBreaks.contains(last) {
            return .direct
        }
        guard let beforeLast, !beforeLast.isWhiteSpace else { return .space }
        if dashes.contains(last) {
            return .direct
        }
        if hyphens.contains(last) {
            return hyphenJoin(before: Array(lastWord.dropLast()), after: next, vocabulary: vocabulary)
        }
        return .space
    }

    /// A line-end hyphen after `before` (the word up to it) and before `after` (the next line).
    private static func hyphenJoin(
        before: [Unicode.Scalar], after next: [Unicode.Scalar], vocabulary: Vocabulary
    ) -> LineJoin {
        // A line going on with a digit or a sign ("2018-" + "23") keeps the hyphen.
        let head = Array(next.prefix { $0.properties.isAlphabetic })
        guard let first = head.first else { return .direct }
        // The last part of a compound broken before ("Just-in-" + "Time"): "in".
        let segment = Array(before.reversed().prefix { !hyphens.contains($0) }.reversed())
        guard let segmentLast = segment.last, segmentLast.properties.isAlphabetic else { return .direct }
        let lowerSegment = String(String.UnicodeScalarView(segment)).lowercased()
        let lowerHead = String(String.UnicodeScalarView(head)).lowercased()
        if vocabulary.compounds.contains(lowerSegment + "-" + lowerHead) {
            return .direct
        }
        if vocabulary.words.contains(lowerSegment + lowerHead) {
            return .droppingHyphen
        }
        let isAcronym = segment.count >= 2 && segment.allSatisfy { $0.properties.isUppercase }
        if first.properties.isUppercase || isAcronym || segment.count < before.count
            || hyphenatedPrefixes.contains(lowerSegment)
        {
            return .direct
        }
        return .droppingHyphen
    }

    /// The last run of non-space characters of `scalars`.
    private static func trailingToken(of scalars: [Unicode.Scalar]) -> ArraySlice<Unicode.Scalar> {
        let start = scalars.lastIndex { $0.isWhiteSpace }.map { $0 + 1 } ?? 0
        return scalars[start...]
    }

    private static func isURL(_ token: ArraySlice<Unicode.Scalar>) -> Bool {
        let text = String(String.UnicodeScalarView(token)).lowercased()
        return text.contains("://") || text.hasPrefix("www.") || text.contains("//www.")
    }

    /// Whether `scalar` belongs to a script written without spaces between words: Han,
    /// kana, CJK punctuation and full-width forms, Thai, Lao, Myanmar, Khmer. (Korean is
    /// written with spaces.)
    static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF: true
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF: true
        case 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFF61...0xFF9F: true
        case 0x20000...0x3134F: true
        default: false
        }
    }
}
