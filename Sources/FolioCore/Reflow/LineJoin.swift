/// How the end of one line of a paragraph meets the start of the next.
///
/// A page breaks lines wherever the width runs out; reflowing them must undo what the break
/// did. A hyphen at a line end is either a syllable hyphen, which goes, or part of a compound
/// ("FAA-approved", "non-normal", "Just-in-Time"), which stays; the document decides where it
/// can (its own words, hyphenated or not, see ``Vocabulary``), then letter case and digits;
/// with no evidence either way the hyphen is undecided (see ``UndecidedHyphen``) until the
/// words of the document (as far as it is read), or of the page, settle it. A dash at a line end ("2018–", "word—") and a URL broken after a separator join
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
    /// The lines join directly, keeping a hyphen the page gives no evidence on: the words of
    /// the document (or at least of the page) settle it later, see ``UndecidedHyphen``.
    case undecidedHyphen

    /// A line-end hyphen between two parts of a word that neither case, digits nor the page's
    /// words decide: kept in the paragraph until ``keeps(vocabulary:)`` says whether it stays.
    struct UndecidedHyphen: Sendable, Equatable {
        /// Where the hyphen is in its paragraph's scalars.
        var index: Int
        /// The part before the hyphen, lowercased ("mixed").
        var before: String
        /// The letters after it, lowercased ("mode").
        var after: String

        /// Whether the hyphen stays, by the words of `vocabulary`: the hyphenated or the joined
        /// spelling found elsewhere decides; failing that, a guess from real line ends
        /// (`mixed-` + `mode`, `floating-` + `point`, `fixed-` + `field`, `scaling-` +
        /// `independent` in the corpus): a first part that is a participle or gerund of five
        /// letters or more ("-ed", "-ing", but not "-eed": `proceed-` + `ings`) is a word of
        /// its own, and so is a first part found alone elsewhere when the second part is too.
        /// Arabic and Hebrew are not hyphenated at line ends, so a hyphen there is the word's
        /// (`أس-` + `ترانسفيراز`, S-transferase, over a page of
        /// `idpf-regime-anticancer-arabic.epub`). Otherwise the hyphen is taken for a syllable
        /// break and goes.
        func keeps(vocabulary: Vocabulary) -> Bool {
            if vocabulary.compounds.contains(before + "-" + after) {
                return true
            }
            if vocabulary.words.contains(before + after) {
                return false
            }
            if RightToLeft.contains(before.unicodeScalars) {
                return true
            }
            let isParticiple =
                before.count >= 5 && (before.hasSuffix("ing") || (before.hasSuffix("ed") && !before.hasSuffix("eed")))
            let bothAreWords =
                before.count >= 3 && after.count >= 3 && vocabulary.words.contains(before)
                && vocabulary.words.contains(after)
            return isParticiple || bothAreWords
        }
    }

    /// The words of a page, as the page spells them: the evidence for line-end hyphens.
    struct Vocabulary: Sendable {
        /// Lowercased words without a hyphen.
        var words: Set<String> = []
        /// Lowercased hyphenated compounds, as "non-normal".
        var compounds: Set<String> = []

        /// The words of `lines`: runs of letters and digits, with hyphens inside them. A word
        /// with a hyphen at a line end is not counted, nor the first word of the line after it;
        /// that hyphen is the question.
        init(lines: some Sequence<TextLine>) {
            var followsHyphen = false
            for line in lines {
                var word = String.UnicodeScalarView()
                var skipsWord = followsHyphen
                func finish() {
                    if skipsWord, !word.isEmpty {
                        skipsWord = false
                        word = String.UnicodeScalarView()
                        return
                    }
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
                let last = line.chars.last { !$0.scalar.isWhiteSpace }?.scalar
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
                followsHyphen = last.map(LineJoin.hyphens.contains) == true
            }
        }

        init() {}

        /// Adds the words and compounds of `other`.
        mutating func formUnion(_ other: Vocabulary) {
            words.formUnion(other.words)
            compounds.formUnion(other.compounds)
        }
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
        return .undecidedHyphen
    }

    /// The hyphen ending `previous`, before `next`, that `between` found ``undecidedHyphen``.
    static func undecidedHyphen(
        ending previous: [Unicode.Scalar], before next: [Unicode.Scalar]
    ) -> UndecidedHyphen {
        let word = trailingToken(of: previous).dropLast()
        let before = word.reversed().prefix { !hyphens.contains($0) }.reversed()
        let after = next.prefix { $0.properties.isAlphabetic }
        return UndecidedHyphen(
            index: previous.count - 1, before: String(String.UnicodeScalarView(before)).lowercased(),
            after: String(String.UnicodeScalarView(after)).lowercased())
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
