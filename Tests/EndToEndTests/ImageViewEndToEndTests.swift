import FolioTestSupport
import Foundation
import Testing

/// The image view inside tmux 3.3, which cannot pass sixel graphics: the reader explains the
/// choice and falls back to half-block images, and keeps working.
@Suite(.serialized) struct ImageViewEndToEndTests {
    @Test func diagnoseExplainsTheTmuxFallback() throws {
        let tmux = try TmuxSession(columns: 100, rows: 24)
        try tmux.run("\"$FOLIO\" --diagnose")
        let screen = try tmux.waitFor("the diagnosis") { $0.contains("Image view:") }
        #expect(screen.contains("Image view: half blocks"))
        #expect(screen.contains("tmux"))
    }

    @Test func tabShowsHalfBlockImagesAndComesBack() throws {
        let tmux = try TmuxSession(columns: 80, rows: 24)
        try tmux.run("\"$FOLIO\" '\(Corpus.path("pdfjs-tracemonkey.pdf"))'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        try tmux.send("Tab")
        try tmux.waitForStatus("image ▀")
        let screen = try tmux.waitFor("half blocks") { $0.contains("▀▀▀▀") }
        #expect(screen.split(separator: "\n").count <= 24)
        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        try tmux.send("z")
        try tmux.waitForStatus("Fit page")
        try tmux.send("Tab")
        try tmux.waitForStatus("reflow")
        try tmux.waitFor("the text again") { !$0.contains("▀") }
        try tmux.send("q")
        try tmux.waitFor("the shell") { $0.contains("[exit 0]") }
        #expect(try !tmux.alternateScreenIsOn())
    }
}
