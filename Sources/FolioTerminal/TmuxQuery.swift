public import FolioGraphics
import FolioSystem

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
}
