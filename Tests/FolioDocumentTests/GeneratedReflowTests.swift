import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// The reflow rules by category, on documents typeset here (``Typesetter``) from text whose
/// paragraphs are known: the expected text is the source's, never Folio's output. Each
/// document is read through MuPDF as any PDF is, so the blocks and lines are MuPDF's own.
@Suite struct GeneratedReflowTests {
    static let body = 468.0
    static let left = 72.0

    /// The pages of `document` as `folio --text --reflow` prints them (the pages read together).
    private func reflowed(_ document: Typesetter) throws -> [String] {
        let folder = try TemporaryDirectory("folio-reflow")
        let path = try folder.write(document.data(), to: "generated.pdf")
        let opened = try Document(path: path)
        var reflow = DocumentReflow()
        var texts: [String?] = []
        for page in 0..<(try opened.pageCount) {
            let read = DocumentReflow.Page(try opened.text(page: page), width: TextLayout.unlimitedWidth)
            texts += reflow.add(read, number: page, printed: true).map(\.text)
        }
        texts += reflow.remaining().map(\.text)
        return texts.map { $0 ?? "" }
    }

    /// The paragraphs of one page's text: its lines, blank lines left out.
    private func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    private static let intro =
        "The options below change how the interpreter starts. Each one is described with the "
        + "default it overrides and the situations in which a user would want to give it."

    // MARK: words and spaces

    /// Words set each on its own with no space character between them, as a justified line's
    /// `TJ` offsets leave them: after a full stop or comma the gap is 0.12 em, narrower than
    /// MuPDF takes for a space (about 0.15 em), between other words 0.3 em, which it takes. The
    /// reflow reads a space after the punctuation too; letters spaced evenly at the same 0.12 em
    /// (`S.P.Q.R.`, tracked) stay one word.
    @Test func aWordGapAfterPunctuationIsASpace() throws {
        var page = Typesetter()
        let size = 10.0
        func set(_ pieces: [(text: String, gapAfter: Double)], y: Double) {
            var x = Self.left
            for piece in pieces {
                page.text(piece.text, x: x, y: y, size: size)
                x += Typesetter.width(piece.text, size: size) + piece.gapAfter * size
            }
        }
        let words = ["He", "has", "passed", "away,", "his", "wife,", "and", "the", "rest", "came.", "The", "end."]
        set(words.map { ($0, $0.last!.isPunctuation ? 0.12 : 0.3) }, y: 720)
        set("S.P.Q.R.".map { (String($0), 0.12) }, y: 690)
        let text = try #require(reflowed(page).first)
        #expect(text.contains("He has passed away, his wife, and the rest came. The end."))
        #expect(text.contains("S.P.Q.R."))
    }

    // MARK: lists and hanging indents

