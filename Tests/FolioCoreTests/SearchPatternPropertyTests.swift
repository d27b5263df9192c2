import FolioCore
import FolioTestSupport
import Testing

/// Seeded random patterns, plain and `re:`, against lines that trouble matching: leading and
/// trailing spaces, hyphens and soft hyphens at the ends, CJK, Arabic with harakat, Hebrew with
/// niqqud, combining marks, empty and very long lines. Every property holds for every pattern.
@Suite struct SearchPatternPropertyTests {
    /// Words the lines and the plain patterns are made of.
    static let words = [
        "trace", "Trace", "spe", "cialization", "well", "known", "a", "aa", "x", "中文", "検索", "日本語",
        "كِتَابٌ", "كتاب", "أحمد", "שָׁלוֹם", "שלום", "cafe\u{301}", "café", "e\u{301}\u{302}", "\u{301}", "x\u{5B4}",
        "123", "4.5", "-", "\u{AD}", "—", "(", ")", "[", "\\", "*", "İstanbul", "ǅ", "ß",
    ]
    /// What lines start and end with.
    static let edges = ["", " ", "   ", "\t", "-", "\u{AD}", " -", "中", "ـ", "\u{301}"]

    static func line(_ random: inout SeededRandom) -> String {
        if Int.random(in: 0..<12, using: &random) == 0 { return "" }
        var text = random.pick(edges)
        for index in 0..<Int.random(in: 1...6, using: &random) {
            text += (index == 0 ? "" : random.pick([" ", "", "-", " "])) + random.pick(words)
        }
        return text + random.pick(edges)
    }

    static func lines(_ random: inout SeededRandom) -> [String] {
        (0..<Int.random(in: 1...6, using: &random)).map { _ in line(&random) }
    }

