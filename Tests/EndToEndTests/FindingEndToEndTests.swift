import FolioTestSupport
import Foundation
import Testing

/// Search, outline and copying in a real terminal.
@Suite(.serialized) struct FindingEndToEndTests {
    let sample = Corpus.repositoryRoot.appendingPathComponent("docs/sample.pdf").path

    @Test func searchThenNextMatch() throws {
        let tmux = try TmuxSession(columns: 90, rows: 24)
        try tmux.run("\"$FOLIO\" '\(sample)'")
        try tmux.waitForStatus("1/9")
        try tmux.send("/")
        try tmux.send("zebra", literal: true)
        try tmux.send("Enter")
        try tmux.waitForStatus("match 1 of 2 (page 4)")
        #expect(try tmux.screen().contains { $0.contains("zebra") })
        try tmux.send("n")
        try tmux.waitForStatus("match 2 of 2 (page 8)")
        try tmux.send("n")
        try tmux.waitForStatus("Last match for 'zebra' (w wraps around)")
        try tmux.send("BSpace")
        try tmux.waitForStatus("4/9")
        try tmux.send("q")
    }

    /// A phrase split over two lines of the page is found on the pages `pdftotext`'s text has it
    /// on (2, 6 and 7 of tracemonkey: "…recording nested trace" / "trees. Our system…" on page
    /// 2), five times in all, and a click on a link's underlined words follows it.
    @Test func searchAcrossALineBreakAndAClickOnALink() throws {
        let tmux = try TmuxSession(columns: 120, rows: 30)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-tracemonkey.pdf"))'")
        try tmux.waitForStatus("1/14")
        try tmux.send("/")
        try tmux.send("nested trace trees", literal: true)
        try tmux.send("Enter")
        try tmux.waitForStatus("match 1 of 5 (page 2)")
        // One key at a time: an `n` while the search for the last one runs starts it again.
        for (ordinal, page) in [(2, 2), (3, 6), (4, 7), (5, 7)] {
            try tmux.send("n")
            try tmux.waitForStatus("match \(ordinal) of 5 (page \(page))")
        }
        try tmux.send("q")

        let links = try TmuxSession(columns: 90, rows: 24)
        try links.run("\"$FOLIO\" '\(Corpus.path("pdfjs-paragraph_and_link.pdf"))'")
        try links.waitFor("the link") { $0.contains("Link to the second page.") }
        let row = try #require(try links.screen().firstIndex { $0.contains("Link to the second page.") })
        // An SGR mouse press and release on the link's words (columns and rows count from 1).
        try links.sendBytes(Array("\u{1B}[<0;5;\(row + 1)M\u{1B}[<0;5;\(row + 1)m".utf8))
        try links.waitFor("page 2") { $0.contains("First paragraph on the second page.") }
        try links.send("q")
    }

    /// Ctrl-C during a search of the 1,158-page manual stops the search, not Folio; the next
    /// Ctrl-C quits.
    @Test func ctrlCStopsASearchOfALongManual() throws {
        let tmux = try TmuxSession(columns: 100, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("debian-octave.pdf"))'; echo \"exit=$?\"")
        try tmux.waitForStatus("T-1 · 1/1158")
        try tmux.send("/")
        try tmux.send("qqzzyx", literal: true)
        try tmux.send("Enter")
        try tmux.waitForStatus("Searching")
        try tmux.send("C-c")
        try tmux.waitForStatus("Search for 'qqzzyx' stopped")
        try tmux.send("g")
        try tmux.send("714", literal: true)
        try tmux.send("Enter")
        try tmux.waitForStatus("Page labelled 714: page 730 of 1158")
        #expect(try tmux.statusLine().contains("714 · 730/1158"))
        try tmux.send("C-c")
        try tmux.waitFor("the shell") { $0.contains("exit=130") }
    }

    @Test func outlineJump() throws {
        let tmux = try TmuxSession(columns: 90, rows: 24)
        try tmux.run("\"$FOLIO\" '\(sample)'")
        try tmux.waitForStatus("1/9")
        try tmux.send("o")
        try tmux.waitFor("the outline") { $0.contains("Outline — 14 entries") }
        try tmux.send("End", "Enter")
        try tmux.waitForStatus("9/9")
        try tmux.send("q")
    }

    /// The outline filter in a real terminal, on the Octave manual's 517 entries.
    @Test func outlineFilter() throws {
        let tmux = try TmuxSession(columns: 100, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("debian-octave.pdf"))'")
        try tmux.waitForStatus("T-1 · 1/1158")
        try tmux.send("o")
        try tmux.waitFor("the outline") { $0.contains("Outline — 517 entries") }
        try tmux.send("diffalg", literal: true)
        try tmux.waitFor("the filtered outline") { $0.contains("entries match 'diffalg'") }
        try tmux.send("Enter")
        try tmux.waitForStatus("722 · 738/1158")
        try tmux.send("q")
    }

    /// `f` on the sample's contents: hint letters before each entry, and typing one follows it.
    @Test func linkHintsFollowTheLinkTyped() throws {
        let tmux = try TmuxSession(columns: 100, rows: 40)
        try tmux.run("\"$FOLIO\" --page 1 '\(sample)'")
        try tmux.waitForStatus("1/9")
        try tmux.waitFor("the contents") { $0.contains("Contents") }
        try tmux.send("f")
        try tmux.waitForStatus("links on screen: type a hint")
        let screen = try tmux.screen()
        #expect(screen.contains { $0.hasPrefix(" aReading") }, "\(screen)")
        #expect(screen.contains { $0.hasPrefix(" dSearching") }, "\(screen)")
        try tmux.send("d")
        try tmux.waitForStatus("4/9")
        try tmux.send("q")
    }

    @Test func copyingThePageReachesTheClipboard() throws {
        let tmux = try TmuxSession(columns: 90, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-tracemonkey.pdf"))'")
        try tmux.waitForStatus("1/14")
        // The status line shows before the page's text is in; "y" copies only a loaded page.
        try tmux.waitFor("the first page's text") { $0.contains("Trace-based Just-in-Time") }
        try tmux.send("y")
        try tmux.waitForStatus("Copied 5,035 characters of page 1")
        let expected = try Mutool.pageTexts(Corpus.path("pdfjs-tracemonkey.pdf"))[0]
        try tmux.waitFor("the paste buffer") { _ in try !tmux.pasteBuffer().isEmpty }
        // The same lines as mutool extracts; only the trailing blank lines differ.
        #expect(try tmux.pasteBuffer().trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines))
        try tmux.send("q")
    }
}
