import FolioCore
import Testing

@Suite struct SearchPatternTests {
    static let text = """
        The Trace tree
        TRACING and traces\r
        a line with a\r\nCRLF trace inside
        café trace and CAFÉ
        decomposed cafe\u{301} and precomposed caf\u{E9}
        the \u{212A}elvin sign

        中文 trace 中文
        no match here
        trace
        """

    static let patterns = [
        "trace", "Trace", "TRAC", "café", "CAFÉ", "cafe", "kelvin", "Kelvin", "K", "e", "中文", "\r", "a\r\nC", " ",
    ]

    /// The fast path must find exactly the lines the plain definition finds.
    @Test(arguments: patterns)
    func matchingLinesAgreeWithMatches(pattern: String) {
        let search = SearchPattern(pattern)
        let expected = Self.text.split(separator: "\n").filter { search.matches($0) }
        #expect(search.matchingLines(in: Self.text) == expected)
    }

    @Test func smartCase() {
        #expect(SearchPattern("trace").matchingLines(in: "Trace\ntrace\nTRACE\nother") == ["Trace", "trace", "TRACE"])
        #expect(SearchPattern("Trace").matchingLines(in: "Trace\ntrace\nTRACE\nother") == ["Trace"])
    }

    @Test func asciiPatternFindsCanonicallyEquivalentCharacters() {
        // U+212A KELVIN SIGN is canonically equivalent to "K": only the character path sees it.
        #expect(SearchPattern("K").matchingLines(in: "\u{212A}elvin\nplain") == ["\u{212A}elvin"])
    }

    @Test func emptyLinesAndEdgesAreHandled() {
        #expect(SearchPattern("x").matchingLines(in: "") == [])
        #expect(SearchPattern("x").matchingLines(in: "\n\nx\n\n") == ["x"])
        #expect(SearchPattern("x").matchingLines(in: "x") == ["x"])
    }
}

extension SearchPattern {
    /// The lines of `text` a match starts on, through ``matchingLineIndices(in:)`` as
    /// `folio --search` finds them.
    func matchingLines(in text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return matchingLineIndices(in: lines).starts.map { lines[$0] }
    }

    /// ``matchingLineIndices(in:until:)`` with a minute to spare: giving up is a failure.
    func matchingLineIndices(in lines: [Substring]) -> (starts: [Int], continuations: [Int]) {
        do {
            return try matchingLineIndices(in: lines, until: .after(seconds: 60))
        } catch {
            Issue.record("matching \(text) gave up")
            return ([], [])
        }
    }
}

@Suite struct SearchPatternRangeTests {
    @Test func smartCase() {
        #expect(SearchPattern("zebra").matches("A ZEBRA"))
        #expect(!SearchPattern("Zebra").matches("a zebra"))
        #expect(SearchPattern("Zebra").matches("a Zebra"))
    }

    @Test func matchBoxesCoverTheMatchedCharactersOnTheirLine() {
        // Characters are 6 pt wide from x = 72; lines 12 pt tall from y = 100.
        let page = PageTextFixture.page([
            PageTextFixture.block(["a trace here", "no match", "Trace and trace"], y: 100)
        ])
        let boxes = SearchPattern("trace").matchBoxes(in: page)
        let expected = [
            TextRect(x0: 84, y0: 100, x1: 114, y1: 112),  // characters 2…6 of line 0
            TextRect(x0: 72, y0: 124, x1: 102, y1: 136),  // 0…4 of line 2
            TextRect(x0: 132, y0: 124, x1: 162, y1: 136),  // 10…14 of line 2
        ]
        #expect(boxes == expected)
        // Smart case: a capital makes it exact.
        #expect(SearchPattern("Trace").matchBoxes(in: page).count == 1)
    }

    @Test func aMatchAcrossALineBreakHasABoxOnEachLine() {
        // Characters are 6 pt wide from x = 72; lines 12 pt tall from y = 100.
        let page = PageTextFixture.page([PageTextFixture.block(["nested trace", "trees here"], y: 100)])
        #expect(
            SearchPattern("trace trees").matchBoxes(in: page) == [
                TextRect(x0: 114, y0: 100, x1: 144, y1: 112),  // characters 7…11 of line 0
                TextRect(x0: 72, y0: 112, x1: 102, y1: 124),  // 0…4 of line 1
            ])
        // Lines of different blocks never join.
        let apart = PageTextFixture.page([["nested trace"], ["trees here"]])
        #expect(SearchPattern("trace trees").matchBoxes(in: apart).isEmpty)
    }

    @Test func matchBoxesCountCombiningMarksWithTheirLetter() {
        // "cafe\u{301} cafe\u{301}": the accent is a scalar (and a TextChar) of its own but
        // belongs to the character before it; the second match must start after it.
        let page = PageTextFixture.page([PageTextFixture.block(["cafe\u{301} cafe\u{301}"], y: 0)])
        let boxes = SearchPattern("café").matchBoxes(in: page)
        let starts: [Double] = [72, 102]
        let ends: [Double] = [96, 126]
        #expect(boxes.map(\.x0) == starts)
        #expect(boxes.map(\.x1) == ends)
    }

    @Test func matchRangesAreCharacterOffsets() {
        #expect(SearchPattern("ab").matchRanges(in: "xABab abab") == [1..<3, 3..<5, 6..<8, 8..<10])
        #expect(SearchPattern("検索").matchRanges(in: "全文検索と検索") == [2..<4, 5..<7])
        #expect(SearchPattern("aa").matchRanges(in: "aaa") == [0..<2])
        #expect(SearchPattern("").matchRanges(in: "abc").isEmpty)
    }

    @Test func regularExpressionsOnRequestWithSmartCase() {
        let digits = SearchPattern("re:[0-9]+ ms")
        #expect(digits.isRegex)
        #expect(digits.matches("took 250 MS in all"))
        #expect(digits.matchRanges(in: "12 ms, then 340 ms") == [0..<5, 12..<18])
        let capital = SearchPattern("re:^Trace")
        #expect(capital.isCaseSensitive)
        #expect(capital.matches("Trace trees"))
        #expect(!capital.matches("trace trees"))
        #expect(!capital.matches("a Trace"))
        #expect(SearchPattern("re:a*").matchRanges(in: "bbb").isEmpty, "empty matches highlight nothing")
        #expect(digits.matchingLines(in: "no\n5 ms\nx 7 ms\n") == ["5 ms", "x 7 ms"])
        #expect(!SearchPattern("re:").isRegex, "re: alone is plain text")
    }

    @Test func aBrokenExpressionSaysWhyAndMatchesNothing() {
        #expect(SearchPattern.regexError(in: "re:(unclosed") != nil)
        #expect(SearchPattern.regexError(in: "re:fine") == nil)
        #expect(SearchPattern.regexError(in: "(plain text") == nil)
        #expect(!SearchPattern("re:(unclosed").matches("(unclosed"))
    }
}
