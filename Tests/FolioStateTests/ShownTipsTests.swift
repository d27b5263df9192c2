import FolioState
import Foundation
import Testing

/// A tip is remembered per kind of terminal, in one file that a second Folio adds to.
@Suite struct ShownTipsTests {
    @Test func aTipIsRememberedPerKindOfTerminal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tips-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tips = ShownTips(path: folder.appendingPathComponent("folio/tips-shown").path)
        let tip = "tmux-passthrough"
        #expect(!tips.wasShown(tip, on: "tmux-256color in xterm-kitty"), "no file yet: nothing was shown")
        try tips.record(tip, on: "tmux-256color in xterm-kitty")
        try tips.record(tip, on: "tmux-256color in xterm-kitty")
        #expect(tips.wasShown(tip, on: "tmux-256color in xterm-kitty"))
        #expect(!tips.wasShown(tip, on: "vt100 in xterm-kitty"), "another kind of terminal")
        try ShownTips(path: tips.path).record(tip, on: "vt\t100\nx")
        #expect(ShownTips(path: tips.path).wasShown(tip, on: "vt\t100\nx"))
        let contents = try String(contentsOfFile: tips.path, encoding: .utf8)
        #expect(contents == "\(tip)\ttmux-256color in xterm-kitty\n\(tip)\tvt 100 x\n")
    }
}
