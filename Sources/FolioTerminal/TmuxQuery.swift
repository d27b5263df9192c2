import FolioCore
import FolioSystem
import Foundation

extension TmuxState {
    /// What tmux says of `pane` (`TMUX_PANE`; the current one when nil): whether passthrough is
    /// on there, and the client's terminal. Asked with `tmux display -p`; when tmux cannot be run
    /// or does not answer, passthrough is taken to be off.
    public static func query(pane: String?) -> TmuxState {
        let arguments =
            ["tmux", "display", "-p"] + (pane.map { ["-t", $0] } ?? []) + ["#{allow-passthrough}\t#{client_termname}"]
        let request = ChildProcess.Request(arguments, outputLimit: 4096, timeLimit: queryTimeLimit)
        guard let outcome = try? ChildProcess.run(request), outcome.succeeded else {
            return TmuxState(passthrough: false, clientTerminal: "")
        }
        return parse(String(decoding: outcome.output, as: UTF8.self))
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
