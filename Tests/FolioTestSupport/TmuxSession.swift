public import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a private server, with a
/// pinned size, `TERM` and locale, driven with `send-keys` and read with `capture-pane`.
public final class TmuxSession {
    /// A wait for the screen that timed out; carries the last screen for the failure message.
    public struct Timeout: Error, CustomStringConvertible {
        public var expectation: String
        public var screen: String
        public var description: String { "timed out waiting for \(expectation); screen:\n\(screen)" }
    }

    let socket: String
    /// The session's own `XDG_STATE_HOME` (and `XDG_CONFIG_HOME` below it), so that where one
    /// test left a document does not decide where the next one opens it, and no configuration
    /// file of the machine's changes the keys.
    public let stateFolder: URL

    /// The session's own `XDG_RUNTIME_DIR`, where its readers' remote-control sockets are
    /// (`folio-UID` in it): a test's `folio --remote` finds this session's reader, no other's.
    public var runtimeFolder: URL { stateFolder.appendingPathComponent("run") }

    /// Starts an interactive bash (no rc files) in a `columns`×`rows` terminal. `FOLIO` is set to
    /// the binary under test.
    public init(columns: Int = 100, rows: Int = 30) throws {
        socket = "folio-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        stateFolder = FileManager.default.temporaryDirectory.appendingPathComponent(socket + "-state")
        try FileManager.default.createDirectory(
            at: stateFolder.appendingPathComponent("run"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let environment =
            "TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 FOLIO='\(FolioProcess.executable.path)'"
            + " XDG_STATE_HOME='\(stateFolder.path)' XDG_CONFIG_HOME='\(stateFolder.path)/config'"
            + " XDG_RUNTIME_DIR='\(runtimeFolder.path)' PS1='$ '"
        // The first command starts the tmux server, which would inherit (and hold open) an output
        // pipe; it gets no pipe.
        try tmux(
            capturingOutput: false,
            [
                "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                "env -i PATH=/usr/bin:/bin HOME=/tmp \(environment) bash --norc --noprofile -i",
            ])
        try tmux(["set-option", "-g", "status", "off"])
        // With "on", a program's OSC 52 clipboard write lands in a tmux buffer, where tests see it.
        try tmux(["set-option", "-g", "set-clipboard", "on"])
        _ = try waitFor("the shell prompt") { $0.contains("$") }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: stateFolder)
    }

    /// `TMUX=…` naming this session's server, for a command that should know it runs inside tmux
    /// (the shell's environment is cleared, `TMUX` with it).
    public var tmuxVariable: String {
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        return "TMUX='\(folder)/tmux-\(getuid())/\(socket),0,0'"
    }

    /// Sets a global tmux option (`set-option -g NAME VALUE`).
    public func setOption(_ name: String, _ value: String) throws {
        try tmux(["set-option", "-g", name, value])
    }

    /// Types a shell command line and presses Enter.
    public func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-l", commandLine])
        try tmux(["send-keys", "Enter"])
    }

