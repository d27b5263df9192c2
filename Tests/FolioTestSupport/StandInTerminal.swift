public import Foundation

/// What a terminal of one kind answers to Folio's probe, from
/// `scripts/foliokit/terminal-answers.json`, the file the bench's pseudo-terminal
/// (`scripts/foliokit/pty_terminal.py`) reads too: one record of every stand-in terminal.
public struct StandInTerminal: Sendable {
    /// How a kitty graphics query (`a=q`) is answered.
    public enum KittyHandling: String, Sendable, Decodable {
        /// `OK`.
        case ok
        /// The file it names is opened and deleted, then `OK` (`ENOENT` when it cannot be read).
        case read
        /// `ENOENT:file not found`: the terminal is on another machine.
        case notFound = "not found"
        /// No answer.
        case silent
    }

    private struct Kind: Decodable {
        struct KittyGraphics: Decodable {
            var direct: KittyHandling
            var file: KittyHandling
        }
        var answers: [String: String]
        var kittyGraphics: KittyGraphics?

        enum CodingKeys: String, CodingKey {
            case answers
            case kittyGraphics = "kitty_graphics"
        }
    }

    private struct Record: Decodable {
        var kittyReplies: [String: String]
        var kinds: [String: Kind]

        enum CodingKeys: String, CodingKey {
            case kittyReplies = "kitty_replies"
            case kinds
        }
    }

    /// The data file.
    public static let file = Corpus.repositoryRoot.appendingPathComponent("scripts/foliokit/terminal-answers.json")

    private static let record: Record = {
        do {
            return try JSONDecoder().decode(Record.self, from: Data(contentsOf: file))
        } catch {
            fatalError("\(file.path): \(error)")
        }
    }()

    /// The kind's name in the data file, such as `kitty`.
    public let kind: String
    /// The reply to each query it answers, placeholders filled in.
    public let answers: [String: String]
    private let kittyGraphics: (direct: KittyHandling, file: KittyHandling)?

    /// A terminal of `kind` with `columns`×`rows` cells of `cell` pixels, answering XTVERSION
    /// with `version` where the kind leaves it open; `temporaryFiles` overrides how it answers
    /// a kitty query naming a temporary file.
    public init(
        _ kind: String, cell: (width: Int, height: Int), cells: (columns: Int, rows: Int), version: String = "",
        temporaryFiles: KittyHandling? = nil
    ) {
        guard let entry = Self.record.kinds[kind] else {
            fatalError("\(Self.file.path) has no terminal kind \(kind)")
        }
        let values = [
            "cell_width": cell.width, "cell_height": cell.height, "window_width": cells.columns * cell.width,
            "window_height": cells.rows * cell.height,
        ].mapValues(String.init).merging(["version": version]) { $1 }
        self.kind = kind
        answers = entry.answers.mapValues { Self.fill($0, values) }
        kittyGraphics = entry.kittyGraphics.map { ($0.direct, temporaryFiles ?? $0.file) }
    }

    /// The replies to `queries`, one after another, in their order (the probe's replies as this
    /// terminal would send them).
    public func replies(to queries: [String]) -> [UInt8] {
        Array(queries.compactMap { reply(to: $0) }.joined().utf8)
    }

    /// The reply to one whole query; nil when this terminal does not answer it.
    public func reply(to query: String) -> String? {
        if let answer = answers[query] {
            return answer
        }
        guard query.hasPrefix("\u{1B}_G"), let kittyGraphics,
            let command = KittyCommand.all(in: Array(query.utf8))?.first, command.keys["a"] == "q"
        else { return nil }
        let id = command.keys["i"] ?? "0"
        let handling = command.keys["t"] == "t" ? kittyGraphics.file : kittyGraphics.direct
        let outcome: String
        switch handling {
        case .ok: outcome = "ok"
        case .notFound: outcome = "not found"
        case .silent: return nil
        case .read:
            let path = String(decoding: Data(base64Encoded: Data(command.payload)) ?? Data(), as: UTF8.self)
            outcome =
                (try? Data(contentsOf: URL(fileURLWithPath: path))) != nil && unlink(path) == 0 ? "ok" : "unreadable"
        }
        return Self.record.kittyReplies[outcome].map { Self.fill($0, ["id": id]) }
    }

    private static func fill(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }
}
