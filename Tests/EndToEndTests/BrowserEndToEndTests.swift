import FolioTestSupport
import Foundation
import Testing

/// The file browser in a real terminal: browse, open, back with the selection kept.
@Suite(.serialized) struct BrowserEndToEndTests {
    @Test func browseOpenAndComeBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-browse-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("chapters"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Corpus.path("pdfjs-tracemonkey.pdf"), toPath: folder.appendingPathComponent("paper.pdf").path)
        try Data("plain\n".utf8).write(to: folder.appendingPathComponent("readme.txt"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("evil\u{1B}]2;pwned\u{07}.txt"))

        let tmux = try TmuxSession(columns: 100, rows: 24)
        try tmux.run("cd '\(folder.path)' && \"$FOLIO\"; echo \"[exit $?]\"")
        try tmux.waitFor("the listing") { $0.contains("chapters/") && $0.contains("paper.pdf") }
        #expect(try tmux.screen().contains { $0.contains("evil�]2;pwned�.txt") })
        // Folders first, then files by name: chapters/, evil…, paper.pdf, readme.txt.
        try tmux.send("Down", "Down")
        try tmux.waitFor("the preview") { $0.contains("PDF 1.4 · 14 pages") }
        try tmux.send("Enter")
        try tmux.waitForStatus("1/14")
        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        try tmux.send("q")
        try tmux.waitFor("the browser again") { $0.contains("PDF 1.4 · 14 pages") }
        try tmux.send("Down")
        try tmux.waitFor("why a text file is not opened") { $0.contains("not a document: 6 bytes of plain text") }
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
    }

    /// A name that is not UTF-8 (Latin-1 "café.pdf", é = byte 0xE9) is listed, opened, and named
    /// in messages by its bytes.
    @Test func opensAFileWhoseNameIsNotUTF8() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-latin1-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try TmuxSession(columns: 100, rows: 24)
        try tmux.run("cd '\(folder.path)' && cp '\(Corpus.path("pdfjs-tracemonkey.pdf"))' \"$(printf 'caf\\351.pdf')\"")
        try tmux.run("\"$FOLIO\"; echo \"[exit $?]\"")
        try tmux.waitFor("the listing and the preview") { $0.contains("caf�.pdf") && $0.contains("PDF 1.4 · 14 pages") }
        try tmux.send("Enter")
        try tmux.waitForStatus("1/14")
        try tmux.send("q")
        try tmux.waitFor("the browser again") { $0.contains("PDF 1.4 · 14 pages") }
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        try tmux.run(
            "clear; \"$FOLIO\" --info \"$(printf 'caf\\351.pdf')\" | grep Pages; \"$FOLIO\" --info \"$(printf 'gone\\351.pdf')\""
        )
        let screen = try tmux.waitFor("the batch runs") { $0.contains("folio: gone") }
        #expect(screen.contains("Pages: 14"))
        #expect(screen.contains("folio: gone\\xE9.pdf: "))
    }
}