    /// The pieces of regular expressions: anchors, classes, groups, look-arounds, alternation,
    /// Unicode properties, backreferences and syntax that does not compile.
    static let regexPieces = [
        "a", "x", "trace", "中", "ش", "ל", "^", "$", "\\b", "\\B", ".", "\\w", "\\d", "\\s", "\\S", "[a-z]", "[^ ]",
        "[\\u{5B0}-\\u{5C7}]", "\\p{Han}", "\\p{Arabic}", "\\p{Hebrew}", "\\p{L}", "\\p{Mn}", "\\X", "(?=a)",
        "(?!x)", "(?<=a)", "(?<!-)", "(?=\\s)", "(a|b)", "(cat|dog)", "(?:x)", "(?i)", "\\1", "(", ")", "[", "]", "{",
        "*",
        "+", "?", "\\", "(?<n>a)", "\\k<n>", "\\p{Nope}", "-", "\u{AD}", " ", "\\u{301}",
    ]
    static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "*?", "{2,}"]

    static func regexPattern(_ random: inout SeededRandom) -> String {
        var body = ""
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            body += random.pick(regexPieces) + random.pick(quantifiers)
        }
        return "re:" + body
    }

    static func plainPattern(_ random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return random.pick(["", " ", "   ", "\t", "\u{301}", "\u{64E}\u{650}", "\u{5B4}\u{5BC}"])
        case 1: return random.pick(words) + random.pick([" ", "-", "\u{AD}", ""]) + random.pick(words)
        default: return random.pick(words)
        }
    }

    /// The checks that hold for any pattern and lines.
    static func checkProperties(_ pattern: SearchPattern, _ lines: [String], context: String) {
        let counts = lines.map(\.count)
        for (index, line) in lines.enumerated() {
            let ranges = pattern.matchRanges(in: line)
            #expect(
                ranges.allSatisfy { !$0.isEmpty && $0.lowerBound >= 0 && $0.upperBound <= counts[index] }, "\(context)")
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "\(context)")
            #expect(pattern.matches(line) == !ranges.isEmpty, "\(context) line \(index)")
        }
        // A minute to spare, not the second the screen gets: a busy machine must not fail this.
        let matches = (try? pattern.lineMatches(in: lines, until: .after(seconds: 60))) ?? []
        var previous: (line: Int, end: Int)?
        for match in matches {
            #expect(match.range.lowerBound >= 0 && match.range.upperBound <= counts[match.line], "\(context)")
            #expect(!match.range.isEmpty, "\(context)")
            if let previous, previous.line == match.line {
                #expect(previous.end <= match.range.lowerBound, "\(context)")
            } else if let previous {
                #expect(previous.line < match.line, "\(context)")
            }
            previous = (match.line, match.range.upperBound)
            if let continuation = match.continuation {
                #expect(match.line + 1 < lines.count, "\(context)")
                #expect(match.range.upperBound <= counts[match.line], "\(context)")
                if match.line + 1 < lines.count {
                    #expect(
                        continuation.lowerBound >= 0 && continuation.upperBound <= counts[match.line + 1], "\(context)")
                    #expect(!continuation.isEmpty, "\(context)")
                }
            }
        }
        let indices = pattern.matchingLineIndices(in: lines.map { Substring($0) })
        #expect(indices.starts == Array(Set(matches.map(\.line))).sorted(), "\(context)")
        let continued = Set(matches.compactMap { $0.continuation == nil ? nil : $0.line + 1 })
        #expect(indices.continuations == continued.subtracting(indices.starts).sorted(), "\(context)")
        let page = PageText(width: 600, height: 800, blocks: [block(of: lines)])
        #expect(pattern.matchBoxes(in: page).count <= matches.count * 2, "\(context)")
    }

    /// A block with one character box per scalar of each line.
    static func block(of lines: [String]) -> TextBlock {
        let textLines = lines.enumerated().map { row, line in
            let chars = line.unicodeScalars.enumerated().map { column, scalar in
                let box = TextRect(
                    x0: Double(column) * 6, y0: Double(row) * 12, x1: Double(column + 1) * 6, y1: Double(row + 1) * 12)
                return TextChar(scalar: scalar, box: box, size: 10)
            }
            return TextLine(chars: chars, box: TextRect(x0: 0, y0: Double(row) * 12, x1: 600, y1: Double(row + 1) * 12))
        }
        return TextBlock(lines: textLines, box: TextRect(x0: 0, y0: 0, x1: 600, y1: Double(lines.count) * 12))
    }

    /// Where `pattern` (plain, with no capital letter) occurs in `line`, found the simplest way:
    /// lowercase both, then try every start from the left.
    static func naiveRanges(of pattern: String, in line: String) -> [Range<Int>] {
        let needle = Array(pattern.lowercased())
        let characters = Array(line.lowercased())
        guard !needle.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needle.count <= characters.count {
            if Array(characters[start..<(start + needle.count)]) == needle {
                ranges.append(start..<(start + needle.count))
                start += needle.count
            } else {
                start += 1
            }
        }
        return ranges
    }

    @Test(arguments: 0..<8)
    func plainPatternsKeepEveryProperty(seed: UInt64) {
        var random = SeededRandom(seed: 0x5EA2C4 + seed)
        for round in 0..<150 {
            let text = Self.plainPattern(&random)
            let lines = Self.lines(&random)
            Self.checkProperties(
                SearchPattern(text), lines, context: "seed \(seed) round \(round): \(text) in \(lines)")
        }
    }

    @Test(arguments: 0..<8)
    func regularExpressionsKeepEveryProperty(seed: UInt64) {
        var random = SeededRandom(seed: 0x4E6E + seed)
        for round in 0..<120 {
            let text = Self.regexPattern(&random)
            let lines = Self.lines(&random)
            let pattern = SearchPattern(text)
            if SearchPattern.regexError(in: text) != nil {
                #expect(pattern.lineMatches(in: lines).isEmpty, "\(text)")
            }
            Self.checkProperties(pattern, lines, context: "seed \(seed) round \(round): \(text) in \(lines)")
        }
    }

    /// ASCII and CJK patterns with no capital, on lines of ASCII, CJK and spaces: every match
    /// within a line is where the naive search finds it.
    @Test func plainPatternsAgreeWithTheNaiveSearch() {
        var random = SeededRandom(seed: 21)
        let vocabulary = ["a", "aa", "ab", "b", "中", "文", " ", "  ", "x"]
        for _ in 0..<2_000 {
            let pattern = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick(vocabulary) }.joined()
            let line = (0..<Int.random(in: 0...12, using: &random)).map { _ in random.pick(vocabulary + ["A", "B"]) }
                .joined()
            let search = SearchPattern(pattern)
            #expect(search.matchRanges(in: line) == Self.naiveRanges(of: pattern, in: line), "\(pattern) in \(line)")
        }
    }

    /// A regular expression on an indented line (the trap of issue 21: the reach of a regular
    /// expression across the line break was Int.max, and adding it overflowed), with every
    /// kind of line before and after.
    @Test(arguments: ["re:x", "re:^\\s+ind", "re:.", "re:\\s", "re:$", "re:ind\\w+$", "re:(?<= )i", "re:\\p{Han}"])
    func regularExpressionsCrossIndentedLines(text: String) {
        let pattern = SearchPattern(text)
        for before in Self.edges.map({ "x" + $0 }) + Self.edges {
            for after in Self.edges.map({ $0 + "indented" }) + ["    indented", "", " ", "\u{AD}"] {
                Self.checkProperties(pattern, [before, after], context: "\(text): \(before) / \(after)")
            }
        }
        #expect(SearchPattern("re:x").lineMatches(in: ["x", "    indented"]).map(\.line) == [0])
    }

    /// Empty, space-only and mark-only patterns, and a 10,000-character pattern, plain and
    /// regular, against lines of every kind, a very long one among them.
    @Test func degeneratePatternsAndVeryLongLines() {
        var random = SeededRandom(seed: 99)
        let long = String(repeating: "a", count: 10_000)
        let longLine = (0..<150).map { _ in random.pick(Self.words) }.joined(separator: " ")
        let patterns = [
            "", " ", "    ", "\t", "\u{301}", "\u{64E}\u{650}", "\u{5B4}", "re:", "re: ", "re:\u{301}", long,
            "re:" + long,
            "re:" + String(repeating: "(", count: 5_000), "re:a{99999999999999999999}", "re:\\w+ \\w+", "re:\\p{Han}+",
        ]
        for text in patterns {
            let lines = [longLine, "", "   ", long, "中文", "\u{301}\u{301}", "-\u{AD}"]
            Self.checkProperties(SearchPattern(text), lines, context: String(text.prefix(40)))
        }
        #expect(SearchPattern("re:" + long).lineMatches(in: [long]).isEmpty)
        #expect(SearchPattern.regexError(in: "re:" + long)?.contains("too long") == true)
    }

    /// On a line longer than the window a regular expression sees at once, matches are found
    /// wherever they are, each once, and an anchor holds only at the line's own ends.
    @Test func longLinesAreMatchedInWindows() {
        let line = (0..<3_000).map { $0 % 97 == 0 ? "needle" : "hay" }.joined(separator: " ")
        let expected = SearchPattern("needle").matchRanges(in: line)
        #expect(expected.count == 31)
        #expect(SearchPattern("re:ne+dle").matchRanges(in: line) == expected)
        #expect(SearchPattern("re:\\bneedle\\b").matchRanges(in: line) == expected)
        #expect(SearchPattern("re:^\\w+").matchRanges(in: line) == [0..<6])
        #expect(SearchPattern("re:\\w+$").matchRanges(in: line) == [(line.count - 3)..<line.count])
        #expect(SearchPattern("re:^hay").matchRanges(in: line).isEmpty)
    }
}

