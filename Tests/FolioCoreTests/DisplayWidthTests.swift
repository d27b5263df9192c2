import FolioCore
import Testing

@Suite struct DisplayWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("é", 1), ("~", 1), ("\u{FFFD}", 1),
            ("\u{0301}", 0),  // combining acute accent (Mn)
            ("\u{20DD}", 0),  // combining enclosing circle (Me)
            ("\u{200B}", 0),  // zero width space
            ("\u{00AD}", 0),  // soft hyphen (Cf)
            ("\u{200D}", 0),  // zero width joiner (Cf)
            ("\u{1160}", 0), ("\u{11FF}", 0),  // Hangul medial and final jamo
            ("\u{1100}", 2), ("\u{115F}", 2),  // Hangul initial jamo
            ("中", 2), ("\u{3000}", 2), ("あ", 2), ("가", 2), ("\u{D7A3}", 2),
            ("\u{D7A4}", 1), ("\u{303F}", 1), ("\u{2E7F}", 1),
            ("Ａ", 2), ("\u{FF60}", 2), ("\u{FF61}", 1), ("\u{FFE6}", 2), ("\u{FFE7}", 1),
            ("😀", 2), ("🤔", 2), ("\u{1F650}", 1),
            ("\u{20000}", 2), ("\u{2FFFD}", 2), ("\u{30000}", 2), ("\u{3FFFE}", 1),
        ] as [(Unicode.Scalar, Int)])
    func widthOfScalar(scalar: Unicode.Scalar, expected: Int) {
        #expect(DisplayWidth.of(scalar) == expected)
    }

    @Test(arguments: [
        ("", 0), ("hello", 5), ("he\u{0301}llo", 5), ("中文abc", 7), ("日本語", 6), ("a\u{200B}b", 2),
    ])
    func widthOfString(string: String, expected: Int) {
        #expect(DisplayWidth.of(string) == expected)
    }

    @Test(arguments: [
        ("abcdef", 3, "abc"),
        ("abc", 10, "abc"),
        ("abc", 0, ""),
        ("中文abc", 3, "中"),  // the second 中 would need cells 3 and 4
        ("中文abc", 4, "中文"),
        ("e\u{0301}x", 1, "e\u{0301}"),  // the mark stays with its base
    ])
    func truncatedKeepsPrefixThatFits(string: String, width: Int, expected: String) {
        let result = DisplayWidth.truncated(string, toWidth: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= width)
    }

    @Test(arguments: [
        ("abcdef", 2, 3, "cde"),
        ("abcdef", 4, 10, "ef"),
        ("abcdef", 9, 3, ""),
        ("中文x", 1, 2, " "),  // right half of 中 shows as a space; 文 does not fit in cell 2
        ("中文x", 1, 3, " 文"),
        ("ae\u{0301}b", 2, 2, "b"),  // the accent belongs to the e that scrolled away
    ])
    func clippedShowsCellWindow(string: String, offset: Int, width: Int, expected: String) {
        #expect(DisplayWidth.clipped(string, from: offset, width: width) == expected)
    }

    @Test func clippedSurvivesHugeOffset() {
        #expect(DisplayWidth.clipped("abc", from: Int.max, width: 10) == "")
    }

    @Test(arguments: [
        ("exceeds the terminal clipboard limit", 40, "exceeds the terminal clipboard limit"),
        ("exceeds the terminal clipboard limit", 30, "exceeds the terminal…"),
        ("exceeds the terminal clipboard limit", 22, "exceeds the terminal…"),
        ("exceeds the terminal clipboard limit", 21, "exceeds the terminal…"),
        ("exceeds the terminal clipboard limit", 20, "exceeds the…"),
        ("(and 10 more: folio --check-config)", 25, "(and 10 more: folio…"),
        ("supercalifragilistic word", 10, "supercali…"),
        ("a supercalifragilistic", 10, "a superca…"),
        ("中文 中文中文", 8, "中文…"),
        ("abc def", 1, "…"),
        ("abc def", 0, ""),
    ])
    func shortenedAtWordEndsAtAWordWithAnEllipsis(string: String, width: Int, expected: String) {
        let shortened = DisplayWidth.shortenedAtWord(string, toWidth: width)
        #expect(shortened == expected)
        #expect(DisplayWidth.of(shortened) <= width)
    }

    @Test(arguments: [
        ("very-long-file-name.pdf", 20, "very-long-…-name.pdf"),
        ("short.pdf", 20, "short.pdf"),
        ("short.pdf", 9, "short.pdf"),
        ("short.pdf", 8, "shor…pdf"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
        ("中文中文中文", 6, "中…文"),
    ])
    func shortenedInMiddleKeepsBothEnds(string: String, width: Int, expected: String) {
        let result = DisplayWidth.shortenedInMiddle(string, toWidth: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= width)
    }
}
