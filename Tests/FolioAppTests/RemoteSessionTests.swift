import FolioApp
import FolioConfiguration
import FolioCore
import FolioSystem
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// The reader driven through its remote-control socket, as `folio --remote` drives it, and
/// SyncTeX both ways on a document pdflatex typeset: forward search lands where `synctex view`
/// says, inverse search runs the editor command on the line the source says.
@Suite struct RemoteSessionTests {
    /// A runtime folder of the test's own, a server in it, and a client of it.
    private struct Remote {
        let folder: String
        let control: RemoteControl
        let client: RemoteClient

        init() throws {
            folder = NSTemporaryDirectory() + "folio-remote-\(UUID().uuidString)"
            let runtime = try RuntimeFolder.prepare(at: folder, userID: getuid(), creating: true).get()
            control = try RemoteControl.start(in: runtime).get()
            client = RemoteClient(folderPath: folder, userID: getuid())
        }

        func send(_ line: String) -> RemoteReply {
            guard case .success(let request) = RemoteRequest.parse(line) else { return .failure("no request") }
            return client.send(request, to: nil)
        }

        func stop() {
            control.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test func theReaderDoesWhatTheRequestsSayAndSaysWhereItIs() throws {
        let remote = try Remote()
        defer { remote.stop() }
        let path = Corpus.path("pdfjs-tracemonkey.pdf")
        let reader = try ReaderUnderTest(path: path, remote: remote.control)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        let file = FileSystemName.decode(Array(URL(fileURLWithPath: path).resolvingSymlinksInPath().path.utf8))
        #expect(remote.send("page") == .ok("page=1 label= view=text file=\(file)"))

        var seen = reader.terminal.frameCount
        #expect(remote.send("goto 3") == .ok("page=3 label= view=text file=\(file)"))
        wait(for: "3/14", on: reader, after: seen)
        #expect(remote.send("goto 99") == .failure("no page 99: the document has 14 pages"))
        #expect(remote.send("goto @iv") == .failure("the document has no page labels"))

        seen = reader.terminal.frameCount
        #expect(remote.send("search trace trees").isOK)
        wait(for: " of 20 (page", on: reader, after: seen)

        seen = reader.terminal.frameCount
        #expect(remote.send("view image") == .ok("page=\(pageShown(reader)) label= view=image file=\(file)"))
        wait(for: "image", on: reader, after: seen)
        #expect(remote.send("view text").isOK)

        seen = reader.terminal.frameCount
        #expect(remote.send("reload") == .ok("reloading"))
        wait(for: "Reloaded", on: reader, after: seen)

        #expect(remote.send("quit") == .ok("quitting"))
        #expect(reader.running.wait()?.outcome == .quit)
        // With the reader gone, the socket says so.
        #expect(remote.send("page") == .failure("no document is open"))
    }

    @Test func aNoteBeingTypedIsNeverLostToARequest() throws {
        let remote = try Remote()
        defer { remote.stop() }
        let reader = try ReaderUnderTest(path: Corpus.path("pdfjs-tracemonkey.pdf"), remote: remote.control)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type("vea")
        _ = try #require(reader.terminal.waitForScreen(containing: "Note for the highlight"))
        reader.terminal.type("half a tho")
        #expect(remote.send("goto 5").isOK == false)
        #expect(remote.send("quit").isOK == false)
        #expect(remote.send("synctex 3:0:/nowhere/x.tex").line.contains("a note is being typed"))
        #expect(remote.send("page").isOK)
        let screen = try #require(reader.terminal.waitForScreen(containing: "half a tho"))
        #expect(screen.last?.contains("1/14") == true)
        reader.terminal.type(.escape)
        #expect(reader.quit()?.outcome == .quit)
    }

    /// Waits for `text` on `reader`'s screen after frame `count`; records the screen as it is
    /// when it does not come.
    @discardableResult
    private func wait(for text: String, on reader: ReaderUnderTest, after count: Int = 0) -> [String]? {
        if let screen = reader.terminal.waitForScreen(containing: text, after: count, timeout: 10) { return screen }
        Issue.record(Comment(rawValue: "no \(text) on the screen:\n" + reader.terminal.screen.joined(separator: "\n")))
        return nil
    }

    /// The page on the reader's status line (`N/14`).
    private func pageShown(_ reader: ReaderUnderTest) -> Int {
        let status = reader.terminal.screen.last ?? ""
        return status.split(separator: " ").compactMap { word in
            word.split(separator: "/").first.flatMap { Int($0) }
        }.last ?? 0
    }

    // MARK: SyncTeX

    @Test(.enabled(if: LaTeXFixture.isAvailable && SyncTeXTool.isAvailable))
    func forwardSearchLandsWhereSyncTeXViewSaysAndMarksTheLine() throws {
        let build = try LaTeXFixture.build()
        let remote = try Remote()
        defer { remote.stop() }
        let reader = try ReaderUnderTest(path: build.pdfPath, remote: remote.control)
        _ = try #require(reader.terminal.waitForScreen(containing: "opening paragraph"))
        let places: [(input: String, text: String)] = [
            ("chapters/one.tex", "The chapter's third paragraph"),
            ("chapters/one.tex", "The chapter's first paragraph"),
            ("main.tex", "The main file goes on after the chapter"),
        ]
        for place in places {
            let lines = place.input == "main.tex" ? LaTeXFixture.mainLines : LaTeXFixture.chapterLines
            let line = try #require(LaTeXFixture.line(startingWith: place.text, in: lines))
            let truth = try #require(
                SyncTeXTool.view(line: line, column: 0, input: place.input, pdf: build.pdfPath, in: build.folder).first)
            let seen = reader.terminal.frameCount
            let reply = remote.send("synctex \(line):0:\(build.folder)/\(place.input)")
            guard case .ok(let text) = reply, let report = RemotePageReport(line: text) else {
                Issue.record("\(place.input):\(line): \(reply)")
                continue
            }
            #expect(report.page == truth.page, "\(place.input):\(line)")
            // The source line's words are on screen, and the status line says where from.
            let typeset = place.text.replacing("'", with: "’")
            // The page's text may arrive after the status line's words: both are waited for.
            try #require(wait(for: "From \(place.input):\(line)", on: reader, after: seen) != nil)
            try #require(wait(for: typeset, on: reader, after: seen) != nil)
        }
        let missing = remote.send("synctex 3:0:\(build.folder)/chapters/two.tex")
        #expect(missing.isOK == false)
        #expect(missing.line.contains("chapters/two.tex:3"))
        #expect(reader.quit()?.outcome == .quit)
    }