/// Patterns that backtrack catastrophically are refused before they run, and those that are
/// only slow finish within a bound, on long runs of `a`.
@Suite struct CostlyPatternTests {
    static let catastrophic = [
        "re:(a+)+$", "re:(a|aa)*b", "re:(.*)*x", "re:(a*)*b", "re:(\\w+\\s?)+$", "re:(?:a|a)+b", "re:((ab)*)+c",
        "re:(x+x+)+y", "re:(a|ab|abc)*d",
    ]

    @Test(arguments: catastrophic)
    func catastrophicPatternsAreRefusedQuickly(text: String) {
        let start = ContinuousClock.now
        let error = SearchPattern.regexError(in: text)
        #expect(
            error?.contains("exponential time") == true && error?.hasPrefix("too costly") == true,
            "\(text): \(error ?? "accepted")")
        let run = String(repeating: "a", count: 5_000)
        #expect(SearchPattern(text).lineMatches(in: [run, run + "!", String(repeating: "ab", count: 2_000)]).isEmpty)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// Bounded repetitions nested deep: their ways multiply (`((a?){8}){8}b` has 2^64 on a run
    /// of `a`s) and their counts once overflowed the scanner's sums (about 22 levels of `{8}`).
    @Test func nestedBoundedRepetitionsAreRefusedWithoutTrapping() {
        let nested = (0..<24).reduce("a*") { inner, _ in "(\(inner)){8}" }
        for text in [
            "re:" + nested, "re:((a?){8}){8}b", "re:((a{1,8}){1,8}){1,8}b",
            "re:a{1,8}a{1,8}a{1,8}a{1,8}a{1,8}a{1,8}a{1,8}b",
        ] {
            let start = ContinuousClock.now
            let error = SearchPattern.regexError(in: text)
            #expect(error?.hasPrefix("too costly") == true, "\(text.prefix(40)): \(error ?? "accepted")")
            #expect(SearchPattern(text).lineMatches(in: [String(repeating: "a", count: 70)]).isEmpty)
            #expect(ContinuousClock.now - start < .seconds(2))
        }
    }

