import FolioCore
import Testing

/// What the reflow decides with more than one page: running headers by repetition, paragraphs
/// going on over a page break, hyphens settled by the whole document.
@Suite struct ReflowAcrossPagesTests {
    typealias Fixture = PageTextFixture

    /// A paragraph of `lines`, each padded with spaces to 64 characters (so every line is
    /// full) but the last, from `y`.
    static func prose(_ lines: [String], y: Double) -> TextBlock {
        Fixture.block(lines.dropLast().map(\.paddedToFull) + lines.suffix(1), y: y)
    }

    /// A body block that differs on each page and is no running header.
    static func body(_ page: Int) -> TextBlock {
        Fixture.block(["Body text of page \(page) says something of its own here.", "It ends."], y: 300)
    }

    static func document(_ pages: [PageText], width: Int = 400) -> (DocumentReflow, [Int: PageReflow]) {
        var document = DocumentReflow()
        var reflows: [Int: PageReflow] = [:]
        for (index, page) in pages.enumerated() {
            document.add(DocumentReflow.Page(page, width: width), number: index)
            reflows[index] = PageReflow(page)
        }
        return (document, reflows)
    }

    @Test func aChapterTitleSetLargeBelowTheBandIsARunningHeadWhereItRepeats() throws {
        // Twice the body's size and at 13% of the page: the margin band does not catch it.
        let pages = (0..<5).map { page in
            Fixture.page([
                Fixture.scaled(Fixture.block(["Chapter 5: Strings and \(page + 80)"], y: 100), by: 2), Self.body(page),
            ])
        }
        let (document, reflows) = Self.document(pages)
        let texts = document.texts(of: Array(0..<5))
        for (page, text) in texts.enumerated() {
            #expect(text == "Body text of page \(page) says something of its own here. It ends.\n")
        }
        // The reader, with the same pages at hand, dims it; a page alone keeps it as text.
        let lines = try #require(reflows[2]).lines(width: 200, context: PageReflow.context(of: 2, in: reflows))
        #expect(lines.filter(\.isFurniture).map(\.text) == ["Chapter 5: Strings and 82"])
        #expect(TextLayout.reflow(pages[2], width: 200).filter(\.isFurniture).isEmpty)
    }

    @Test func headsAlternatingBetweenLeftAndRightPagesAreRunningHeads() {
        let pages = (0..<6).map { page in
            let head = page % 2 == 0 ? "GNU Octave (version 7.3.0)" : "Chapter 5: Strings"
            return Fixture.page([Fixture.scaled(Fixture.block([head], y: 110), by: 1.5), Self.body(page)])
        }
        let (document, _) = Self.document(pages)
        for text in document.texts(of: Array(0..<6)) {
            #expect(text?.contains("Octave") == false)
            #expect(text?.contains("Chapter") == false)
        }
    }

    @Test func aHeadingOnOnePageOnlyIsText() {
        let pages = (0..<5).map { page in
            Fixture.page(
                (page == 2 ? [Fixture.scaled(Fixture.block(["Chapter 6: Containers"], y: 100), by: 2)] : [])
                    + [Self.body(page)])
        }
        let (document, _) = Self.document(pages)
        #expect(document.texts(of: [2])[0]?.hasPrefix("Chapter 6: Containers\n") == true)
    }

    @Test func aParagraphGoingOnOverAPageBreakIsPrintedWholeWhereItStarts() throws {
        let first = Fixture.page([
            Self.prose(
                [
                    "A full line of prose, as wide as the whole block, goes first",
                    "and the page ends in a sentence whose long word compu-".paddedToFull,
                ], y: 600)
        ])
        let second = Fixture.page([
            Self.prose(["tation goes on at the top of the next page and then it", "ends."], y: 72),
            Fixture.block(["Next paragraph."], y: 200),
        ])
        let (document, reflows) = Self.document([first, second])
        let texts = document.texts(of: [0, 1])
        #expect(texts[0]?.contains("long word computation goes on") == true)
        #expect(texts[1] == "Next paragraph.\n")
        // The reader shows each page as it is, saying where the last paragraph goes on.
        let lines = try #require(reflows[0]).lines(width: 400, context: PageReflow.context(of: 0, in: reflows))
        #expect(lines.last?.text == "→ p. 2")
        #expect(lines.last?.isFurniture == true)
        // Printed alone, a page keeps its own text.
        #expect(document.texts(of: [1])[0]?.hasPrefix("tation") == true)
    }
}

