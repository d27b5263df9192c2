import FolioTestSupport
import Foundation
import Testing

/// One page-number contract for scripts: in every batch mode a number is the page counted from 1
/// (as pdftotext, qpdf and mutool count), and a printed label is written `@LABEL`; what one mode
/// prints, another takes. qpdf's file labels its 30 pages i–v, vi–vii, 2–4, 6–9, 12–13, 16059,
/// l–lv, liv (some pages have none), and each page says its 0-based index ("Potato 13" is page
/// 14, printed 3).
@Suite struct PageNumberContractCLITests {
    let potatoes = Corpus.path("qpdf-page-labels-and-outlines.pdf")
    let octave = Corpus.path("debian-octave.pdf")

    /// The text of each selected page, trimmed.
    private func pageTexts(_ pages: String, of path: String, view: [String] = []) throws -> [String] {
        let result = try FolioProcess.run(["--text"] + view + ["--pages", pages, path])
        #expect(result.status == 0, "--pages \(pages): \(result.stderr)")
        return result.output.split(separator: "\u{0C}").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Every page `--search` names, fed to `--text --pages`, prints the page with the match; so
    /// does the label `--search --labels` names, fed to `--pages @LABEL`. The Octave manual's
    /// "fzero" is on page 770, printed 754 (before the contract, `--pages 770` printed the
    /// page labelled 770, which does not have it).
    @Test func searchPagesFeedTextPages() throws {
        let search = try FolioProcess.run(["--search", "re:Potato 1[0-9]", "--labels", potatoes])
        #expect(search.status == 0)
        let lines = search.output.split(separator: "\n")
        #expect(lines.count == 10)
        for line in lines {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            let (page, label, text) = (String(fields[0]), String(fields[1]), String(fields[2]))
            #expect(try pageTexts(page, of: potatoes) == [text], "page \(page)")
            #expect(text == "Potato \(Int(page)! - 1)")
            if !label.isEmpty {
                #expect(label.hasPrefix("@"))
                #expect(try pageTexts(label, of: potatoes) == [text], "label \(label)")
            }
        }
        #expect(lines.contains("14:@3:Potato 13"))
        #expect(lines.contains("13:@2:Potato 12"))
        #expect(lines.contains("12::Potato 11"), "page 12 has no label")

        let manual = try FolioProcess.run(["--search", "fzero", "--labels", "--pages", "700-800", octave])
        #expect(manual.output.hasPrefix("770:@754:"), "\(manual.output)")
        let page = try #require(try pageTexts("770", of: octave).first)
        #expect(page.contains("fzero"))
        #expect(try pageTexts("@754", of: octave) == [page])
        #expect(try pageTexts("754", of: octave).first?.contains("fzero") == false)
    }

    /// `--outline` prints the page an entry leads to as a number `--pages` takes, and with
    /// `--labels` its printed label as `@LABEL`. qpdf's titles say the 0-based page they lead to
    /// ("Isís 1 -> 5: …").
    @Test func outlinePagesFeedTextPages() throws {
        let outline = try FolioProcess.run(["--outline", "--labels", potatoes])
        #expect(outline.status == 0)
        let entries = outline.output.split(separator: "\n")
        #expect(entries.count > 10)
        var labelled = 0
        for entry in entries {
            let columns = entry.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(columns.count == 3, "\(entry)")
            let target = try #require(columns[0].split(separator: ">").last?.split(separator: ":").first)
            let index = try #require(Int(target.trimmingCharacters(in: .whitespaces)))
            #expect(columns[1] == String(index + 1), "\(entry)")
            #expect(try pageTexts(columns[1], of: potatoes) == ["Potato \(index)"])
            if !columns[2].isEmpty {
                labelled += 1
                #expect(try pageTexts(columns[2], of: potatoes) == ["Potato \(index)"], "\(entry)")
            }
        }
        #expect(labelled > 5)
        let plain = try FolioProcess.run(["--outline", potatoes])
        #expect(plain.output.hasPrefix("Isís 1 -> 5: /XYZ null null null\t6\n"))
    }

    /// The text views and the image modes read `--pages` the same way: page 14 and the page
    /// printed 3 are one page; the page numbered 3 is another.
    @Test func everyPageModeTakesNumbersAndLabels() throws {
        for view in [[], ["--reflow"], ["--layout"]] {
            #expect(try pageTexts("14", of: potatoes, view: view) == ["Potato 13"], "\(view)")
            #expect(try pageTexts("@3", of: potatoes, view: view) == ["Potato 13"], "\(view)")
        }
        for mode in [["--sixel"], ["--image", "--graphics", "halfblock"]] {
            func image(_ pages: String) throws -> Data {
                let result = try FolioProcess.run(mode + ["--width", "60", "--pages", pages, potatoes])
                #expect(result.status == 0, "\(mode) \(pages): \(result.stderr)")
                return result.stdout
            }
            let physical = try image("14")
            #expect(!physical.isEmpty)
            #expect(try image("@3") == physical, "\(mode)")
            #expect(try image("3") != physical, "\(mode)")
        }
        let search = try FolioProcess.run(["--search", "Potato", "--pages", "@3-@4", potatoes])
        #expect(search.output == "14:Potato 13\n15:Potato 14\n")
        let info = try FolioProcess.run(["--info", potatoes])
        #expect(info.output.contains("Page labels: yes: i–v, vi–vii, 2–4, 6–9, "))
    }

    /// A label no page has is one clear error, in the reader's words.
    @Test(arguments: [
        ("@zz", "no page labelled 'zz' (i–v, vi–vii, 2–4, 6–9, …)\n"),
        ("@5", "no page labelled '5' (i–v,"),
        ("xiv", "no page labelled 'xiv' (i–v,"),
        ("31", "no page 31 (the document has 30)"),
    ])
    func unknownPagesAreOneError(pages: String, message: String) throws {
        let result = try FolioProcess.run(["--text", "--pages", pages, potatoes])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("folio: \(potatoes): \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (["--labels", "--text", "x.pdf"], "--labels applies to --outline and --search"),
        (["--json", "--text", "x.pdf"], "--json applies to --info, --outline, --search and --annotations"),
        (["--pages", "@", "--text", "x.pdf"], "invalid page range '@'"),
        (["--pages", "3-@", "--text", "x.pdf"], "invalid page range '3-@'"),
        (["-p", "@", "x.pdf"], "invalid page '@'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try FolioProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
