import FolioCore
import Testing

/// Matches that run on across a line break, as `/` and `--search` find them.
@Suite struct LineMatchTests {
    @Test func aPhraseSplitOverTwoLinesIsFoundOnBoth() {
        let lines = ["recording nested trace  ", "  trees. Our system"]
        #expect(
            SearchPattern("trace trees").lineMatches(in: lines) == [
                LineMatch(line: 0, range: 17..<22, continuation: 2..<7)
            ])
        #expect(SearchPattern("nested trace trees. our").lineMatches(in: lines).count == 1)
    }

    @Test func aHyphenatedWordIsFoundWithTheHyphenDroppedOrKept() {
        let split = ["perform type special-", "ization."]
        #expect(
            SearchPattern("specialization").lineMatches(in: split) == [
                LineMatch(line: 0, range: 13..<21, continuation: 0..<7)
            ])
        #expect(SearchPattern("special-ization").lineMatches(in: split).count == 1, "the hyphen kept")
        #expect(SearchPattern("special ization").lineMatches(in: split).isEmpty, "a hyphen is no space")
        #expect(SearchPattern("Trace-Monkey").lineMatches(in: ["vm Trace-", "Monkey runs"]).count == 1)
        #expect(SearchPattern("soft").lineMatches(in: ["so\u{AD}", "ft"]).count == 1, "soft hyphen")
        // A dash between spaces or before a digit is not a hyphenated word.
        #expect(SearchPattern("ab").lineMatches(in: ["a -", "b"]).isEmpty)
        #expect(SearchPattern("a1").lineMatches(in: ["a-", "1"]).isEmpty)
    }

    @Test func scriptsWithoutSpacesJoinDirectly() {
        #expect(SearchPattern("検索").lineMatches(in: ["全文検", "索です"]).count == 1)
        #expect(SearchPattern("検 索").lineMatches(in: ["全文検", "索です"]).isEmpty)
    }

    /// A regular expression sees the whole of both lines, however they are indented (the reach
    /// over the line break was once `Int.max`, and adding the indent to it trapped).
    @Test func aRegularExpressionMeetsIndentedAndSpacedLines() {
        #expect(SearchPattern("re:x").lineMatches(in: ["x", "    indented"]) == [LineMatch(line: 0, range: 0..<1)])
        #expect(
            SearchPattern("re:^\\s+ind").lineMatches(in: ["x", "    indented"]) == [LineMatch(line: 1, range: 0..<7)])
        #expect(
            SearchPattern("re:x  y").lineMatches(in: ["  x  ", "  y  "]) == [])
        #expect(
            SearchPattern("re:x y").lineMatches(in: ["  x  ", "  y  "]) == [
                LineMatch(line: 0, range: 2..<3, continuation: 2..<3)
            ])
        #expect(SearchPattern("re:x").matchingLineIndices(in: ["x", "    indented", "  "]).starts == [0])
    }

    @Test func anEmptyLineJoinsNothing() {
        #expect(SearchPattern("trace trees").lineMatches(in: ["trace", "", "trees"]).isEmpty)
        #expect(SearchPattern("trace trees").lineMatches(in: ["trace", "   ", "trees"]).isEmpty)
        #expect(SearchPattern("trace trees").lineMatches(in: ["trace"]).isEmpty)
    }

    @Test func matchesWithinLinesComeFirstAndNothingIsCountedTwice() {
        let lines = ["a trace and a trace", "trees and trace", "trees"]
        let matches = SearchPattern("trace").lineMatches(in: lines)
        #expect(matches.map(\.line) == [0, 0, 1], "a match within a line never also counts as running on")
        #expect(matches.allSatisfy { !$0.crossesLines })
        let phrase = SearchPattern("trace trees").lineMatches(in: lines)
        #expect(phrase.map(\.line) == [0, 1])
        #expect(phrase.allSatisfy { $0.crossesLines })
        // The end of a match that ran on is not the start of another.
        #expect(SearchPattern("aa").lineMatches(in: ["xa-", "aa"]).map(\.line) == [0])
    }

    @Test func smartCaseAndRegularExpressionsRunOnToo() {
        #expect(SearchPattern("Trace trees").lineMatches(in: ["nested trace", "trees"]).isEmpty)
        #expect(SearchPattern("Trace trees").lineMatches(in: ["nested Trace", "trees"]).count == 1)
        let expression = SearchPattern("re:trace\\s+tre+s")
        #expect(expression.lineMatches(in: ["nested trace", "trees"]).count == 1)
        #expect(SearchPattern("re:^trees").lineMatches(in: ["nested trace", "trees"]).count == 1)
        #expect(SearchPattern("re:trace$").lineMatches(in: ["nested trace", "trees"]).count == 1)
    }

    @Test func lineIndicesSayWhereMatchesStartAndWhichLinesOnlyEndOne() {
        let lines: [Substring] = ["one trace", "trees two", "", "trace", "trees and trace trees"]
        let found = SearchPattern("trace trees").matchingLineIndices(in: lines)
        #expect(found.starts == [0, 3, 4])
        #expect(found.continuations == [1])
        #expect(SearchPattern("zebra").matchingLineIndices(in: lines) == ([], []))
    }

    /// The byte-by-byte path for ASCII lines finds what the plain definition finds.
    @Test(arguments: ["trace", "Trace", "TRAC", "café", "K", "e", "中文", " "])
    func lineIndicesAgreeWithMatches(pattern: String) {
        let lines = SearchPatternTests.text.split(separator: "\n", omittingEmptySubsequences: false)
        let search = SearchPattern(pattern)
        let expected = lines.indices.filter { index in
            search.matches(lines[index])
                || search.lineMatches(in: lines).contains { $0.line == index && $0.crossesLines }
        }
        #expect(search.matchingLineIndices(in: lines).starts == expected)
    }
}
