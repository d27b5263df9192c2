/// The tips already shown, so each is shown once per kind of terminal and not at every start:
/// `$XDG_STATE_HOME/folio/tips-shown`, one `TIP<TAB>TERMINAL` a line (such as
/// `tmux-passthrough<TAB>tmux-256color in xterm-kitty`). Replaced whole under a lock, as
/// ``ReadingPositions`` is.
public struct ShownTips: Sendable {
    /// The file.
    public let path: String

    /// The tips kept in `path`.
    public init(path: String) {
        self.path = path
    }

    /// The standard place, from `XDG_STATE_HOME` or else `HOME`; nil when neither is set (then
    /// every tip is shown at every start).
    public static func standardPath(environment: [String: String]) -> String? {
        StateFolder.standard(environment: environment).map { $0 + "/tips-shown" }
    }

    /// Whether `tip` was shown on a terminal of kind `terminal`.
    public func wasShown(_ tip: String, on terminal: String) -> Bool {
        Self.parse(StateFile.contents(of: path)).contains(Self.line(tip, terminal))
    }

    /// Remembers that `tip` was shown on a terminal of kind `terminal`.
    public func record(_ tip: String, on terminal: String) throws(StateError) {
        try StateFile.update(path) { bytes in
            var lines = Self.parse(bytes)
            let line = Self.line(tip, terminal)
            if !lines.contains(line) {
                lines.append(line)
            }
            return Array(lines.map { $0 + "\n" }.joined().utf8)
        }
    }

    /// One line of the file: the names with tabs and line breaks made spaces, so a terminal's
    /// name cannot split a line.
    static func line(_ tip: String, _ terminal: String) -> String {
        func field(_ text: String) -> String {
            String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        }
        return field(tip) + "\t" + field(terminal)
    }

    static func parse(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
