import FolioTestSupport
import Foundation
import Testing

/// The remote-control socket of a reader running in a real terminal (tmux), driven by
/// `folio --remote` as an editor or a script drives it, and `--synctex-forward` both ways: to
/// the running reader, and starting one.
@Suite(.serialized) struct RemoteEndToEndTests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    /// `folio ARGUMENTS` run from the test, against the readers of `tmux`'s session.
    private func folio(_ arguments: [String], for tmux: TmuxSession, in folder: String? = nil) throws
        -> FolioProcess.Result
    {
        let environment = ["XDG_RUNTIME_DIR": tmux.runtimeFolder.path]
        guard let folder else { return try FolioProcess.run(arguments, environment: environment) }
        let quoted = arguments.map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        return try FolioProcess.shell(
            "cd '\(folder)' && XDG_RUNTIME_DIR='\(tmux.runtimeFolder.path)' '\(FolioProcess.executable.path)' \(quoted)"
        )
    }

    @Test func aScriptDrivesTheReaderAndTheSocketGoesWithIt() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        let page = try folio(["--remote", "--to", tracemonkey, "page"], for: tmux)
        #expect(page.status == 0)
        #expect(page.output.hasPrefix("ok page=1 label= view=text file=/"))
        let list = try folio(["--remote", "--list"], for: tmux)
        #expect(list.output.split(separator: "\n").count == 1 && list.output.contains("\t1\t"))

        #expect(try folio(["--remote", "goto", "5"], for: tmux).status == 0)
        try tmux.waitForStatus("5/14")
        #expect(try folio(["--remote", "search", "trace trees"], for: tmux).status == 0)
        try tmux.waitForStatus("(page")
        let refused = try folio(["--remote", "goto", "40"], for: tmux)
        #expect(refused.status == 1 && refused.output == "error: no page 40: the document has 14 pages\n")
        #expect(try folio(["--remote", "reload"], for: tmux).status == 0)
        try tmux.waitForStatus("Reloaded")

        // Garbage on the socket gets an error, and the reader goes on answering.
        let socket = try #require(
            try FileManager.default.contentsOfDirectory(atPath: tmux.runtimeFolder.path + "/folio").first)
        let garbage = try FolioProcess.run(
            program: "/usr/bin/python3",
            [
                "-c",
                "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]);"
                    + " s.sendall(bytes(range(256))*40); print(s.recv(200).decode(errors='replace'))",
                tmux.runtimeFolder.path + "/folio/" + socket,
            ])
        #expect(garbage.output.hasPrefix("error: "))
        try tmux.send("Right")
        try tmux.waitForStatus("/14")
        #expect(try folio(["--remote", "page"], for: tmux).output.hasPrefix("ok page="))

        #expect(try folio(["--remote", "quit"], for: tmux).output == "ok quitting\n")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmux.runtimeFolder.path + "/folio").isEmpty)
        let none = try folio(["--remote", "page"], for: tmux)
        #expect(none.status == 1 && none.output == "error: no Folio reader is running\n")
    }

    /// A flood of clients (8 threads, 40 connections each: garbage, oversized lines, half-sent
    /// lines left hanging, and good requests) while the reader pages: every key is still taken,
    /// every client gets a line back, and the reader still answers.
    @Test func aFloodOfClientsWhilePagingNeitherStopsNorSlowsTheReader() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("\"$FOLIO\" '\(tracemonkey)'; echo \"[exit $?]\"")
        try tmux.waitForStatus("1/14")
        let socket = try #require(
            try FileManager.default.contentsOfDirectory(atPath: tmux.runtimeFolder.path + "/folio").first)
        let flood = """
            import random, socket, sys, threading
            path = sys.argv[1]
            answers = []
            def client(seed):
                rng = random.Random(seed)
                for n in range(40):
                    s = socket.socket(socket.AF_UNIX)
                    s.settimeout(8)
                    try:
                        s.connect(path)
                        # A half-sent line waits out the 2 s limit: two a thread.
                        kind = 2 if n in (5, 25) else n % 2 * 3 if n % 3 else 1
                        if kind == 0:
                            s.sendall(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))) + b"\\n")
                        elif kind == 1:
                            s.sendall(b"search " + b"x" * 9000 + b"\\n")
                        elif kind == 2:
                            s.sendall(b"pa")
                        else:
                            s.sendall(b"page\\n")
                        answers.append(s.recv(200)[:6])
                    except OSError as error:
                        answers.append(type(error).__name__.encode())
                    finally:
                        s.close()
            threads = [threading.Thread(target=client, args=(seed,)) for seed in range(8)]
            [t.start() for t in threads]
            [t.join() for t in threads]
            print(len(answers), sum(1 for a in answers if a.startswith(b"ok") or a.startswith(b"error:")))
            """
        let socketPath = tmux.runtimeFolder.path + "/folio/" + socket
        let started = Date()
        let running = Thread {
            _ = try? FolioProcess.run(program: "/usr/bin/python3", ["-c", flood, socketPath])
        }
        running.start()
        // Paging meanwhile: each key is taken, in order.
        for page in 2...9 {
            try tmux.send("Right")
            try tmux.waitForStatus("\(page)/14", seconds: 5)
        }
        let paged = Date().timeIntervalSince(started)
        let result = try FolioProcess.run(program: "/usr/bin/python3", ["-c", flood, socketPath])
        let counts = result.output.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(counts.count == 2 && counts[0] == 320, "\(result.output) \(result.stderr)")
        // Every client got a line back (`ok`, or an error for its request, or `busy`).
        #expect(counts.count == 2 && counts[1] == counts[0], "\(result.output)")
        #expect(paged < 30, "eight flips took \(paged) s under the flood")
        #expect(try folio(["--remote", "page"], for: tmux).output.hasPrefix("ok page=9 "))
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
    }

    @Test(.enabled(if: LaTeXFixture.isAvailable))
    func forwardSearchGoesToTheRunningReaderOrStartsOne() throws {
        let build = try LaTeXFixture.build()
        let tmux = try TmuxSession(columns: 100, rows: 30)
        // With no reader running, one starts in the terminal at the place.
        try tmux.run(
            "cd '\(build.folder)' && \"$FOLIO\" --synctex-forward 5:0:chapters/one.tex main.pdf; echo \"[exit $?]\"")
        try tmux.waitForStatus("From chapters/one.tex:5")
        #expect(try tmux.statusLine().contains("3/4"))
        // From an editor in the document's folder, a source line of the main file.
        let line = try #require(LaTeXFixture.line(startingWith: "The opening paragraph", in: LaTeXFixture.mainLines))
        let forward = try folio(["--synctex-forward", "\(line):0:main.tex", "main.pdf"], for: tmux, in: build.folder)
        #expect(forward.status == 0)
        #expect(forward.output.hasPrefix("ok page=1 "))
        try tmux.waitForStatus("From main.tex:\(line)")
        // The marked line is drawn as the current match is (bold, reverse video), the others not.
        // (The page's text may come a moment after the status line's words.)
        _ = try tmux.waitFor("the page's text") { $0.contains("The opening paragraph") }
        let styled = try tmux.styledScreen()
        let marked = try #require(styled.first { $0.contains("The opening paragraph") })
        #expect(marked.contains("\u{1B}[1;7m"), "\(marked)")
        #expect(styled.filter { $0.contains("\u{1B}[1;7m") }.count == 1)
        let stale = try folio(["--synctex-forward", "3:0:chapters/none.tex", "main.pdf"], for: tmux, in: build.folder)
        #expect(stale.status == 1 && stale.output.contains("chapters/none.tex:3"))
        try tmux.send("q")
        try tmux.waitFor("the shell after quitting") { $0.contains("[exit 0]") }
        // Run where no terminal is, with no reader, it says how to start one.
        let alone = try folio(["--synctex-forward", "5:0:chapters/one.tex", "main.pdf"], for: tmux, in: build.folder)
        #expect(alone.status == 1)
        #expect(alone.output == "error: no Folio reader is running (start one in a terminal: folio main.pdf)\n")
    }
}
