/// Folio's folder for state that outlives a run (where each document was left, the last
/// session's messages): `$XDG_STATE_HOME/folio`, by default `~/.local/state/folio`.
public enum StateFolder {
    /// The folder, from `XDG_STATE_HOME` or else `HOME`; nil when neither is set to an absolute
    /// path (then nothing is kept).
    public static func standard(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/folio"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/.local/state/folio"
        }
        return nil
    }
}