extension ReflowAcrossPagesTests {
    @Test func aSentenceEndedAtTheFootOfAPageDoesNotGoOn() {
        let first = Fixture.page([
            Self.prose(
                [
                    "A full line of prose, as wide as the whole block, goes first",
                    "and the page ends with a sentence that ends in a full stop.".paddedToFull,
                ], y: 600)
        ])
        let second = Fixture.page([Self.prose(["the next page starts in lowercase all the same.", "Here."], y: 72)])
        let (document, reflows) = Self.document([first, second])
        #expect(document.texts(of: [0, 1])[1]?.hasPrefix("the next page") == true)
        #expect(PageReflow.context(of: 0, in: reflows) == PageReflow.Context())
    }

    @Test func chineseGoesOnOverAPageBreakWithoutASpace() {
        // Lines of 15 characters, each as wide as the block: full.
        let first = Fixture.page([Fixture.block(["阅读质量的基准测试使用已知内容", "的文档，比较每个工具提取出的文"], y: 600)])
        let second = Fixture.page([Fixture.block(["字与原文的差异。"], y: 72)])
        let (document, _) = Self.document([first, second])
        #expect(document.texts(of: [0, 1])[0]?.contains("提取出的文字与原文") == true)
    }
}

/// A compound broken at its hyphen with no other spelling on its page.
@Suite struct UndecidedHyphenTests {
    typealias Fixture = PageTextFixture

    @Test func aParticipleBeforeTheHyphenKeepsIt() {
        // tracemonkey page 1: "a mixed-" / "mode execution approach", nowhere else spelt.
        let page = Fixture.page([["Our system uses a mixed-", "mode execution approach."]])
        #expect(
            TextLayout.text(of: page, mode: .reflow, width: 200) == "Our system uses a mixed-mode execution approach.\n"
        )
        let syllable = Fixture.page([["the performance of the per-", "formance counters."]])
        #expect(
            TextLayout.text(of: syllable, mode: .reflow, width: 200) == "the performance of the performance counters.\n"
        )
    }

    @Test func theDocumentsOtherPagesDecideWhereThePageDoesNot() {
        let broken = Fixture.page([["It runs multi-", "threaded code."]])
        let evidence = Fixture.page([["Most of the multi-threaded runtime is new."]])
        #expect(TextLayout.text(of: broken, mode: .reflow, width: 200) == "It runs multithreaded code.\n")
        var document = DocumentReflow()
        document.add(DocumentReflow.Page(broken, width: 200), number: 0)
        document.add(DocumentReflow.Page(evidence, width: 200), number: 1)
        #expect(document.texts(of: [0]) == ["It runs multi-threaded code.\n"])
        var joined = DocumentReflow()
        joined.add(DocumentReflow.Page(Fixture.page([["the back-", "end of it"]]), width: 200), number: 0)
        joined.add(DocumentReflow.Page(Fixture.page([["Every backend is new."]]), width: 200), number: 1)
        #expect(joined.texts(of: [0]) == ["the backend of it\n"])
    }
}

extension String {
    /// The string with spaces after it up to 64 characters: a full line of a fixture block.
    fileprivate var paddedToFull: String { self + String(repeating: " ", count: max(64 - count, 0)) }
}

extension ReflowAcrossPagesTests {
    /// qpdf-rotated-20pages.pdf has one line a page, "Original page N", always at one place:
    /// repeated, but all there is to read.
    @Test func aPageWhoseTextWouldAllBeFurnitureKeepsIt() {
        let pages = (0..<4).map { Fixture.page([Fixture.block(["Original page \($0 + 1)"], y: 100)]) }
        let (document, _) = Self.document(pages)
        #expect(document.texts(of: Array(0..<4)) == (1...4).map { "Original page \($0)\n" })
    }
}

extension UndecidedHyphenTests {
    @Test func aHyphenInArabicIsTheWords() {
        let page = Fixture.page([["غلوتاثيون أس-", "ترانسفيراز هي"]])
        #expect(TextLayout.text(of: page, mode: .reflow, width: 200) == "غلوتاثيون أس-ترانسفيراز هي\n")
    }
}

extension ReflowAcrossPagesTests {
    /// debian-octave.pdf ends pages 821 and 823 with "The result of which can be seen in Figure
    /// 28.1." (28.2): the last line of the body, at the same place, is no footer.
    @Test func theLastLineOfTheBodyRepeatedIsNoFooter() {
        let pages = (0..<5).map { page in
            Fixture.page([
                Self.body(page), Fixture.block(["plot (x, y)"], y: 660),
                Fixture.block(["The result of which can be seen in Figure 28.\(page)."], y: 680),
            ])
        }
        let (document, _) = Self.document(pages)
        for (page, text) in document.texts(of: Array(0..<5)).enumerated() {
            #expect(text?.hasSuffix("The result of which can be seen in Figure 28.\(page).\n") == true)
        }
    }
}

