import FolioCore
import FolioTestSupport
import Testing

/// The reader's text views and `folio --text --reflow` / `--layout` show the same lines.
@Suite struct TextViewSessionTests {
    /// `folio --text VIEW --width 118 --pages 1 FILE`: the screen's first 29 rows as the
    /// reader draws them, after a one-cell margin, without the padding.
    private func printed(_ view: String, _ file: String) throws -> [String] {
        let result = try FolioProcess.run(["--text", view, "--width", "118", "--pages", "1", Corpus.path(file)])
        #expect(result.status == 0)
        // A page shorter than the screen leaves the rest blank; a row wider is cut off.
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let rows = lines.prefix(29).map {
            (" " + DisplayWidth.truncated(String($0), toWidth: 118)).trimmingTrailingSpaces
        }
        return rows + repeatElement("", count: 29 - rows.count)
    }

    @Test(arguments: ["pdfjs-tracemonkey.pdf", "pypdf-multicolumn.pdf", "pdfjs-javauninstall-japanese.pdf"])
    func viewsShowWhatTheCommandLinePrints(file: String) throws {
        // 120 columns leave 118 for text, between one-cell margins.
        let reader = try ReaderUnderTest(file, size: ScreenSize(rows: 30, columns: 120))
        let reflowLines = try printed("--reflow", file)
        let reflowed = try #require(reader.terminal.waitForScreen(containing: reflowLines[0].trimmed))
        #expect(reflowed.dropLast().map(\.trimmingTrailingSpaces) == reflowLines)

        let seen = reader.terminal.frameCount
        reader.terminal.type("L")
        let laidOut = try #require(reader.terminal.waitForScreen(containing: "layout  1/", after: seen))
        #expect(laidOut.dropLast().map(\.trimmingTrailingSpaces) == (try printed("--layout", file)))
        _ = reader.quit()
    }

    /// The page's heading is letter-spaced ("目     录" in MuPDF's text): the reflow view
    /// shows it as the word it is.
    @Test func letterSpacedChineseReadsAsWords() throws {
        let reader = try ReaderUnderTest("pdfjs-XiaoBiaoSong-chinese.pdf")
        let first = try #require(reader.terminal.waitForScreen(containing: "关于红军作战的原则"))
        #expect(first[0].trimmed == "目录")
        _ = reader.quit()
    }

    /// In MuPDF's text of page 5, "二十五年にし" ends a line and "て明暗は" starts the next;
    /// the search looks in the paragraphs the reflow view shows, which join them.
    @Test func searchFindsAJapanesePhraseAcrossALineBreak() throws {
        let reader = try ReaderUnderTest("idpf-kusamakura-japanese-vertical.epub")
        _ = try #require(reader.terminal.waitForScreen(containing: "1/144"))
        let seen = reader.terminal.frameCount
        reader.terminal.type("/年にして明暗")
        reader.terminal.type(.enter)
        let found = try #require(reader.terminal.waitForScreen(containing: "found on page", after: seen))
        #expect(found.last?.contains("'年にして明暗' found on page 5") == true)
        _ = reader.quit()
    }

    /// The link's words are underlined once the page shows (the links follow its text), and a
    /// click on them follows the link to page 2.
    @Test func linksAreUnderlinedAndAClickFollowsOne() throws {
        let reader = try ReaderUnderTest("pdfjs-paragraph_and_link.pdf")
        let marked = try #require(
            reader.terminal.waitForFrame { frame in
                frame.rows.contains { row in row.contains { $0.style == .link } }
            })
        let row = try #require(marked.rows.firstIndex { row in row.contains { $0.style == .link } })
        #expect(marked.rows[row].filter { $0.style == .link }.map(\.text) == ["Link to the second page."])
        let seen = reader.terminal.frameCount
        reader.terminal.mouse(MouseEvent(action: .click(clicks: 1), row: row, column: 3))
        let followed = try #require(
            reader.terminal.waitForScreen(containing: "First paragraph on the second page.", after: seen))
        #expect(followed.last?.contains(" 2/2") == true)
        _ = reader.quit()
    }
}

extension StringProtocol {
    /// Without the spaces at its end.
    var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
