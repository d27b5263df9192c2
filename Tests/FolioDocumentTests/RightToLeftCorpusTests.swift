import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// Right-to-left documents of the corpus read in logical order, and MuPDF's bidirectional
/// algorithm through the C boundary. The words expected come from independent tools, as noted
/// at each test.
@Suite struct RightToLeftCorpusTests {
    func reflowed(_ file: String, page: Int = 0) throws -> String {
        let document = try Document(path: Corpus.path(file))
        return TextLayout.text(of: try document.text(page: page), mode: .reflow, width: TextLayout.unlimitedWidth)
    }

    /// `pdftotext` reads the title as "اﻧﻮاع اﳋﻄﻮط اﻟﻌﺮﺑﻴﺔ" ("types of Arabic fonts", in
    /// presentation forms, NFKC: "انواع الخطوط العربية"); MuPDF gives the glyphs in the order they
    /// are drawn, "ﺔﻴﺑﺮﻌﻟا طﻮﻄﳋا عاﻮﻧا".
    @Test func aVisualOrderPDFReadsInLogicalOrderWithPlainLetters() throws {
        let text = try reflowed("pdfjs-ArabicCIDTrueType.pdf")
        #expect(text.hasPrefix("انواع الخطوط العربية\n"))
        let plain = try Document(path: Corpus.path("pdfjs-ArabicCIDTrueType.pdf")).plainText(page: 0)
        #expect(plain.hasPrefix("انواع الخطوط العربية\n"))
    }

    /// `mutool draw -F txt` on page 3 of the EPUB (MuPDF lays out EPUB itself, in logical order)
    /// starts "الفصل الثاني" and has "حسنًا! إن أردنا أن نفهم"; nothing may be reversed or split.
    @Test func anArabicEPUBKeepsItsLogicalOrder() throws {
        let text = try reflowed("idpf-regime-anticancer-arabic.epub", page: 2)
        #expect(text.hasPrefix("الفصل الثاني\n"))
        #expect(text.contains("حسنًا! إن أردنا أن نفهم الآن"))
    }

    /// Every page of habibi-rotated holds "حَبيبي habibi" (mutool's text of each page, in
    /// logical order); turned 90, 180 and 270 degrees, its lines run down, left and up, and the
    /// word must not be taken for visual order.
    @Test(arguments: 0..<4)
    func turnedPagesKeepTheirLogicalOrder(page: Int) throws {
        #expect(try reflowed("pypdf-habibi-rotated-arabic.pdf", page: page).hasPrefix("حَبيبي habibi"))
    }

    /// The XPS page draws "البني" and "السريع" 6 pt apart with no space character between them
    /// (`mutool draw -F stext`: the glyph boxes end at 114.02 and start at 108.0 on a 6-pt advance;
    /// `mutool draw -F txt` prints "البنيالسريع"); likewise "brown" and "السريع".
    @Test func wordSpacesComeBackFromGlyphGaps() throws {
        let text = try reflowed("tika-testXPS_various.xps")
        #expect(text.contains("البني السريع"))
        #expect(text.contains("brown السريع"))
    }

    @Test func searchFindsAnArabicWordOnAVisualOrderPage() throws {
        let plain = try Document(path: Corpus.path("pdfjs-ArabicCIDTrueType.pdf")).plainText(page: 0)
        let pattern = SearchPattern("الخطوط")
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(try pattern.matchingLineIndices(in: lines, until: .after(seconds: 60)).starts.count == 4)
    }

    /// UAX #9 on "abc كتاب 123", a left-to-right paragraph: the Arabic word at level 1; the digits
    /// after an Arabic letter are Arabic numbers (rule W2), at level 2 (I1); the space between the
    /// word and the number runs right to left (N1). In a right-to-left paragraph the brackets are
    /// mirrored (L4), so "(كتاب)" is still drawn "(باتك)".
    @Test func theBidiAlgorithmComesFromMuPDF() throws {
        let bidi = try #require(MuPDFBidi.shared)
        let mixed = Array("abc كتاب 123".unicodeScalars)
        let levels = try #require(bidi.levels(of: mixed, rightToLeft: false))
        #expect(levels.levels == [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2])
        let visual = RightToLeft.visual(mixed, levels: levels)
        #expect(String(String.UnicodeScalarView(visual)) == "abc 123 باتك")
        let bracketed = Array("(كتاب)".unicodeScalars)
        let rightToLeft = try #require(bidi.levels(of: bracketed, rightToLeft: true))
        #expect(String(String.UnicodeScalarView(RightToLeft.visual(bracketed, levels: rightToLeft))) == "(باتك)")
    }
}

