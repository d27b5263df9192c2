import FolioApp
import FolioCore
import FolioSystem
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// The remote-control server and client over real sockets, each test in a runtime folder of its
/// own (never the real `XDG_RUNTIME_DIR`), with short limits where a test waits for one.
@Suite struct RemoteControlTests {
    /// A runtime folder of its own, removed at the end.
    final class Runtime {
        let scratch: String
        let folder: RuntimeFolder

        init(mode: mode_t = 0o700) throws {
            scratch = NSTemporaryDirectory() + "folio-remote-" + UUID().uuidString.prefix(8)
            #expect(mkdir(scratch, 0o755) == 0)
            let path = scratch + "/folio"
            #expect(mkdir(path, 0o700) == 0)
            folder = try RuntimeFolder.prepare(at: path, userID: getuid(), creating: false).get()
            chmod(path, mode)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: scratch)
        }

        var client: RemoteClient { RemoteClient(folderPath: folder.path, userID: getuid(), timeLimit: 3000) }
    }

    /// A request time short enough for a test to wait it out.
    static let short = RemoteLimits(requestBytes: 4096, requestTime: 200, clients: 32, answerTime: 5000)
    /// An answer time short enough for a test to wait it out.
    static let impatient = RemoteLimits(requestBytes: 4096, requestTime: 2000, clients: 32, answerTime: 200)

    /// A process ID no process can have (above the kernel's largest), naming a test's socket.
    static func unusedProcessID() -> Int32 { Int32.random(in: 5_000_000...9_000_000) }

    /// Sends `bytes` as they are and returns the line the server answers ("" when it closes).
    static func raw(_ bytes: [UInt8], to path: String, wait: Int = 3000) -> String {
        let deadline = MonotonicClock.milliseconds() + wait
        guard case .success(let socket) = UnixSocket.connect(to: path, deadline: deadline) else {
            return "no connection"
        }
        _ = socket.sendAll(bytes, deadline: deadline)
        switch socket.receiveLine(limit: 20_000, deadline: deadline) {
        case .success(let line): return String(decoding: line, as: UTF8.self)
        case .failure(let failure): return "failed: \(failure)"
        }
    }

    /// A handler that answers each request with its own line, as a reader's loop would: later,
    /// from another thread.
    static let echo: @Sendable (RemoteRequest, RemoteResponder) -> Void = { request, responder in
        DispatchQueue.global().async { responder.reply(.ok(request.line)) }
    }

    @Test func eachCommandGoesToTheHandlerAndItsReplyComesBack() throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID()).get()
        defer { server.stop() }
        server.handler = Self.echo
        let requests: [RemoteRequest] = [
            .goTo("12"), .goTo("@xii"), .reload, .search("two words"), .page, .view(.text), .view(.image),
            .syncTeX("3:0:main.tex"), .quit,
        ]
        for request in requests {
            #expect(runtime.client.send(request, to: nil) == .ok(request.line))
        }
        #expect(Self.raw(Array("goto 5\n".utf8), to: server.socketPath) == "ok goto 5")
    }

    @Test func withoutAHandlerNoDocumentIsOpenAndBadLinesAreAnsweredByTheServer() throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID()).get()
        defer { server.stop() }
        #expect(Self.raw(Array("page\n".utf8), to: server.socketPath) == "error: no document is open")
        server.handler = { _, _ in Issue.record("a bad line reached the handler") }
        #expect(
            Self.raw(Array("jump\n".utf8), to: server.socketPath)
                == "error: unknown command 'jump' (commands: goto, reload, search, page, view, synctex, quit)")
        #expect(Self.raw([0x70, 0xFF, 0x0A], to: server.socketPath) == "error: the request is not UTF-8 text")
        #expect(
            Self.raw(Array(String(repeating: "x", count: 5000).utf8), to: server.socketPath)
                == "error: request too long")
        #expect(
            Self.raw(Array(("search " + String(repeating: "x", count: 4090) + "\n").utf8), to: server.socketPath)
                == "error: request too long")
    }

    @Test func aStalledOrUnfinishedRequestIsAnsweredWithinTheLimit() throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID(), limits: Self.short)
            .get()
        defer { server.stop() }
        server.handler = Self.echo
        let started = MonotonicClock.milliseconds()
        #expect(Self.raw(Array("pa".utf8), to: server.socketPath) == "error: request incomplete")
        // The short limit, not the standard one (2 s): a loaded machine still answers well before.
        #expect((150...1900).contains(MonotonicClock.milliseconds() - started))
        // The stalled client held up no one.
        #expect(runtime.client.send(.page, to: nil) == .ok("page"))
    }

    @Test func aClientThatFinishesWithoutANewlineIsIncomplete() throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID()).get()
        defer { server.stop() }
        server.handler = Self.echo
        let socket = try UnixSocket.connect(to: server.socketPath, deadline: MonotonicClock.milliseconds() + 2000).get()
        try socket.sendAll(Array("page".utf8), deadline: MonotonicClock.milliseconds() + 2000).get()
        shutdown(socket.descriptor, Int32(SHUT_WR))
        let line = try socket.receiveLine(limit: 100, deadline: MonotonicClock.milliseconds() + 2000).get()
        #expect(String(decoding: line, as: UTF8.self) == "error: request incomplete")
    }

    @Test func aHandlerThatNeverRepliesIsAnsweredForAndALateReplyIsDropped() throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(
            in: runtime.folder, processID: Self.unusedProcessID(), limits: Self.impatient
        )
        .get()
        defer { server.stop() }
        let kept = Kept()
        server.handler = { _, responder in kept.responder = responder }
        #expect(runtime.client.send(.reload, to: nil) == .failure("the reader did not answer"))
        kept.responder?.reply(.ok("late"))
        server.handler = { _, responder in
            responder.reply(.ok("first"))
            responder.reply(.ok("second"))
        }
        #expect(runtime.client.send(.reload, to: nil) == .ok("first"))
    }

    /// Hundreds of seeded random requests (any bytes, any length, newline or not) each get one
    /// line or a close, and the server answers a good request after them.
    @Test func randomRequestsNeverStopTheServer() throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID(), limits: Self.short)
            .get()
        defer { server.stop() }
        server.handler = Self.echo
        var random = SeededRandom(seed: 2323)
        var lines = 0
        for round in 0..<300 {
            var bytes = (0..<Int.random(in: 0...(round % 10 == 0 ? 6000 : 40), using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            if round % 3 == 0 { bytes = Array(random.pick(RemoteRequest.commandNames).utf8) + bytes }
            if round % 25 != 24 { bytes.append(0x0A) }
            let reply = Self.raw(bytes, to: server.socketPath)
            #expect(reply.hasPrefix("ok") || reply.hasPrefix("error: "), "round \(round): \(reply)")
            #expect(!reply.contains("\n"))
            lines += 1
        }
        #expect(lines == 300)
        #expect(runtime.client.send(.page, to: nil) == .ok("page"))
    }

    /// 200 clients at once from eight threads: each is answered, by the handler or `busy`, and a
    /// request right after is answered.
    @Test func aFloodOfClientsIsAnsweredOrTurnedAway() async throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID()).get()
        defer { server.stop() }
        server.handler = { request, responder in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
                responder.reply(.ok(request.line))
            }
        }
        let path = server.socketPath
        let replies = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread {
                            continuation.resume(
                                returning: (0..<25).map { _ in Self.raw(Array("page\n".utf8), to: path) })
                        }.start()
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(replies.count == 200)
        #expect(replies.allSatisfy { $0 == "ok page" || $0 == "error: busy" }, "\(Set(replies))")
        #expect(replies.contains("ok page"))
        #expect(runtime.client.send(.page, to: nil) == .ok("page"))
    }

    @Test func theClientChoosesByProcessOrFileAndSaysWhenItCannot() throws {
        let runtime = try Runtime()
        #expect(runtime.client.send(.page, to: nil) == .failure("no Folio reader is running"))
        let first = Self.unusedProcessID()
        let second = first + 1
        var servers: [RemoteControl] = []
        defer { for server in servers { server.stop() } }
        for (processID, file) in [(first, "/docs/one.pdf"), (second, "/docs/two words.pdf")] {
            let server = try RemoteControl.start(in: runtime.folder, processID: processID).get()
            server.handler = { request, responder in
                let report = RemotePageReport(page: 4, label: "iv", view: .text, file: file)
                responder.reply(request == .page ? .ok(report.line) : .ok("\(processID) \(request.line)"))
            }
            servers.append(server)
        }
        #expect(
            runtime.client.send(.reload, to: nil)
                == .failure(
                    "2 Folio readers are running; choose one with --to FILE or --to PID (folio --remote --list lists them)"
                ))
        #expect(runtime.client.send(.reload, to: "\(second)") == .ok("\(second) reload"))
        #expect(runtime.client.send(.reload, to: "/docs/one.pdf") == .ok("\(first) reload"))
        #expect(runtime.client.send(.reload, to: "/docs/two words.pdf") == .ok("\(second) reload"))
        #expect(runtime.client.send(.reload, to: "1") == .failure("no Folio reader runs as process 1"))
        #expect(
            runtime.client.send(.reload, to: "/docs/three.pdf")
                == .failure("no Folio reader is showing /docs/three.pdf"))
        #expect(
            try runtime.client.list().get() == ["\(first)\t4\t/docs/one.pdf", "\(second)\t4\t/docs/two words.pdf"])
    }

    @Test func staleSocketsAreCleanedAndLiveOnesKept() throws {
        let runtime = try Runtime()
        let dead = Self.unusedProcessID()
        let deadPath = runtime.folder.path(of: "\(dead).sock")
        do { _ = try UnixSocket.listen(at: deadPath).get() }
        // A socket nothing listens at, named for a process that lives but is no Folio (this test
        // binary), as when a crashed reader's number is reused: removed.
        let reusedPath = runtime.folder.path(of: "\(getpid()).sock")
        do { _ = try UnixSocket.listen(at: reusedPath).get() }
        // A socket that listens, named for no process: kept.
        let listening = runtime.folder.path(of: "\(dead + 1).sock")
        let listener = try UnixSocket.listen(at: listening).get()
        let other = runtime.folder.path(of: "notes.sock")
        do { _ = try UnixSocket.listen(at: other).get() }
        let server = try RemoteControl.start(in: runtime.folder, processID: dead + 2).get()
        #expect(!FileManager.default.fileExists(atPath: deadPath))
        #expect(!FileManager.default.fileExists(atPath: reusedPath))
        #expect(FileManager.default.fileExists(atPath: listening))
        #expect(FileManager.default.fileExists(atPath: other))
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: server.socketPath))
        // The client cleans too: the server's socket left behind as a crash would leave it.
        do { _ = try UnixSocket.listen(at: server.socketPath).get() }
        #expect(try runtime.client.readers().get().map(\.processID) == [dead + 1])
        #expect(!FileManager.default.fileExists(atPath: server.socketPath))
        _ = listener
    }

    /// The reader's answer to `quit` is made just before the server stops: it still reaches the
    /// client.
    @Test func aReplyMadeJustBeforeTheServerStopsIsSent() throws {
        let runtime = try Runtime()
        for _ in 0..<20 {
            let processID = Self.unusedProcessID()
            let server = try RemoteControl.start(in: runtime.folder, processID: processID).get()
            server.handler = { _, responder in
                DispatchQueue.global().async {
                    responder.reply(.ok("quitting"))
                    server.stop()
                }
            }
            #expect(runtime.client.send(.quit, to: "\(processID)") == .ok("quitting"))
            server.stop()
        }
    }

    @Test func stopLeavesASocketThatIsNoLongerItsOwn() throws {
        let runtime = try Runtime()
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID()).get()
        unlink(server.socketPath)
        let replacement = try UnixSocket.listen(at: server.socketPath).get()
        server.stop()
        #expect(FileManager.default.fileExists(atPath: server.socketPath))
        _ = replacement
    }

    @Test func anUnsafeFolderIsRefusedWithTheReason() throws {
        let runtime = try Runtime(mode: 0o755)
        let client = runtime.client
        #expect(
            client.send(.page, to: nil)
                == .failure(RuntimeFolderError.wrongMode(runtime.folder.path, mode: 0o755).description))
        let started = RemoteControl.start(environment: ["XDG_RUNTIME_DIR": runtime.scratch])
        switch started {
        case .success(let server):
            server.stop()
            Issue.record("a 0755 folder was used")
        case .failure(let problem): #expect(problem == .folder(.wrongMode(runtime.folder.path, mode: 0o755)))
        }
    }

    /// Another user's client is closed unread: run as `nobody` against a socket it could reach
    /// (the folder's 0700 would stop it first, so this one is 0777 and the socket 0666, in the
    /// test only) to show the peer check itself refuses it.
    @Test func anotherUsersClientIsClosedUnread() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        else { return }
        let runtime = try Runtime(mode: 0o777)
        chmod(runtime.scratch, 0o777)
        let server = try RemoteControl.start(in: runtime.folder, processID: Self.unusedProcessID()).get()
        defer { server.stop() }
        server.handler = { _, responder in responder.reply(.ok("reached")) }
        chmod(server.socketPath, 0o666)
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX)
            s.connect(sys.argv[1])
            try:
                s.sendall(b"page\\n")
                print("reply:" + s.recv(100).decode())
            except (BrokenPipeError, ConnectionResetError):
                print("reply:")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
            "--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/python3", "-c", script, server.socketPath,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed == "reply:\n", "\(said)")
        #expect(server.refusedPeers == 1)
        #expect(Self.raw(Array("page\n".utf8), to: server.socketPath) == "ok reached")
    }
}

/// A responder kept by a handler that never uses it in time.
private final class Kept: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: RemoteResponder?

    var responder: RemoteResponder? {
        get { lock.withLock { kept } }
        set { lock.withLock { kept = newValue } }
    }
}