    @Test(.enabled(if: LaTeXFixture.isAvailable))
    func inverseSearchRunsTheEditorOnTheSourceLineOfTheTopOfTheScreen() throws {
        let build = try LaTeXFixture.build()
        let record = NSTemporaryDirectory() + "folio-editor-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: record) }
        var configuration = Configuration()
        configuration.syncTeXEditor = EditorCommand(
            parsing: "sh -c 'printf \"%s\\n\" \"$@\" > \(record)' stub %{input} %{line} %{column}")
        // Opened at the place of the chapter's third paragraph, alone at the top of page 3.
        let line = try #require(LaTeXFixture.line(startingWith: "The chapter's third", in: LaTeXFixture.chapterLines))
        let reader = try ReaderUnderTest(
            path: build.pdfPath, configuration: configuration,
            syncTeXTarget: SyncTeXTarget(line: line, input: build.folder + "/chapters/one.tex"))
        _ = try #require(reader.terminal.waitForScreen(containing: "From chapters/one.tex:\(line)"))
        _ = try #require(reader.terminal.waitForScreen(containing: "The chapter’s third paragraph"))
        let seen = reader.terminal.frameCount
        reader.terminal.type("S")
        try #require(wait(for: "Opened chapters/one.tex:\(line) in the editor", on: reader, after: seen) != nil)
        let arguments = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(arguments == [build.folder + "/chapters/one.tex", String(line), "0"])
        #expect(reader.quit()?.outcome == .quit)
    }