/// qpdf's rotated.pdf turns its pages every way (/Rotate 0, 90, 180, 270) and draws their text
/// turned too, so MuPDF's lines run right, down, left and up; `mutool draw -F txt` reads
/// "Original page N" on each. Both views must read it upright, as one line.
@Suite struct RotatedTextCorpusTests {
    @Test func everyTurnedPageReadsUpright() throws {
        let document = try Document(path: Corpus.path("qpdf-rotated-20pages.pdf"))
        var directions: Set<String> = []
        for page in 0..<20 {
            let text = try document.text(page: page)
            for line in text.blocks.flatMap(\.lines) {
                directions.insert("\(line.direction.x.rounded()),\(line.direction.y.rounded())")
            }
            let expected = "Original page \(page + 1)\n"
            #expect(TextLayout.text(of: text, mode: .reflow, width: 80) == expected)
            #expect(TextLayout.text(of: text, mode: .physical, width: 80) == expected)
        }
        #expect(directions.count == 4, "the file's lines run all four ways: \(directions)")
    }
}

/// pdf.js's vertical.pdf sets "あいうえお" in a column right of "日本語" (Identity-V; MuPDF's
/// lines run down, in vertical writing mode; `mutool draw -F txt` prints the right column first).
@Suite struct VerticalWritingCorpusTests {
    @Test func columnsReadFromTheRightInBothViews() throws {
        let text = try Document(path: Corpus.path("pdfjs-vertical-japanese.pdf")).text(page: 0)
        let lines = text.blocks.flatMap(\.lines)
        #expect(lines.allSatisfy { $0.isVertical })
        #expect(TextLayout.text(of: text, mode: .reflow, width: 80) == "あいうえお\n\n日本語\n")
        let rows = TextLayout.text(of: text, mode: .physical, width: 80).split(separator: "\n")
        #expect(rows.map { $0.drop { $0 == " " } } == ["あいうえお", "日本語"])
    }
}

/// A search in the reader on the right-to-left pages of the corpus: the cells highlighted hold
/// the characters matched, as the terminal is sent them (in visual order, MuPDF's bidi). The
/// words come from `mutool draw -F txt` on each page (see ``RightToLeftCorpusTests``).
@Suite struct RightToLeftHighlightCorpusTests {
    /// The texts of the highlighted spans on the screen after searching `file`'s `page` for
    /// `pattern`, top to bottom, left to right.
    func highlighted(_ pattern: String, in file: String, page: Int = 0) throws -> [String] {
        let document = try Document(path: Corpus.path(file))
        var state = ReaderState(
            document: DocumentSummary(fileName: file, title: nil, pageCount: try document.pageCount),
            startPage: page, screen: ScreenSize(rows: 40, columns: 100), bidi: MuPDFBidi.shared)
        _ = state.start()
        _ = state.handle(.pageLoaded(page: page, text: try document.text(page: page)))
        for scalar in "/\(pattern)".unicodeScalars {
            _ = state.handle(.key(.character(scalar)))
        }
        _ = state.handle(.key(.enter))
        return ReaderView.render(state).rows.flatMap { row in
            row.filter { $0.style == .highlight || $0.style == .currentMatch }.map(\.text)
        }
    }

    /// An Arabic word as drawn: its letters (each with its marks) from the right.
    func drawn(_ word: String) -> String {
        String(word.reversed())
    }

