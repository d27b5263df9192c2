import FolioCore
import Foundation
import Glibc

extension TmuxState {
    /// What tmux says of `pane` (`TMUX_PANE`; the current one when nil): whether passthrough is
    /// on there, and the client's terminal. Asked with `tmux display -p`; when tmux cannot be run
    /// or does not answer, passthrough is taken to be off.
    public static func query(pane: String?) -> TmuxState {
        let arguments =
            ["tmux", "display", "-p"] + (pane.map { ["-t", $0] } ?? []) + ["#{allow-passthrough}\t#{client_termname}"]
        guard let output = SpawnedCommand.output(of: arguments, timeLimit: queryTimeLimit) else {
            return TmuxState(passthrough: false, clientTerminal: "")
        }
        return parse(output)
    }

    /// How long tmux may take to answer, in milliseconds (it answers in 2–3 ms).
    static let queryTimeLimit = 200

    /// The state from `tmux display -p '#{allow-passthrough}\t#{client_termname}'`'s output:
    /// the option is `1`/`on`/`all` when on (tmux 3.3 prints a flag as 1 or 0).
    public static func parse(_ output: String) -> TmuxState {
        let fields = output.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false)
        let option = fields.first.map(String.init) ?? ""
        return TmuxState(
            passthrough: ["1", "on", "all"].contains(option),
            clientTerminal: fields.count > 1 ? TerminalSafeText.sanitized(String(fields[1])) : "")
    }
}

/// Runs a short command and reads what it prints, with `posix_spawnp` rather than Foundation's
/// `Process`, which closes every file descriptor up to the limit before it runs anything — about
/// 50 ms where the limit is high, all of it before Folio's first frame.
enum SpawnedCommand {
    /// What `arguments` (a program on `PATH`, then its arguments) prints on standard output, or
    /// nil when it cannot be run, fails, or has not finished within `timeLimit` milliseconds
    /// (then it is killed).
    static func output(of arguments: [String], timeLimit: Int) -> String? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer {
            for argument in argv {
                free(argument)
            }
        }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, arguments[0], &actions, nil, &argv, environ)
        close(ends[1])
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = DeadlineClock.milliseconds() + timeLimit
        var finished = false
        while !finished {
            let remaining = deadline - DeadlineClock.milliseconds()
            var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&descriptor, 1, Int32(remaining)) > 0 else { break }
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 {
                output += buffer.prefix(count)
            } else {
                finished = count == 0
                if count < 0 && errno != EINTR { break }
            }
        }
        if !finished {
            kill(child, SIGKILL)
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // Exited normally with status 0 (WIFEXITED and WEXITSTATUS, which do not import).
        guard finished, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
