import Foundation
import Glibc

/// A terminal outside tmux, for end-to-end tests of what a program passes through tmux: a tmux
/// client attached on a pseudo-terminal this process holds, which answers the queries that reach
/// it as a kitty-protocol terminal would (the `kitty-placeholders` kind of ``StandInTerminal``:
/// DA1, XTVERSION with the name and version it is given, kitty's `a=q`, the cell size in pixels)
/// and keeps every byte tmux writes to it.
///
/// It stands in for kitty 0.28 or later and Ghostty, which show Unicode placeholders and are not
/// in Debian 12 (whose kitty, 0.26.5, is tested for real by `scripts/test-kitty`).
public final class OuterTerminal: @unchecked Sendable {
    /// What it answers XTVERSION with, such as `kitty(0.35.2)`.
    public let version: String
    /// Its cell size in pixels, which tmux learns from the pseudo-terminal's size.
    public let cell: (width: Int, height: Int)
    private let master: Int32
    /// What it answers.
    private let standIn: StandInTerminal
    /// The other end, held open so that the terminal does not hang up before the client opens it.
    private var slave: Int32 = -1
    /// The tmux client's process.
    private var client: pid_t = 0
    private let lock = NSLock()
    private var output: [UInt8] = []
    private var finished = false

    /// Attaches a client of the tmux server on `socket`, `columns`×`rows` cells of `cell` pixels.
    init(socket: String, columns: Int, rows: Int, cell: (width: Int, height: Int), version: String) throws {
        self.version = version
        self.cell = cell
        standIn = StandInTerminal(
            "kitty-placeholders", cell: cell, cells: (columns: columns, rows: rows), version: version)
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cell.width),
            ws_ypixel: UInt16(rows * cell.height))
        var master: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else {
            throw CocoaError(.fileReadUnknown)
        }
        self.master = master
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        let path = String(cString: name)
        // The client runs in a session of its own with the pseudo-terminal as its controlling
        // terminal, every other descriptor closed and no signal blocked (as TmuxSession's tmux).
        let arguments = [
            "/usr/bin/perl", "-e",
            "use POSIX; setsid(); open(STDIN, '+<', $ARGV[0]) or die; open(STDOUT, '>&STDIN'); open(STDERR, '>&STDIN');"
                + " sigprocmask(SIG_SETMASK, POSIX::SigSet->new); POSIX::close($_) for 3..1023; shift; exec @ARGV or die",
            path, "/usr/bin/tmux", "-L", socket, "attach",
        ]
        let environment = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=/tmp"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for string in argv + envp {
                free(string)
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard posix_spawn(&client, arguments[0], &actions, nil, &argv, &envp) == 0 else {
            throw CocoaError(.executableLoad)
        }
        // The thread holds the terminal weakly: a terminal no test holds any more is closed.
        Thread { [weak self] in
            while let terminal = self, terminal.readOnce() {}
        }.start()
    }

    deinit {
        detach()
        close(master)
        close(slave)
    }

    /// Every byte tmux has written to this terminal so far.
    public var received: [UInt8] { lock.withLock { output } }

    /// The kitty graphics commands among what tmux has written, in order (passthrough unwrapped
    /// by tmux, as the terminal outside sees them).
    public func kittyCommands() -> [KittyCommand] {
        let bytes = received
        var commands: [KittyCommand] = []
        var index = 0
        while let start = Self.find([0x1B, 0x5F, 0x47], in: bytes, from: index),
            let end = Self.find([0x1B, 0x5C], in: bytes, from: start + 3)
        {
            commands += KittyCommand.all(in: Array(bytes[start..<(end + 2)])) ?? []
            index = end + 2
        }
        return commands
    }

    /// Polls what tmux wrote until `predicate` holds (every 20 ms, up to `seconds`).
    public func waitFor(_ expectation: String, seconds: Double = 10, _ predicate: ([KittyCommand]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if predicate(kittyCommands()) { return }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxSession.Timeout(
            expectation: expectation, screen: kittyCommands().map { "\($0.keys)" }.joined(separator: "\n"))
    }

    /// Ends the client (tmux goes on without it).
    public func detach() {
        let running = lock.withLock {
            defer { finished = true }
            return !finished
        }
        guard running, client > 0 else { return }
        kill(client, SIGTERM)
        var status: Int32 = 0
        while waitpid(client, &status, 0) < 0 && errno == EINTR {}
    }

    /// What is not yet answered of the queries read so far.
    private var pending: [UInt8] = []

    /// Reads what tmux wrote within 100 ms and answers its queries; false once the client is
    /// detached or the terminal closed.
    private func readOnce() -> Bool {
        guard !(lock.withLock { finished }) else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 100) >= 0 || errno == EINTR else { return false }
        guard descriptor.revents & Int16(POLLIN) != 0 else {
            return descriptor.revents & Int16(POLLHUP | POLLERR) == 0
        }
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        lock.withLock { output += buffer.prefix(count) }
        pending += buffer.prefix(count)
        let answer = answers(consuming: &pending)
        if !answer.isEmpty {
            _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        return true
    }

    /// The replies to the queries in `pending`, which keeps only a query not yet complete.
    private func answers(consuming pending: inout [UInt8]) -> [UInt8] {
        var replies = ""
        var index = 0
        var kept = pending.count
        scan: while let escape = pending[index...].firstIndex(of: 0x1B) {
            let rest = pending[escape...]
            for (query, reply) in standIn.answers where rest.starts(with: Array(query.utf8)) {
                replies += reply
                index = escape + query.utf8.count
                continue scan
            }
            if rest.starts(with: [0x1B, 0x5F, 0x47]) {
                guard let end = Self.find([0x1B, 0x5C], in: pending, from: escape + 3) else {
                    kept = escape
                    break
                }
                replies += standIn.reply(to: String(decoding: pending[escape..<(end + 2)], as: UTF8.self)) ?? ""
                index = end + 2
                continue
            }
            // A query split across reads waits for its end; anything else is passed over.
            if rest.count < 8 {
                kept = escape
                break
            }
            index = escape + 1
        }
        pending = kept < pending.count ? Array(pending[kept...]) : []
        return Array(replies.utf8)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count, let first = bytes[index...].firstIndex(of: needle[0]) {
            guard first + needle.count <= bytes.count else { return nil }
            if bytes[first..<(first + needle.count)].elementsEqual(needle) {
                return first
            }
            index = first + 1
        }
        return nil
    }
}

extension TmuxSession {
    /// Attaches an ``OuterTerminal`` (a kitty-protocol terminal answering XTVERSION with
    /// `version`) to this session's server, at the session's size.
    public func attachOuterTerminal(
        columns: Int, rows: Int, cell: (width: Int, height: Int) = (8, 16), version: String = "kitty(0.35.2)"
    ) throws -> OuterTerminal {
        try OuterTerminal(socket: socket, columns: columns, rows: rows, cell: cell, version: version)
    }
}
