import FolioTestSupport
import Foundation
import Testing

/// The image view inside a real tmux (3.3a, no client attached, so no terminal outside answers):
/// with passthrough off Folio says how to turn it on, on the status line and in `--diagnose`;
/// with it on, it asks the terminal outside through tmux and, unanswered, keeps half blocks.
@Suite(.serialized) struct TmuxGraphicsEndToEndTests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    @Test func passthroughOffIsExplainedOnce() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\(tmux.tmuxVariable) \"$FOLIO\" --diagnose; \(tmux.tmuxVariable) \"$FOLIO\" '\(tracemonkey)'")
        try tmux.waitForStatus("Sharper images: tmux set -g allow-passthrough on")
        let status = try tmux.statusLine()
        #expect(status.contains("1/14"), "status line: \(status)")
        try tmux.send("Right")
        try tmux.waitForStatus("2/14")
        #expect(try !tmux.statusLine().contains("passthrough"))
        try tmux.send("Tab")
        try tmux.waitForStatus("image ▀")
        try tmux.send("q")
        let screen = try tmux.waitFor("the diagnosis above the shell") {
            $0.contains("$ ") && $0.contains("Image view")
        }
        #expect(screen.contains("inside tmux with passthrough off"))
        #expect(screen.contains("`tmux set -g allow-passthrough on` (in ~/.tmux.conf)"))
    }

    @Test func passthroughOnAsksTheTerminalOutside() throws {
        let tmux = try TmuxSession(columns: 160, rows: 40)
        try tmux.setOption("allow-passthrough", "on")
        try tmux.run("\(tmux.tmuxVariable) \"$FOLIO\" --diagnose")
        let screen = try tmux.waitFor("the diagnosis") { $0.contains("Passed through tmux") && $0.contains("$ ") }
        #expect(screen.contains("Image view: half blocks"))
        #expect(screen.contains("did not answer the kitty graphics query passed through to it"))
        #expect(screen.contains("terminal name and version (XTVERSION, CSI > q): ESC P>|tmux 3.3a"))
        #expect(!screen.contains("Sharper images"))
    }
}