    /// Extended syntax hides a quantifier behind a space (`(?x)(\w+\s?) *` is `(\w+\s?)*`), so
    /// it is refused rather than misread; turning it off is fine.
    @Test func extendedSyntaxIsRefused() {
        for text in ["re:(?x)^(\\w+\\s?) *$", "re:(?x:a +)+b", "re:(?ix)a"] {
            #expect(SearchPattern.regexError(in: text)?.contains("extended syntax") == true, "\(text)")
        }
        #expect(SearchPattern.regexError(in: "re:(?i-x)ab") == nil)
        #expect(SearchPattern.regexError(in: "re:(?i)ab") == nil)
    }

    @Test(arguments: [
        "re:(cat|dog)+", "re:(a|b)*c", "re:(?:\\d{1,3}\\.){3}\\d{1,3}", "re:(ab)+", "re:x(y|z)?", "re:(\\d+\\.){3}\\d+",
        "re:(https?://)?\\w+", "re:colou?r", "re:\\b\\w{2,5}\\b",
    ])
    func unambiguousRepetitionsAreAccepted(text: String) {
        #expect(SearchPattern.regexError(in: text) == nil, "\(text)")
    }

    /// Slow but polynomial patterns: each match call sees a bounded window, so a long run ends
    /// within seconds, and the deadline stops a page that still takes too long.
    @Test(arguments: ["re:.*x", "re:.*.*x", "re:\\w+\\s+\\w+", "re:(\\w+)\\1x", "re:a*a*a*a*b"])
    func slowPatternsEndInBoundedTime(text: String) {
        #expect(SearchPattern.regexError(in: text) == nil, "\(text)")
        let start = ContinuousClock.now
        let lines = [String(repeating: "a", count: 200)]
        _ = SearchPattern(text).lineMatches(in: lines)
        #expect(ContinuousClock.now - start < .seconds(3), "\(text)")
        let long = Array(repeating: Substring(String(repeating: "a", count: 5_000)), count: 50)
        #expect(throws: SearchTooCostly.self) {
            try SearchPattern(text).matchingLineIndices(in: long, until: .after(seconds: 0.5))
        }
        #expect(ContinuousClock.now - start < .seconds(8), "\(text)")
    }

    @Test func tooManyRepetitionsAndTooLongPatternsAreRefused() {
        #expect(SearchPattern.regexError(in: "re:a*b*c*d*e*f") != nil)
        #expect(
            SearchPattern.regexError(in: "re:" + String(repeating: "a", count: 1_001))?.contains("too long") == true)
        #expect(SearchPattern.regexError(in: "re:a*b*c*d") == nil)
    }
}
