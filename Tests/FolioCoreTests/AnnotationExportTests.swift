import FolioCore
import Testing

/// The text a markup marks (``PageText/markedText(under:)``) and the export's fields, notes
/// and dates.
@Suite struct AnnotationExportTests {
    /// The box of characters `range` of line `line` of `page`, as a selection's quad.
    static func quad(_ page: PageText, block: Int = 0, line: Int, _ range: Range<Int>) -> TextRect {
        let chars = page.blocks[block].lines[line].chars[range]
        return chars.dropFirst().reduce(chars.first!.box) { $0.union($1.box) }
    }

    @Test func theCharactersUnderTheQuadsInReadingOrder() {
        let page = PageTextFixture.page([["The quick brown fox", "jumps over the dog"]])
        // "quick" and "fox" on one line: the run between them is not marked, so one space.
        let quads = [Self.quad(page, line: 0, 4..<9), Self.quad(page, line: 0, 16..<19)]
        #expect(page.markedText(under: quads) == "quick fox")
        // Across the line break: joined by a space, white space at the ends dropped.
        let across = [Self.quad(page, line: 0, 9..<19), Self.quad(page, line: 1, 0..<6)]
        #expect(page.markedText(under: across) == "brown fox jumps")
        // Quads given last line first still read in the page's order.
        #expect(page.markedText(under: across.reversed()) == "brown fox jumps")
        #expect(page.markedText(under: []) == "")
        #expect(page.markedText(under: [TextRect(x0: 0, y0: 0, x1: 10, y1: 10)]) == "")
    }

    /// A character counts when its box's centre is in a quad: a quad that only grazes a
    /// neighbour leaves it out.
    @Test func aCharacterCountsByItsCentre() {
        let page = PageTextFixture.page([["abcdef"]])
        let box = Self.quad(page, line: 0, 2..<4)
        let grazing = TextRect(x0: box.x0 - 2, y0: box.y0, x1: box.x1 + 2.9, y1: box.y1)
        #expect(page.markedText(under: [grazing]) == "cd")
        let reaching = TextRect(x0: box.x0, y0: box.y0, x1: box.x1 + 3, y1: box.y1)
        #expect(page.markedText(under: [reaching]) == "cde")
    }

    /// A syllable hyphen at a line end goes; a compound's stays, as the page spells it.
    @Test func lineEndHyphensAreJoinedAsTheReflowViewJoinsThem() {
        let page = PageTextFixture.page([
            ["an inter-", "active reader", "a well-", "known name"], ["known well-known"],
        ])
        let syllable = [Self.quad(page, line: 0, 3..<9), Self.quad(page, line: 1, 0..<6)]
        #expect(page.markedText(under: syllable) == "interactive")
        let compound = [Self.quad(page, line: 2, 2..<7), Self.quad(page, line: 3, 0..<5)]
        #expect(page.markedText(under: compound) == "well-known")
    }

    @Test func fieldsEscapeTheirSeparatorsAndDefuseControls() {
        #expect(AnnotationExport.field("a\tb\nc\\d") == #"a\tb\nc\\d"#)
        #expect(AnnotationExport.field("one\r\ntwo\rthree") == #"one\ntwo\nthree"#)
        #expect(AnnotationExport.field("\u{1B}[31mred\u{9B}") == "\u{FFFD}[31mred\u{FFFD}")
        let annotation = Annotation(
            id: AnnotationID("x"), page: 4, kind: .strikeOut, rect: TextRect(x0: 0, y0: 0, x1: 1, y1: 1),
            markedText: "old\ttext", note: "say\nwhy")
        #expect(AnnotationExport.line(annotation) == "5\tstrikeout\told\\ttext\tsay\\nwhy")
    }

    @Test func readingNotesQuoteTheMarkedTextWithTheNoteBelow() {
        let rect = TextRect(x0: 0, y0: 0, x1: 1, y1: 1)
        let annotations = [
            Annotation(
                id: AnnotationID("a"), page: 2, kind: .highlight, rect: rect, markedText: "A claim.",
                note: "  Is it true?\r\nCheck.  "),
            Annotation(id: AnnotationID("b"), page: 2, kind: .note, rect: rect, note: "A thought \u{1B}]0;x\u{07}"),
            Annotation(id: AnnotationID("c"), page: 2, kind: .ink, rect: rect),
            Annotation(id: AnnotationID("d"), page: 2, kind: .underline, rect: rect, markedText: "Bare."),
        ]
        #expect(
            AnnotationExport.markdown(page: 2, label: "iii", annotations: annotations)
                == "## Page iii\n\n> A claim.\n\nIs it true?\nCheck.\n\nA thought \u{FFFD}]0;x\u{FFFD}\n\n> Bare.\n")
        #expect(
            AnnotationExport.markdown(page: 2, label: nil, annotations: annotations)?.hasPrefix("## Page 3\n") == true)
        #expect(AnnotationExport.markdown(page: 2, label: nil, annotations: [annotations[2]]) == nil)
    }

    @Test(arguments: [
        (0, "1970-01-01T00:00:00Z"), (1_714_566_600, "2024-05-01T12:30:00Z"), (951_825_600, "2000-02-29T12:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"), (4_102_444_800, "2100-01-01T00:00:00Z"),
        (-62_135_596_800, "0001-01-01T00:00:00Z"),
    ])
    func datesAreWrittenInISO8601(seconds: Int64, written: String) {
        #expect(AnnotationTime(secondsSince1970: seconds).iso8601 == written)
    }
}
