import FolioSystem
import Foundation

/// Puts text on the clipboard two ways: OSC 52, which the terminal (or tmux with
/// `set-clipboard on`) turns into a clipboard write and which works over ssh; and `wl-copy`,
/// `xclip` or `xsel` when one is installed and a display is available.
public enum Clipboard {
    /// Many terminals drop OSC 52 sequences longer than about 100 kB; longer payloads are not
    /// sent (and the user is told) rather than silently cut.
    public static let osc52Limit = 100_000

    /// The OSC 52 sequence that asks the terminal to put `text` on the clipboard, or nil when
    /// its encoded payload would exceed ``osc52Limit``.
    public static func osc52Sequence(for text: String) -> [UInt8]? {
        let payload = Data(text.utf8).base64EncodedString()
        guard payload.utf8.count <= osc52Limit else { return nil }
        return Array("\u{1B}]52;c;\(payload)\u{07}".utf8)
    }

    /// The clipboard programs tried in order, with their arguments and the display they need.
    static let tools: [(program: String, arguments: [String], display: String)] = [
        ("wl-copy", [], "WAYLAND_DISPLAY"),
        ("xclip", ["-selection", "clipboard"], "DISPLAY"),
        ("xsel", ["--clipboard", "--input"], "DISPLAY"),
    ]

    /// Hands `text` to the first clipboard program that is installed and has its display;
    /// returns its name, or nil when none could take it. Blocks until the program has read it.
    public static func copyWithTool(_ text: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        for tool in tools where environment[tool.display]?.isEmpty == false {
            if let name = copy(text, with: [tool.program] + tool.arguments) {
                return name
            }
        }
        return nil
    }

    /// Hands `text` to `command` (a program, found on `PATH` unless it has a slash, and its
    /// arguments) on its standard input; returns the program's name when it took the text
    /// and exited with status 0 within ``toolTimeLimit``, nil otherwise. Blocks until the
    /// program ends.
    public static func copy(_ text: String, with command: [String]) -> String? {
        guard let program = command.first else { return nil }
        let request = ChildProcess.Request(command, input: Array(text.utf8), outputLimit: 0, timeLimit: toolTimeLimit)
        guard let outcome = try? ChildProcess.run(request), outcome.succeeded else { return nil }
        return program.split(separator: "/").last.map(String.init) ?? program
    }

    /// How long a clipboard program may take to read the text, in milliseconds (they take
    /// it and leave a process of their own in the background to serve it).
    static let toolTimeLimit = 5000
}
