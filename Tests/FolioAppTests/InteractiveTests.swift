import FolioApp
import FolioCore
import FolioState
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// The interactive session as a whole: the reader and the browser on one terminal, the open
/// and password flow, and where each document was left.
@Suite struct InteractiveTests {
    /// A fresh folder holding links to corpus files, and a positions file beside them; each
    /// test removes it when it is done.
    struct Workspace {
        let folder: String
        let positions: ReadingPositions

        init(linking names: [String]) throws {
            folder = NSTemporaryDirectory() + "folio-app-tests-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
            for name in names {
                try FileManager.default.createSymbolicLink(
                    atPath: folder + "/docs/" + name, withDestinationPath: Corpus.path(name))
            }
            positions = ReadingPositions(path: folder + "/state/positions")
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
        }

        func path(_ name: String) -> String {
            folder + "/docs/" + name
        }
    }

    private func interactive(
        _ path: String, workspace: Workspace, services: SessionServices = RecordingServices().services,
        startPage: String? = nil
    ) -> Interactive {
        Interactive(
            path: path, password: nil, startPage: startPage, services: services, positions: workspace.positions)
    }

    /// Starts `session` on a fake terminal of 24 × 80 cells.
    private func run(_ session: Interactive) throws -> (FakeTerminal, RunningSession<Interactive.Ending>) {
        let start = try session.start()
        let terminal = FakeTerminal(size: ScreenSize(rows: 24, columns: 80))
        let running = terminal.run { session.run(start, on: $0, graphics: TestGraphics.halfBlocks) }
        return (terminal, running)
    }

    @Test func quittingRemembersThePageAndTheNextSessionOpensThere() throws {
        let workspace = try Workspace(linking: ["pdfjs-tracemonkey.pdf"])
        defer { workspace.remove() }
        let path = workspace.path("pdfjs-tracemonkey.pdf")
        let (terminal, running) = try run(interactive(path, workspace: workspace))
        _ = try #require(terminal.waitForScreen(containing: " 1/14"))
        terminal.type("6G")
        _ = try #require(terminal.waitForScreen(containing: " 6/14"))
        terminal.type("q")
        #expect(running.wait() == Interactive.Ending(status: 0, messages: []))
        // Remembered under the file's real path, the link resolved, not under the link's.
        #expect(workspace.positions.page(of: path) == nil)
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        #expect(real.hasSuffix("/corpus/pdfjs-tracemonkey.pdf"))
        #expect(workspace.positions.page(of: real) == 5)

        let (again, rerun) = try run(interactive(path, workspace: workspace))
        let screen = try #require(again.waitForScreen(containing: "where you left off"))
        #expect(screen.last?.contains("Page 6, where you left off (Home: first page)") == true)
        #expect(screen.last?.trimmed.hasSuffix(" 6/14") == true)
        again.type("q")
        _ = rerun.wait()
    }

    @Test func aStartPageCanBeALabelAndOnePastTheEndOpensTheLastPage() throws {
        let workspace = try Workspace(linking: ["debian-octave.pdf", "pdfjs-tracemonkey.pdf"])
        defer { workspace.remove() }
        let (terminal, running) = try run(
            interactive(workspace.path("debian-octave.pdf"), workspace: workspace, startPage: "xiv"))
        let screen = try #require(terminal.waitForScreen(containing: "xiv · 16/1158"))
        #expect(screen.last?.contains("Page labelled xiv: page 16 of 1158") == true)
        terminal.type("q")
        _ = running.wait()

        let (past, rerun) = try run(
            interactive(workspace.path("pdfjs-tracemonkey.pdf"), workspace: workspace, startPage: "999"))
        let last = try #require(past.waitForScreen(containing: " 14/14"))
        #expect(last.last?.contains("No page 999: opened the last page, 14") == true)
        past.type("q")
        _ = rerun.wait()
    }

    @Test func aDocumentThatCannotBeOpenedIsReportedBeforeTheScreenStarts() throws {
        let workspace = try Workspace(linking: ["pdfjs-tracemonkey-truncated.pdf"])
        defer { workspace.remove() }
        let path = workspace.path("pdfjs-tracemonkey-truncated.pdf")
        #expect(throws: InteractiveError.self) { try interactive(path, workspace: workspace).start() }
        let missing = workspace.path("no-such.pdf")
        let error = #expect(throws: InteractiveError.self) { try interactive(missing, workspace: workspace).start() }
        #expect(error?.description == "\(missing): No such file or directory")
    }

    @Test func theBrowserOpensADocumentAndQuittingItComesBack() throws {
        let workspace = try Workspace(linking: ["pdfjs-tracemonkey.pdf", "idpf-moby-dick.epub"])
        defer { workspace.remove() }
        let (terminal, running) = try run(interactive(workspace.folder + "/docs", workspace: workspace))
        let listed = try #require(terminal.waitForScreen(containing: "pdfjs-tracemonkey.pdf"))
        #expect(listed.contains { $0.contains("idpf-moby-dick.epub") })
        // The first entry (moby-dick, by name) is previewed: its format and page count.
        _ = try #require(terminal.waitForScreen(containing: "567"))
        terminal.type(.down)
        terminal.type(.enter)
        let reading = try #require(terminal.waitForScreen(containing: "Trace-based Just-in-Time"))
        #expect(reading.last?.trimmed.hasSuffix(" 1/14") == true)
        var seen = terminal.frameCount
        terminal.type("q")
        let back = try #require(terminal.waitForScreen(containing: "idpf-moby-dick.epub", after: seen))
        // Back in the browser with the document still selected: Enter opens it again.
        #expect(back.contains { $0.contains("pdfjs-tracemonkey.pdf") })
        seen = terminal.frameCount
        terminal.type(.enter)
        _ = try #require(terminal.waitForScreen(containing: "Trace-based Just-in-Time", after: seen))
        terminal.type("qq")
        #expect(running.wait()?.status == 0)
    }