    @Test func entriesUnderAHangingIndentStayOneParagraph() throws {
        var page = Typesetter()
        var y = page.paragraph(Self.intro, x: Self.left, y: 720, width: Self.body) - 6
        // A tag on its own line, its text below it, hanging at 108.
        page.text("--interactive", x: Self.left, y: y)
        let first = [
            "Force the interpreter to behave as though it were connected to a terminal, which is the",
            "default when its standard input and its output are both connected to a real termi-",
            "nal; it is false in sessions started by scripts or by other programs that read its output.",
        ]
        y = page.set(first.map { Typesetter.SetLine($0) }, x: Self.left + 36, y: y - 12, width: Self.body - 36) - 6
        let firstTruth =
            "Force the interpreter to behave as though it were connected to a terminal, which is the default "
            + "when its standard input and its output are both connected to a real terminal; it is false in "
            + "sessions started by scripts or by other programs that read its output."
        // A tag on the first line of its text, which ends in a full line; the next tag after it.
        page.text("-q", x: Self.left, y: y)
        let second = [
            "Do not print the usual greeting and version message at startup, which many people",
            "find distracting after the first few weeks of using the program every single day.",
        ]
        y =
            page.set(
                second.map { Typesetter.SetLine($0) }, x: Self.left + 36, y: y, width: Self.body - 36,
                justifyingLastLine: true) - 6
        page.text("--vanilla", x: Self.left, y: y)
        let third = "Combine the options that make a session start from nothing: no profile, no saved workspace."
        y = page.paragraph(third, x: Self.left + 60, y: y, width: Self.body - 60) - 6
        var items: [String] = []
        for (mark, text) in [
            (
                "\u{2022}",
                "The first bullet item has text long enough to wrap onto a second line under its hanging indent."
            ),
            ("\u{2013}", "The second item, marked with a dash, is also long enough that it wraps onto another line."),
            ("1.", "A numbered entry whose text runs on far enough that it must wrap onto the next line as well."),
            ("2.", "Another numbered entry whose text again runs on far enough to wrap onto the next line too."),
        ] {
            page.text(mark, x: Self.left, y: y)
            y = page.paragraph(text, x: Self.left + 18, y: y, width: Self.body - 18) - 6
            items.append(mark + " " + text)
        }
        let text = try #require(try reflowed(page).first)
        #expect(
            paragraphs(text)
                == [
                    Self.intro, "--interactive", firstTruth, "-q " + second.joined(separator: " "),
                    "--vanilla " + third,
                ] + items)
    }

    // MARK: code

    @Test func codeKeepsItsLinesAndTheirIndentationFromTheirPlace() throws {
        let code = [
            "def read(path):", "    records = []", "    for line in open(path):",
            "        records.append(line.split())",
            "    return records", "", "print(x2 / 1000, digits = 4)", "zapsmall(x2 / 1000, digits = 4)",
        ]
        var page = Typesetter()
        var y = page.paragraph(Self.intro, x: Self.left, y: 720, width: Self.body) - 4
        page.text("Examples", x: Self.left, y: y)
        y -= 12
        for line in code {
            let indent = line.prefix { $0 == " " }.count
            if !line.isEmpty {
                page.text(
                    String(line.dropFirst(indent)), x: Self.left + 18 + 5.4 * Double(indent), y: y, size: 9,
                    font: .courier)
            }
            y -= 11
        }
        let after = "The second example prints the same numbers with the digits that are zero removed."
        page.paragraph(after, x: Self.left, y: y - 6, width: Self.body)
        let text = try #require(try reflowed(page).first)
        #expect(
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                == [Self.intro, "", "Examples", ""] + code + ["", after, ""])
    }

    // MARK: footnote marks

    /// The mark set 6 points high at 6 points, and 4.5 high at 5, MuPDF reads as a line of its
    /// own (`wells` / `1` / `until`); 4 high at 6, as part of its line.
    @Test(arguments: [(6.0, 4.0), (6.0, 6.0), (5.0, 4.5)])
    func aLineEndingInAFootnoteMarkGoesOn(markSize: Double, rise: Double) throws {
        var page = Typesetter()
        let lines = [
            "The village drew its water from the three old stone wells",
            "until the river was dammed, in the year the railway first came to the valley and the",
            "mill closed for good.",
        ]
        let markWidth = Typesetter.width("1", size: markSize)
        var y = 720.0
        for (index, line) in lines.enumerated() {
            let spaces = Double(line.filter { $0 == " " }.count)
            let width = index == 0 ? Self.body - markWidth : Self.body
            let spacing = index == lines.count - 1 ? 0 : (width - Typesetter.width(line, size: 10)) / spaces
            page.text(line, x: Self.left, y: y, wordSpacing: spacing)
            if index == 0 {
                page.text("1", x: Self.left + width, y: y, size: markSize, rise: rise)
            }
            y -= 12
        }
        page.text("1", x: Self.left, y: 80, size: 6, rise: 3)
        page.text("The wells are still there, behind the church.", x: Self.left + 4, y: 80, size: 8)
        let text = try #require(try reflowed(page).first)
        #expect(
            paragraphs(text).first == lines.joined(separator: " ").replacingOccurrences(of: "wells", with: "wells1"))
    }

    // MARK: a page's only text

    @Test func aPageWhoseOnlyTextIsInAMarginBandPrintsIt() throws {
        var document = Typesetter()
        document.newPage()
        document.paragraph(Self.intro, x: Self.left, y: 720, width: Self.body)
        document.newPage()
        document.text("Notes to the second edition follow overleaf.", x: Self.left, y: 760)
        document.newPage()
        document.text("The end of the second edition's notes.", x: Self.left, y: 30)
        // A line in the top band over a page number in the bottom one: the number stays out.
        document.newPage()
        document.text("This page is left blank on purpose.", x: Self.left, y: 760)
        document.text("47", x: Self.left + Self.body / 2, y: 30)
        let pages = try reflowed(document)
        #expect(
            pages == [
                Self.intro + "\n", "Notes to the second edition follow overleaf.\n",
                "The end of the second edition's notes.\n", "This page is left blank on purpose.\n",
            ])
    }

    // MARK: double spacing

    @Test func doubleSpacedTextIsReadAsParagraphs() throws {
        let first =
            "This manuscript is set with double spacing, as a publisher asks of a draft, so that an "
            + "editor has room to write between the lines. Every line is twice as far from the next "
            + "as its font is high, and the paragraphs start with an indent."
        let second =
            "The second paragraph begins here, indented like the first one, and it runs on over "
            + "several lines of the page so that a reader could tell it from a list of short lines."
        var page = Typesetter()
        var y = page.paragraph(first, x: Self.left, y: 720, width: Self.body, size: 12, leading: 24, firstIndent: 36)
        y = page.paragraph(second, x: Self.left, y: y, width: Self.body, size: 12, leading: 24, firstIndent: 36)
        let text = try #require(try reflowed(page).first)
        #expect(paragraphs(text) == [first, second])
    }

    // MARK: title blocks

    /// Authors and their affiliation set close, of much the same width, in sizes 12 and 11 or
    /// 11 and 10: MuPDF gives them one block (they read as one paragraph before the title rule).
    @Test(arguments: [(12.0, 10.0, 7.2, 1.4), (12.0, 11.0, 6.0, 1.1), (11.0, 10.0, 6.0, 1.1)])
    func theLinesOfATitleBlockAreParagraphsOfTheirOwn(
        authorSize: Double, affiliationSize: Double, titleGap: Double, leading: Double
    ) throws {
        var page = Typesetter()
        let lines: [(String, Double, Typesetter.Font)] = [
            ("Reading Order in Generated Documents", 18, .helvetica),
            ("Ada Quill, Bertrand Vellum and Cecily Marsh", authorSize, .helvetica),
            ("Department of Typography, University of Nowhere", affiliationSize, .oblique),
        ]
        var y = 720.0
        for (text, size, font) in lines {
            let width = Typesetter.width(text, size: size, font: font)
            page.text(text, x: (612 - width) / 2, y: y, size: size, font: font)
            y -= size == 18 ? 18 + titleGap : size * leading
        }
        page.paragraph(Self.intro, x: Self.left, y: y - 12, width: Self.body)
        let text = try #require(try reflowed(page).first)
        #expect(paragraphs(text) == lines.map(\.0) + [Self.intro])
    }
}
