import FolioTestSupport
import Foundation
import Testing

/// `--text --reflow` and `--text --layout`: the reader's two text views, printed.
@Suite struct TextViewCLITests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")
    static let hasPdftotext = FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")

    private func pages(_ arguments: [String]) throws -> [[String]] {
        let result = try FolioProcess.run(arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        var pages = result.output.components(separatedBy: "\u{0C}")
        #expect(pages.removeLast() == "", "output must end with a form feed")
        return pages.map { page in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func reflowPrintsOneParagraphPerLine() throws {
        let lines = try #require(pages(["--text", "--reflow", "--pages", "1", tracemonkey]).first)
        // The abstract's first lines end in "com-" and "al-": one paragraph, words joined.
        let abstract = try #require(lines.first { $0.hasPrefix("Dynamic languages such as JavaScript") })
        #expect(abstract.contains("more difficult to compile than statically typed ones."))
        #expect(abstract.contains("We present an alternative compilation technique"))
        // Paragraphs are separated by exactly one blank line.
        #expect(!zip(lines, lines.dropFirst()).contains { $0.isEmpty && $1.isEmpty })
    }

    /// pdfjs-ArabicCIDTrueType.pdf stores its Arabic in visual order; `pdftotext` reads its title
    /// "اﻧﻮاع اﳋﻄﻮط اﻟﻌﺮﺑﻴﺔ" (NFKC: "انواع الخطوط العربية"). Every text output and the search give
    /// it in logical order, with plain letters; `--text --layout` too, each of the four titles
    /// where the page sets it (`pdftotext -layout` indents them 0, 6, 6 and 6).
    @Test func rightToLeftTextIsPrintedAndSearchedInLogicalOrder() throws {
        let file = Corpus.path("pdfjs-ArabicCIDTrueType.pdf")
        let title = "انواع الخطوط العربية"
        let reflowed = try #require(pages(["--text", "--reflow", file]).first)
        #expect(reflowed.first == title)
        let plain = try #require(pages(["--text", file]).first)
        #expect(plain.first == title)
        let laidOut = try #require(pages(["--text", "--layout", file]).first).filter { !$0.isEmpty }
        #expect(laidOut.count == 4)
        #expect(laidOut.allSatisfy { $0.trimmingCharacters(in: .whitespaces) == title })
        #expect(laidOut.first?.first != " " && laidOut.dropFirst().allSatisfy { $0.hasPrefix("      ") })
        let search = try FolioProcess.run(["--search", "الخطوط", file])
        #expect(search.status == 0)
        #expect(search.output == String(repeating: "1:\(title)\n", count: 4))
    }

    @Test func reflowWidthWrapsTheSameText() throws {
        let unwrapped = try pages(["--text", "--reflow", "--pages", "1-2", tracemonkey])
        let wrapped = try pages(["--text", "--reflow", "--width", "60", "--pages", "1-2", tracemonkey])
        #expect(wrapped.count == 2)
        for (long, short) in zip(unwrapped, wrapped) {
            #expect(short.allSatisfy { $0.count <= 60 })
            #expect(short.count > long.count)
            // The same characters: wrapping only moves spaces to line ends (and breaks an
            // e-mail address longer than the width).
            let letters = { (lines: [String]) in lines.joined().filter { !$0.isWhitespace } }
            #expect(letters(short) == letters(long))
        }
    }

    /// The Octave manual's page printed 84 ends in "The other" and the page printed 85 goes on
    /// "argument may also be a cell array": one paragraph, printed on the first.
    @Test func reflowJoinsAParagraphOverAPageBreak() throws {
        let octave = Corpus.path("debian-octave.pdf")
        let printed = try pages(["--text", "--reflow", "--pages", "@84-85", octave])
        #expect(printed.count == 2)
        let first = try #require(printed.first)
        #expect(
            first.contains {
                $0.hasSuffix(
                    "for every member of the cell array. The other argument may also be a cell array of strings (of the same size or with only one element), char matrix or character string."
                )
            })
        #expect(!(printed.last ?? []).contains { $0.hasPrefix("argument may also") })
        // Printed alone, page 85 keeps its own start.
        let alone = try #require(pages(["--text", "--reflow", "--pages", "@85", octave]).first)
        #expect(alone.first?.hasPrefix("argument may also be a cell array") == true)
    }

    /// The pass reads forwards: pages named out of order, or twice, are printed in page order,
    /// each once, as `--pages 1-3` prints them.
    @Test func reflowPrintsTheSelectionInPageOrder() throws {
        let ordered = try pages(["--text", "--reflow", "--pages", "1-3", tracemonkey])
        #expect(ordered.count == 3)
        #expect(try pages(["--text", "--reflow", "--pages", "3,1-2,2", tracemonkey]) == ordered)
    }

    /// Running heads the margin band alone misses: the Octave manual's index pages (printed
    /// 1114–1121) set the page
    /// number and the title as two pieces of one line ("1114  GNU Octave (version 7.3.0)",
    /// "Concept Index  1115"); a LaTeX document's heads carry the section ("1.3. LATEX AND
    /// PDFLATEX CAPABILITIES  7"). They repeat on the pages around, so they are left out.
    @Test func runningHeadsRepeatedAcrossPagesAreLeftOut() throws {
        let index = try pages(["--text", "--reflow", "--pages", "@1114-1121", Corpus.path("debian-octave.pdf")])
        #expect(index.count == 8)
        for page in index {
            #expect(!page.contains { $0.contains("GNU Octave (version 7.3.0)") || $0.hasPrefix("Concept Index  ") })
        }
        // The entries stay: page 1115 begins with the last entries under F.
        #expect(index[1].contains { $0.hasPrefix("graphics object, root") })
        let latex = try pages(["--text", "--reflow", Corpus.path("qpdf-issue-202-bad-dicts.pdf")])
        #expect(latex.count == 10)
        let heads = latex.flatMap { $0 }.filter {
            $0.hasPrefix("1.3. LATEX AND PDFLATEX") || $0.hasSuffix("CHAPTER 1. TEMPLATE")
        }
        #expect(heads.isEmpty)
    }

    /// Tracemonkey's page 1 breaks "mixed-" / "mode", a spelling found nowhere else in the paper:
    /// a participle before the hyphen keeps it.
    @Test func aCompoundWithoutEvidenceKeepsItsHyphen() throws {
        let page = try #require(pages(["--text", "--reflow", "--pages", "1", tracemonkey]).first)
        #expect(page.contains { $0.contains("Our system uses a mixed-mode execution approach") })
    }

    @Test func layoutKeepsWordsWhole() throws {
        let rows = try #require(pages(["--text", "--layout", "--pages", "1", tracemonkey]).first)
        let title = try #require(rows.first { !$0.isEmpty })
        #expect(
            title.trimmingCharacters(in: .whitespaces) == "Trace-based Just-in-Time Type Specialization for Dynamic")
        // The two columns of the abstract share rows, at least one space apart.
        let row = try #require(rows.first { $0.hasPrefix("Dynamic languages such as JavaScript") })
        #expect(row.hasSuffix("applications such as Google Mail, Google Docs and Zimbra Col-"))
    }

    /// pypdf-multicolumn.pdf's page 1 is 111 cells wide at its own scale; its two columns'
    /// words alone take 109.
    @Test(arguments: [nil, 110])
    func layoutFitsTheWidthWhereTheColumnsAllow(width: Int?) throws {
        let file = Corpus.path("pypdf-multicolumn.pdf")
        let arguments = ["--text", "--layout", "--pages", "1"] + (width.map { ["--width", String($0)] } ?? [])
        let rows = try #require(pages(arguments + [file]).first)
        let widest = rows.map(\.count).max() ?? 0
        if let width {
            #expect(widest <= width)
        } else {
            #expect(widest > 110)
        }
        #expect(
            rows.contains {
                $0.hasPrefix("This is a sample document with two columns filled") && $0.hasSuffix("leo. Maece-")
            })
    }

    /// The share of the layout view's tokens that pdftotext also finds on the page: words
    /// broken up into pieces would not be found. Tracemonkey's page 1 scores lower because
    /// Folio keeps the authors' affiliation marks on their names ("Gal∗+,"), where pdftotext
    /// splits them off. `--pages` and pdftotext count pages alike (the Octave manual's fifth page
    /// is printed iii).
    @Test(
        .enabled(if: hasPdftotext),
        arguments: [
            ("pdfjs-tracemonkey.pdf", 1, 0.97), ("pdfjs-tracemonkey.pdf", 3, 0.99),
            ("pypdf-multicolumn.pdf", 1, 0.99), ("debian-octave.pdf", 5, 0.99),
        ])
    func layoutTokensAreWordsPdftotextFinds(file: String, page: Int, share: Double) throws {
        let path = Corpus.path(file)
        let rows = try #require(pages(["--text", "--layout", "--pages", String(page), path]).first)
        let reference = try FolioProcess.shell("pdftotext -f \(page) -l \(page) -layout '\(path)' -")
        let known = Set(reference.output.split(whereSeparator: \.isWhitespace))
        let tokens = rows.flatMap { $0.split(separator: " ") }
        let found = tokens.filter { known.contains($0) }.count
        #expect(tokens.count > 50)
        #expect(Double(found) / Double(tokens.count) >= share, "\(found) of \(tokens.count)")
    }

    @Test(arguments: [
        (["--reflow", "x.pdf"], "--reflow and --layout apply to --text"),
        (["--text", "--reflow", "--layout", "x.pdf"], "--reflow and --layout cannot be combined"),
        (["--text", "--reflow=yes", "x.pdf"], "--reflow takes no value"),
        (
            ["--text", "--width", "80", "x.pdf"],
            "--width applies to --sixel, --image, --text --reflow and --text --layout"
        ),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try FolioProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }
}