    /// `S` on the top of pages 1, 2 and 4 (and Ctrl-click on page 3's first word) runs the stub
    /// editor on the file and line `synctex edit` names for the page's first word, placed by
    /// `pdftotext -bbox`: neither side comes from Folio.
    @Test(
        .enabled(
            if: LaTeXFixture.isAvailable && SyncTeXTool.isAvailable
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")))
    func inverseSearchFromThreePlacesNamesWhatSyncTeXEditNames() throws {
        let build = try LaTeXFixture.build()
        let record = NSTemporaryDirectory() + "folio-editor-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: record) }
        var configuration = Configuration()
        configuration.syncTeXEditor = EditorCommand(
            parsing: "sh -c 'printf \"%s\\n\" \"$@\" > \(record)' stub %{input} %{line}")
        let reader = try ReaderUnderTest(path: build.pdfPath, configuration: configuration)
        _ = try #require(reader.terminal.waitForScreen(containing: "opening paragraph"))
        for page in [1, 2, 3, 4] {
            let word = try #require(try Self.firstWord(ofPage: page, in: build.pdfPath))
            let truth = try #require(
                SyncTeXTool.edit(
                    page: page, x: word.x0 + 1, y: (word.y0 + word.y1) / 2, pdf: build.pdfPath, in: build.folder
                )
                .first)
            try? FileManager.default.removeItem(atPath: record)
            var seen = reader.terminal.frameCount
            reader.terminal.type("\(page)G")
            _ = try #require(reader.terminal.waitForScreen(containing: "\(page)/4", after: seen))
            _ = try #require(reader.terminal.waitForScreen(containing: word.text))
            seen = reader.terminal.frameCount
            if page == 3 {
                // The first word's first letter: row 0, after the one-cell margin.
                reader.terminal.send(
                    .mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 1, withControl: true)))
            } else {
                reader.terminal.type("S")
            }
            try #require(wait(for: "in the editor", on: reader, after: seen) != nil)
            let arguments = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
            let expected = URL(fileURLWithPath: truth.input).standardized.path
            #expect(arguments == [expected, String(truth.line)], "page \(page)")
        }
        #expect(reader.quit()?.outcome == .quit)
    }

    /// The first word `pdftotext -bbox` finds on `page` (1-based), with its box in points from
    /// the page's top-left.
    private static func firstWord(ofPage page: Int, in pdf: String) throws -> (
        text: String, x0: Double, y0: Double, y1: Double
    )? {
        let output = try FolioProcess.run(
            program: "/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", "-bbox", pdf, "-"]
        ).output
        guard let line = output.split(separator: "\n").first(where: { $0.contains("<word ") }) else { return nil }
        func number(_ name: String) -> Double? {
            guard let range = line.range(of: name + "=\"") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != "\"" })
        }
        guard let x0 = number("xMin"), let y0 = number("yMin"), let y1 = number("yMax"),
            let open = line.firstIndex(of: ">"), let close = line.lastIndex(of: "<"), open < close
        else { return nil }
        return (String(line[line.index(after: open)..<close]), x0, y0, y1)
    }

    @Test(.enabled(if: LaTeXFixture.isAvailable))
    func aFailingEditorIsReportedAndTheReaderGoesOn() throws {
        let build = try LaTeXFixture.build()
        var configuration = Configuration()
        configuration.syncTeXEditor = EditorCommand(parsing: "sh -c 'echo no such buffer >&2; exit 3' stub %{input}")
        let wide = ScreenSize(rows: 24, columns: 140)
        let reader = try ReaderUnderTest(path: build.pdfPath, size: wide, configuration: configuration)
        _ = try #require(reader.terminal.waitForScreen(containing: "opening paragraph"))
        reader.terminal.type("S")
        try #require(wait(for: "sh exited with status 3: no such buffer", on: reader) != nil)
        // Without SyncTeX data beside it, a PDF says so.
        #expect(reader.quit()?.outcome == .quit)
        let plain = try ReaderUnderTest(
            path: Corpus.path("pdfjs-tracemonkey.pdf"), size: wide, configuration: configuration)
        _ = try #require(plain.terminal.waitForScreen(containing: "Trace-based"))
        plain.terminal.type("S")
        _ = try #require(plain.terminal.waitForScreen(containing: "No source found: no SyncTeX data"))
        #expect(plain.quit()?.outcome == .quit)
    }

    @Test(.enabled(if: LaTeXFixture.isAvailable))
    func aHangingEditorIsStoppedAndTheReaderNeverWaitsForIt() throws {
        let build = try LaTeXFixture.build()
        var configuration = Configuration()
        configuration.syncTeXEditor = EditorCommand(parsing: "sleep 30 %{line}")
        var services = RecordingServices().services
        services.editorTimeLimit = 300
        let reader = try ReaderUnderTest(
            path: build.pdfPath, size: ScreenSize(rows: 24, columns: 140), services: services,
            configuration: configuration)
        _ = try #require(reader.terminal.waitForScreen(containing: "opening paragraph"))
        let started = Date()
        reader.terminal.type("S")
        // The reader goes on meanwhile: the next page comes while the editor still runs.
        reader.terminal.type(.right)
        _ = try #require(reader.terminal.waitForScreen(containing: "2/4"))
        #expect(Date().timeIntervalSince(started) < 0.3 + 5, "a page flip never waits for the editor")
        try #require(wait(for: "sleep was still running after 300 ms and was stopped", on: reader) != nil)
        #expect(reader.quit()?.outcome == .quit)
    }
}
