/// One request to a running reader through its remote-control socket (`folio --remote`): one
/// line of UTF-8 text, a command word and its argument, ended by a newline on the wire.
///
/// | Line | Request |
/// |---|---|
/// | `goto PAGE` | go to a page: a number is a physical page (from 1), `@LABEL` a printed label |
/// | `reload` | reload the document from its file |
/// | `search TEXT` | search for TEXT (the rest of the line, as typed) |
/// | `page` | say where the reader is (``RemotePageReport``) |
/// | `view text` or `view image` | show the page's text or its image |
/// | `synctex LINE:COLUMN:TEXFILE` | show the place typeset from that line of a TeX source |
/// | `quit` | end the reader |
public enum RemoteRequest: Sendable, Equatable {
    /// Go to a page, as typed: `12` (the 12th page) or `@xii` (the page printed xii).
    case goTo(String)
    /// Reload the document.
    case reload
    /// Search for the text (the rest of the line).
    case search(String)
    /// Say where the reader is.
    case page
    /// Show the page's text or its image.
    case view(ViewMode)
    /// Show the place typeset from a TeX source's line: `LINE:COLUMN:TEXFILE`, as typed.
    case syncTeX(String)
    /// End the reader.
    case quit

    /// The command words, in the order the documentation lists them.
    public static let commandNames = ["goto", "reload", "search", "page", "view", "synctex", "quit"]

    /// The longest command word an error message repeats; a longer one is cut.
    static let longestEchoedWord = 40

    /// The request `line` (without its newline) asks for, or why it asks for none.
    ///
    /// The command word runs to the first space; the argument is the rest of the line after
    /// that space: kept as it is for `search` and `synctex`, trimmed of spaces for `goto` and
    /// `view`. A line with a control character (a tab, a carriage return) is refused whole.
    public static func parse(_ line: String) -> Result<RemoteRequest, RemoteRequestError> {
        if line.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return .failure(.controlCharacter)
        }
        let word: Substring
        let argument: Substring?
        if let space = line.firstIndex(of: " ") {
            word = line[..<space]
            argument = line[line.index(after: space)...]
        } else {
            word = line[...]
            argument = nil
        }
        let trimmed = argument.map { String($0.trimmingSpaces()) } ?? ""
        switch word {
        case "":
            return .failure(line.isEmpty ? .empty : .unknownCommand(""))
        case "goto":
            return trimmed.isEmpty
                ? .failure(.missingArgument(command: "goto", expected: "PAGE")) : .success(.goTo(trimmed))
        case "search":
            guard let argument, !argument.isEmpty else {
                return .failure(.missingArgument(command: "search", expected: "TEXT"))
            }
            return .success(.search(String(argument)))
        case "view":
            switch trimmed {
            case "text": return .success(.view(.text))
            case "image": return .success(.view(.image))
            case "": return .failure(.missingArgument(command: "view", expected: "text or image"))
            default: return .failure(.badView(String(trimmed.prefix(longestEchoedWord))))
            }
        case "synctex":
            guard let argument, !argument.trimmingSpaces().isEmpty else {
                return .failure(.missingArgument(command: "synctex", expected: "LINE:COLUMN:TEXFILE"))
            }
            return .success(.syncTeX(String(argument)))
        case "reload", "page", "quit":
            guard trimmed.isEmpty else { return .failure(.unexpectedArgument(command: String(word))) }
            return .success(word == "reload" ? .reload : word == "page" ? .page : .quit)
        default:
            return .failure(.unknownCommand(String(word.prefix(longestEchoedWord))))
        }
    }

    /// The request as a line on the wire, without its newline: ``parse(_:)`` of it gives the
    /// request back.
    public var line: String {
        switch self {
        case .goTo(let page): "goto " + page
        case .reload: "reload"
        case .search(let text): "search " + text
        case .page: "page"
        case .view(.text): "view text"
        case .view(.image): "view image"
        case .syncTeX(let place): "synctex " + place
        case .quit: "quit"
        }
    }
}

/// Why a line is no ``RemoteRequest``, in words for the reply.
public enum RemoteRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line is empty.
    case empty
    /// The command word is none of ``RemoteRequest/commandNames`` (cut to 40 characters).
    case unknownCommand(String)
    /// The command needs an argument, described by `expected`.
    case missingArgument(command: String, expected: String)
    /// The command takes no argument and was given one.
    case unexpectedArgument(command: String)
    /// `view` was given something other than `text` or `image` (cut to 40 characters).
    case badView(String)
    /// The line holds a control character.
    case controlCharacter

    public var description: String {
        let commands = "commands: " + RemoteRequest.commandNames.joined(separator: ", ")
        return switch self {
        case .empty: "empty request (\(commands))"
        case .unknownCommand(let word): "unknown command '\(word)' (\(commands))"
        case .missingArgument(let command, let expected): "\(command) needs \(expected)"
        case .unexpectedArgument(let command): "\(command) takes no argument"
        case .badView(let view): "unknown view '\(view)' (text or image)"
        case .controlCharacter: "the request holds a control character"
        }
    }
}

extension Substring {
    /// The text without the spaces at its ends.
    fileprivate func trimmingSpaces() -> Substring {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return self[first...last]
    }
}
