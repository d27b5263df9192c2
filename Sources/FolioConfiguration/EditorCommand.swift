/// The program inverse search runs (`set synctex-editor`, `--synctex-editor`): words split as a
/// configuration line's are (spaces, `"…"` and `'…'` quotes), then `%{input}`, `%{line}` and
/// `%{column}` replaced inside each word by the source file, line and column. A value never
/// splits a word or passes through a shell: a file name with spaces or quotes reaches the
/// editor as it is, unless the user writes `sh -c` themselves.
public struct EditorCommand: Sendable, Equatable {
    /// The program, then its arguments, placeholders unreplaced.
    public let words: [String]

    /// The command written `text`, or nil when it names no program, leaves a quote open, or
    /// holds a placeholder Folio does not know (`%{file}`).
    public init?(parsing text: String) {
        guard let words = try? ConfigurationLine.words(of: Substring(text), comments: false),
            let program = words.first, !program.isEmpty,
            words.allSatisfy({ Self.pieces(of: $0) != nil })
        else { return nil }
        self.words = words
    }

    /// The arguments to run for line `line`, column `column` (0 when SyncTeX does not know it) of
    /// the file `input`: each word with its placeholders replaced, words kept apart.
    public func arguments(input: String, line: Int, column: Int) -> [String] {
        words.map { word in
            (Self.pieces(of: word) ?? [.text(word)]).map { piece in
                switch piece {
                case .text(let text): text
                case .input: input
                case .line: String(line)
                case .column: String(column)
                }
            }.joined()
        }
    }

    /// A word's text and placeholders, in order.
    private enum Piece {
        case text(String)
        case input, line, column
    }

    /// `word` cut into text and placeholders; nil when it holds `%{…}` naming none Folio knows.
    /// A `%` not followed by `{`, or a `%{` never closed, is text.
    private static func pieces(of word: String) -> [Piece]? {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(word)
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            let tail = rest[percent...]
            guard tail.dropFirst().first == "{", let close = tail.firstIndex(of: "}") else {
                text += "%"
                rest = tail.dropFirst()
                continue
            }
            let piece: Piece
            switch tail[...close] {
            case "%{input}": piece = .input
            case "%{line}": piece = .line
            case "%{column}": piece = .column
            default: return nil
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(piece)
            rest = tail[tail.index(after: close)...]
        }
        text += rest
        if !text.isEmpty || pieces.isEmpty { pieces.append(.text(text)) }
        return pieces
    }
}