    @Test func eachOfFourTitlesOnAVisualOrderPageHighlightsItsWord() throws {
        #expect(
            try highlighted("الخطوط", in: "pdfjs-ArabicCIDTrueType.pdf") == Array(repeating: drawn("الخطوط"), count: 4))
    }

    @Test func aWordAndAPhraseOfAnArabicEPUBAreHighlightedAsDrawn() throws {
        let file = "idpf-regime-anticancer-arabic.epub"
        #expect(try highlighted("أردنا", in: file, page: 2) == [drawn("أردنا")])
        #expect(try highlighted("نفهم الآن", in: file, page: 2) == [drawn("نفهم الآن")])
    }

    /// Each page of habibi-rotated reads "حَبيبي habibi", then the word again after glyphs with
    /// no Unicode value: the Latin word keeps its letters' order inside the right-to-left line.
    @Test(arguments: 0..<4)
    func aLatinWordAndAnArabicWordWithItsMarkInARightToLeftLine(page: Int) throws {
        let file = "pypdf-habibi-rotated-arabic.pdf"
        #expect(try highlighted("habibi", in: file, page: page) == ["habibi"])
        #expect(try highlighted("حَبيبي", in: file, page: page) == [drawn("حَبيبي"), drawn("حَبيبي")])
    }

    /// Typed without its fatha, "حبيبي" still finds "حَبيبي", highlighted with the mark.
    @Test func aWordTypedWithoutItsMarksIsFoundAndHighlightedWithThem() throws {
        #expect(
            try highlighted("حبيبي", in: "pypdf-habibi-rotated-arabic.pdf") == [drawn("حَبيبي"), drawn("حَبيبي")])
        // "حسنًا" carries a tanween (U+064B) on its nun.
        #expect(try highlighted("حسنا", in: "idpf-regime-anticancer-arabic.epub", page: 2) == [drawn("حسنًا")])
    }
}

/// No file of the corpus has a right-to-left outline, so a generated PDF carries one (titles in
/// UTF-16BE): the document reads the titles in logical order, as they are stored and typed.
@Suite struct RightToLeftOutlineTests {
    @Test func outlineTitlesAreReadInLogicalOrder() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Fixtures.rightToLeftOutline(), to: "outline.pdf")
        let document = try Document(path: path)
        // Read on the caller's thread, and on the document's own thread under a time limit (as
        // the reader reads it).
        for outline in [try document.outline(), try document.outline(cancellation: Cancellation(timeLimit: 10))] {
            #expect(outline.entries.map(\.title) == Fixtures.rightToLeftOutlineTitles)
            #expect(outline.entries.map(\.page) == [0, 1, 2, 3])
        }
    }
}

/// pdfjs-ArabicCIDTrueType.pdf draws its title with presentation forms, shaped by whatever made
/// it: `mutool draw -F txt` gives the glyphs' codes in the order drawn. Folio's own shaping of
/// the logical text, in visual order, must draw the same shapes (where the PDF's ToUnicode map
/// gives a plain letter, Folio's shape must be that letter's isolated form or the letter).
@Suite struct ArabicShapingCorpusTests {
    @Test func theTitleIsShapedAsTheDocumentDrawsIt() throws {
        let path = Corpus.path("pdfjs-ArabicCIDTrueType.pdf")
        let drawn = try #require(try Mutool.pageTexts(path)[0].split(separator: "\n").first)
        let text = try Document(path: path).text(page: 0)
        let bidi = try #require(MuPDFBidi.shared)
        let lines = TextLayout.withVisualOrder(TextLayout.reflow(text, width: 80), bidi: bidi, shapingArabic: true)
        let line = try #require(lines.first)
        let shown = try #require(line.visual?.text)
        let pairs = Array(zip(shown.split(separator: " "), drawn.split(separator: " ")))
        #expect(pairs.count == 3)
        // The middle word is drawn with a lam-khah ligature (U+FCCB) Folio does not make.
        for (ours, theirs) in [pairs[0], pairs[2]] {
            let oursScalars = Array(ours.unicodeScalars)
            let theirsScalars = Array(theirs.unicodeScalars)
            #expect(oursScalars.count == theirsScalars.count, "\(ours) against \(theirs)")
            for (mine, document) in zip(oursScalars, theirsScalars) {
                if (0xFB50...0xFEFF).contains(document.value) {
                    #expect(mine == document, "\(ours) against \(theirs)")
                } else {
                    let plain = String(Character(mine)).precomposedStringWithCompatibilityMapping
                    #expect(plain == String(Character(document)), "\(ours) against \(theirs)")
                }
            }
        }
    }
}