    /// Sends keys by tmux name ("Right", "Enter", "C-z") or literal text (with `literal`).
    public func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys"] + (literal ? ["-l"] : []) + keys)
    }

    /// Sends `bytes` to the program as they are, as if the terminal had sent them (an escape
    /// sequence no key table knows, a late reply to a query).
    public func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// The visible screen, one string per row.
    public func screen() throws -> [String] {
        String(decoding: try tmux(["capture-pane", "-p"]), as: UTF8.self)
            .components(separatedBy: "\n").dropLast().map { String($0) }
    }

    /// The visible screen with its colours and attributes as escape sequences (`capture-pane -e`),
    /// one string per row.
    public func styledScreen() throws -> [String] {
        String(decoding: try tmux(["capture-pane", "-p", "-e"]), as: UTF8.self)
            .components(separatedBy: "\n").dropLast().map { String($0) }
    }

    /// The output as written, with rows the terminal wrapped joined back into one line each
    /// (for checking a long message, such as an error naming a deep path, whatever the width).
    public func unwrappedText() throws -> String {
        String(decoding: try tmux(["capture-pane", "-p", "-J"]), as: UTF8.self)
    }

    /// The last row: Folio's status line.
    public func statusLine() throws -> String {
        try screen().last ?? ""
    }

    /// Whether the terminal is showing the alternate screen (full-screen mode).
    public func alternateScreenIsOn() throws -> Bool {
        String(decoding: try tmux(["display-message", "-p", "#{alternate_on}"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Whether the terminal shows its cursor (programs hide it with `civis`, show it with `cnorm`).
    public func cursorIsVisible() throws -> Bool {
        String(decoding: try tmux(["display-message", "-p", "#{cursor_flag}"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Whether the program in the pane has asked for mouse reports in SGR form (1000 and 1006).
    public func mouseReportsAreOn() throws -> Bool {
        String(
            decoding: try tmux(["display-message", "-p", "#{mouse_standard_flag}#{mouse_sgr_flag}"]), as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines) == "11"
    }

    /// Pastes `text` into the pane as a terminal does, between the bracketed-paste markers when
    /// the program asked for them.
    public func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "folio-test-paste", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "folio-test-paste"])
    }

    /// The newest paste buffer (where OSC 52 copies land), or "" when there is none.
    public func pasteBuffer() throws -> String {
        String(decoding: try tmux(["show-buffer"]), as: UTF8.self)
    }

    /// The terminal's title, as programs set it with OSC 0 or 2.
    public func title() throws -> String {
        String(decoding: try tmux(["display-message", "-p", "#{pane_title}"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// tmux's paste buffers, one line each; a program's OSC 52 clipboard write adds one.
    public func pasteBuffers() throws -> String {
        String(decoding: try tmux(["list-buffers"]), as: UTF8.self)
    }

    /// Resizes the terminal (SIGWINCH reaches the program).
    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Sends `signal` to the processes whose parent is the shell (the program being tested).
    public func signalChild(_ signal: String) throws {
        let shell = String(decoding: try tmux(["display-message", "-p", "#{pane_pid}"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        process.arguments = ["-\(signal)", "-P", shell]
        try process.run()
        process.waitUntilExit()
    }

    /// Polls the screen until `predicate` holds (every 20 ms, up to `seconds`).
    @discardableResult
    public func waitFor(
        _ expectation: String, seconds: Double = 10, _ predicate: (String) throws -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var text = ""
        repeat {
            text = try screen().joined(separator: "\n")
            if try predicate(text) { return text }
            usleep(20_000)
        } while Date() < deadline
        throw Timeout(expectation: expectation, screen: text)
    }

    /// Waits until the screen stops changing (the same over `interval` seconds) and `predicate`
    /// holds, and returns it.
    @discardableResult
    public func waitForStillScreen(
        _ expectation: String, interval: Double = 0.3, seconds: Double = 10,
        _ predicate: (String) -> Bool = { _ in true }
    ) throws -> String {
        var previous = ""
        return try waitFor(expectation, seconds: seconds) { screen in
            defer { previous = screen }
            guard screen == previous, predicate(screen) else {
                usleep(useconds_t(interval * 1_000_000))
                return false
            }
            return true
        }
    }

    /// Waits until the status line contains `text`.
    @discardableResult
    public func waitForStatus(_ text: String, seconds: Double = 10) throws -> String {
        // The status line of the same capture that is returned: a second capture could show a
        // later frame than the screen handed back.
        try waitFor("status line with '\(text)'", seconds: seconds) { screen in
            screen.split(separator: "\n", omittingEmptySubsequences: false).last?.contains(text) == true
        }
    }

    /// Runs one tmux command. Output goes through a temporary file, not a pipe: a tmux server
    /// started meanwhile (by this or a parallel test) would inherit a pipe's write end and hold it
    /// open forever. For the same reason tmux starts with every inherited descriptor above 2
    /// closed, and with the test runner's blocked-signal mask cleared (a server that inherits it
    /// never sees SIGHUP or SIGCHLD, and outlives the test).
    @discardableResult
    private func tmux(capturingOutput: Bool = true, _ arguments: [String]) throws -> Data {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        process.arguments = ["-e", Self.cleanExec, "/usr/bin/tmux", "-L", socket] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = capturingOutput ? handle : FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return capturingOutput ? try Data(contentsOf: output) : Data()
    }

    private static let cleanExec =
        "use POSIX; sigprocmask(SIG_SETMASK, POSIX::SigSet->new); POSIX::close($_) for 3..1023; exec @ARGV or die"
}