    @Test func anEncryptedDocumentFromTheBrowserAsksForItsPasswordOnTheStatusLine() throws {
        let name = "pdfjs-issue6010_2-unicode-password.pdf"
        let workspace = try Workspace(linking: [name])
        defer { workspace.remove() }
        let recorder = RecordingServices()
        let (terminal, running) = try run(
            interactive(workspace.folder + "/docs", workspace: workspace, services: recorder.services))
        _ = try #require(terminal.waitForScreen(containing: "No preview: encrypted"))
        terminal.type(.enter)
        _ = try #require(terminal.waitForScreen(containing: "\(name) is encrypted — Password: ▏"))
        terminal.type("wrong")
        // Typed characters are shown as dots, never as typed.
        let typed = try #require(terminal.waitForScreen(containing: "Password: •••••▏"))
        #expect(!typed.joined().contains("wrong"))
        terminal.type(.enter)
        _ = try #require(terminal.waitForScreen(containing: "Wrong password, try again (2 tries left) — Password: ▏"))
        terminal.type("æøå")
        terminal.type(.enter)
        let reading = try #require(terminal.waitForScreen(containing: "reflow  1/1"))
        #expect(reading.last?.trimmed.hasPrefix(name) == true)
        #expect(recorder.passwordPrompts.isEmpty, "nothing is asked on the plain terminal")
        terminal.type("qq")
        #expect(running.wait()?.status == 0)
    }

    @Test func aWrongPasswordThreeTimesIsSaidInTheBrowser() throws {
        let name = "pdfjs-issue6010_2-unicode-password.pdf"
        let workspace = try Workspace(linking: [name])
        defer { workspace.remove() }
        let (terminal, running) = try run(interactive(workspace.folder + "/docs", workspace: workspace))
        _ = try #require(terminal.waitForScreen(containing: "No preview: encrypted"))
        terminal.type(.enter)
        _ = try #require(terminal.waitForScreen(containing: "is encrypted — Password: ▏"))
        for left in ["2 tries left", "1 try left"] {
            terminal.type("x")
            terminal.type(.enter)
            _ = try #require(terminal.waitForScreen(containing: "Wrong password, try again (\(left)) — Password: ▏"))
        }
        terminal.type("x")
        terminal.type(.enter)
        let screen = try #require(terminal.waitForScreen(containing: "Cannot open \(name): wrong password"))
        #expect(!screen.joined().contains("Password: "))
        terminal.type("q")
        #expect(running.wait()?.status == 0)
    }

    @Test func escapeAndCtrlCCancelThePasswordPromptBackToTheBrowser() throws {
        let name = "pdfjs-issue6010_2-unicode-password.pdf"
        let workspace = try Workspace(linking: [name])
        defer { workspace.remove() }
        let (terminal, running) = try run(interactive(workspace.folder + "/docs", workspace: workspace))
        _ = try #require(terminal.waitForScreen(containing: "No preview: encrypted"))
        terminal.type(.enter)
        _ = try #require(terminal.waitForScreen(containing: "Password: ▏"))
        terminal.type("ab")
        terminal.type(.escape)
        _ = try #require(terminal.waitForScreen(containing: "Not opened: \(name) needs its password"))
        // Back in the list: Enter asks again, and Ctrl-C (SIGINT) cancels without quitting.
        var seen = terminal.frameCount
        terminal.type(.enter)
        _ = try #require(terminal.waitForScreen(containing: "\(name) is encrypted — Password: ▏", after: seen))
        seen = terminal.frameCount
        terminal.send(.terminate(signal: SIGINT))
        _ = try #require(terminal.waitForScreen(containing: "Not opened: \(name) needs its password", after: seen))
        terminal.type("q")
        #expect(running.wait()?.status == 0)
    }

    @Test func aSignalInTheBrowserEndsTheSessionWithItsStatus() throws {
        let workspace = try Workspace(linking: ["pdfjs-tracemonkey.pdf"])
        defer { workspace.remove() }
        let (terminal, running) = try run(interactive(workspace.folder + "/docs", workspace: workspace))
        _ = try #require(terminal.waitForScreen(containing: "pdfjs-tracemonkey.pdf"))
        terminal.send(.terminate(signal: 1))
        #expect(running.wait() == Interactive.Ending(status: 129, messages: []))
    }

    @Test func aPositionThatCannotBeSavedIsReportedOnce() throws {
        let workspace = try Workspace(linking: ["pdfjs-tracemonkey.pdf"])
        defer { workspace.remove() }
        // The positions file's folder is a file: nothing can be saved there.
        #expect(FileManager.default.createFile(atPath: workspace.folder + "/state", contents: Data()))
        let (terminal, running) = try run(interactive(workspace.path("pdfjs-tracemonkey.pdf"), workspace: workspace))
        _ = try #require(terminal.waitForScreen(containing: " 1/14"))
        terminal.type("q")
        let ending = try #require(running.wait())
        #expect(ending.status == 0)
        #expect(ending.messages.count == 1)
        #expect(ending.messages.first?.hasPrefix("could not save the reading position: ") == true)
    }
}