extension ReflowAcrossPagesTests {
    /// A long document streams: pages come out once the pages after them are read, a few dozen
    /// at a time, and what comes out is what the whole document at once gives — here a running
    /// head on every page and a paragraph going on over every page break, across the batches.
    @Test func aLongDocumentStreamsTheTextTheWholeDocumentGives() {
        let count = DocumentReflow.lookahead * 3
        let pages = (0..<count).map { page in
            Fixture.page([
                Fixture.scaled(Fixture.block(["Streaming: a running head"], y: 100), by: 1.5),
                Self.prose(["tail of page \(page - 1) goes on here. Page \(page) begins", "its own text."], y: 200),
                Self.prose(
                    [
                        "A full line of prose on page \(page), as wide as the block is,",
                        "and it ends in a sentence going on over the page break to".paddedToFull,
                    ], y: 600),
            ])
        }
        var streamed = DocumentReflow()
        var texts: [(page: Int, text: String?)] = []
        var firstOut: Int?
        for (index, page) in pages.enumerated() {
            let out = streamed.add(DocumentReflow.Page(page, width: 400), number: index, printed: true)
            if firstOut == nil, !out.isEmpty {
                firstOut = index
            }
            texts += out
        }
        texts += streamed.remaining()
        #expect(firstOut.map { $0 < count - DocumentReflow.lookahead } == true, "nothing came out before the end")
        #expect(texts.map(\.page) == Array(0..<count))
        let (whole, _) = Self.document(pages)
        let expected = whole.texts(of: Array(0..<count))
        #expect(texts.map(\.text) == expected)
        #expect(expected[70]?.contains("the page break to tail of page 70 goes on here. Page 71 begins its") == true)
        #expect(expected[71]?.hasPrefix("A full line of prose on page 71") == true)
        #expect(expected.allSatisfy { $0?.contains("running head") == false })
    }
}

extension ReflowAcrossPagesTests {
    /// `count` pages of one paragraph that never ends a sentence: every page goes on.
    static func endlessParagraph(pages count: Int) -> [PageText] {
        (0..<count).map { page in
            Fixture.page([
                Self.prose(
                    [
                        "words of page \(page) go on with the one long paragraph without end,",
                        "and its last line is as full as the block is wide, going on to".paddedToFull,
                    ], y: 300)
            ])
        }
    }

    static func streamed(_ pages: [PageText]) -> [(page: Int, text: String?)] {
        var document = DocumentReflow()
        var texts: [(page: Int, text: String?)] = []
        for (index, page) in pages.enumerated() {
            texts += document.add(DocumentReflow.Page(page, width: 400), number: index, printed: true)
        }
        return texts + document.remaining()
    }

    /// A paragraph over more pages than the lookahead holds them back until it ends: printed
    /// whole on its first page, as the whole document at once prints it.
    @Test func aParagraphLongerThanTheLookaheadWaitsForItsEnd() {
        let pages = Self.endlessParagraph(pages: DocumentReflow.lookahead * 2 + 20)
        let texts = Self.streamed(pages)
        let (whole, _) = Self.document(pages)
        #expect(texts.map(\.page) == Array(pages.indices))
        #expect(texts.map(\.text) == whole.texts(of: Array(pages.indices)))
        #expect(texts.first?.text?.contains("words of page 147 go on") == true)
    }

    /// One that goes on past ``DocumentReflow/longestHeld`` pages is cut there: a paragraph
    /// break the pages do not have, but no word lost or repeated.
    @Test func aParagraphTooLongToHoldIsCutWithNoWordLost() {
        let pages = Self.endlessParagraph(pages: DocumentReflow.longestHeld + DocumentReflow.lookahead * 2)
        let texts = Self.streamed(pages)
        let (whole, _) = Self.document(pages)
        #expect(texts.map(\.page) == Array(pages.indices))
        func words(_ texts: [String?]) -> [Substring] {
            texts.compactMap { $0 }.joined().split(whereSeparator: \.isWhitespace)
        }
        #expect(words(texts.map(\.text)) == words(whole.texts(of: Array(pages.indices))))
        #expect(texts.filter { $0.text?.isEmpty == false }.count > 1, "the paragraph was cut")
    }
}
