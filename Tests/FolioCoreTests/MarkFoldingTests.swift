import FolioCore
import Testing

/// Arabic and Hebrew search with and without marks, like smart case: a pattern without marks
/// finds words written with them and highlights them whole; a pattern with marks matches exactly.
@Suite struct MarkFoldingTests {
    /// "كَتَبَ" (he wrote, with fatha on each letter), "الكِتَابُ" (the book, kasra, fatha, damma).
    let wrote = "كَتَبَ"
    let theBook = "الكِتَابُ"

    @Test func aPatternWithoutMarksFindsAWordWrittenWithThem() {
        let line = "\(wrote) \(theBook)"
        // Each letter and its mark are one Character: "كَتَبَ" is Characters 0..<3.
        #expect(SearchPattern("كتب").matchRanges(in: line) == [0..<3])
        #expect(SearchPattern("الكتاب").matchRanges(in: line) == [4..<10])
        #expect(SearchPattern("كتاب").matches(line))
        #expect(!SearchPattern("كتبت").matches(line))
    }

    @Test func aPatternWithMarksMatchesThemExactly() {
        let line = "\(wrote) كُتُب"
        #expect(SearchPattern("كَتَبَ").matchRanges(in: line) == [0..<3])
        #expect(SearchPattern("كُتُب").matchRanges(in: line) == [4..<7])
        #expect(SearchPattern("كُتب").matchRanges(in: line) == [], "a pattern with one mark is matched exactly")
        #expect(SearchPattern("كتب").matchRanges(in: line) == [0..<3, 4..<7])
    }

    /// The tatweel (U+0640) stretches a word: "كـتـاب" is the word "كتاب" drawn long.
    @Test func aTatweelInsideAWordIsPassedOverAndHighlightedWithIt() {
        let line = "في كـتـاب جديد"
        #expect(SearchPattern("كتاب").matchRanges(in: line) == [3..<9])
    }

    @Test func hebrewPointsAreFoldedToo() {
        // "שָׁלוֹם" (shalom, with qamats, shin dot and holam).
        let line = "שָׁלוֹם עֲלֵיכֶם"
        #expect(SearchPattern("שלום").matchRanges(in: line) == [0..<4])
        #expect(SearchPattern("עליכם").matchRanges(in: line) == [5..<10])
        // The maqaf (U+05BE) is punctuation, not a point: it is not passed over.
        #expect(!SearchPattern("כלבית").matches("כל־בית"))
    }

    @Test func alefsWithHamzaMatchABareAlefUnlessThePatternHasOne() {
        let line = "أحمد إبراهيم آمن احمد"
        #expect(SearchPattern("احمد").matchRanges(in: line) == [0..<4, 17..<21])
        #expect(SearchPattern("ابراهيم").matchRanges(in: line) == [5..<12])
        #expect(SearchPattern("امن").matchRanges(in: line) == [13..<16])
        #expect(SearchPattern("أحمد").matchRanges(in: line) == [0..<4], "a hamza in the pattern matches exactly")
    }

    /// The wasla of Quranic and classical text (ٱ, U+0671) and the wavy hamzas (ٲ ٳ) are marked
    /// alefs too: a plain alef finds them; a pattern with one matches it exactly.
    @Test func alefWaslaAndWavyHamzasMatchABareAlef() {
        let line = "ٱلدجاجة ٲلدجاجة الدجاجة"
        #expect(SearchPattern("الدجاجة").matchRanges(in: line) == [0..<7, 8..<15, 16..<23])
        #expect(SearchPattern("ٱلدجاجة").matchRanges(in: line) == [0..<7])
        // With its harakat, as the Quran is printed: the marks fold and the wasla with them.
        #expect(SearchPattern("الله").matches("ٱللَّهِ"))
    }

    /// A document may hold "أ" as alef and a combining hamza (U+0654), and "ؤ" as waw and hamza:
    /// they are the letters the precomposed ones are, not a bare alef and waw.
    @Test func decomposedHamzaLettersAreTheLettersTheyCompose() {
        let line = "\u{0627}\u{0654}\u{062D}\u{0645}\u{062F} \u{0645}\u{0648}\u{0654}\u{0645}\u{0646}"
        #expect(SearchPattern("أحمد").matchRanges(in: line) == [0..<4])
        #expect(SearchPattern("احمد").matchRanges(in: line) == [0..<4])
        #expect(SearchPattern("مؤمن").matchRanges(in: line) == [5..<9])
        #expect(SearchPattern("مومن").matchRanges(in: line) == [])
    }

    @Test func latinPatternsAndRegularExpressionsAreNotFolded() {
        #expect(SearchPattern("trace").matchRanges(in: "a trace") == [2..<7])
        #expect(SearchPattern("re:كتب").matchRanges(in: wrote) == [], "an expression matches the text as it is")
    }

    /// A word with marks split over two lines of a paragraph is still one match.
    @Test func aPhraseAcrossALineBreakFolds() {
        let matches = SearchPattern("كتب الكتاب").lineMatches(in: [wrote, theBook])
        #expect(matches == [LineMatch(line: 0, range: 0..<3, continuation: 0..<6)])
    }

    /// The outline's filter folds marks as search does: "فصل" picks "الفَصْلُ الأول" (the chapter,
    /// with fatha, sukun and damma) and highlights its letters with their marks.
    @Test func theOutlineFilterFoldsMarksToo() {
        var session = ReaderSession(pageCount: 10, screen: ScreenSize(rows: 10, columns: 60))
        session.type("o")
        _ = session.state.handle(
            .outlineLoaded([
                OutlineItem(title: "مقدمة", level: 0, page: 0),
                OutlineItem(title: "الفَصْلُ الأول", level: 0, page: 2),
            ]))
        session.type("فصل")
        #expect(session.screenLines[0].hasPrefix(" Outline — 1 of 2 entries match"))
        let rows = ReaderView.render(session.state).rows
        #expect(rows[1].filter { $0.style == .highlight }.map(\.text) == ["فَصْلُ"])
    }
}
