import FolioCore

/// Key scripts as text, one step a line, so that a failing script can be printed, saved, shrunk
/// and replayed in another process: `seed 42` first (the seed also chooses the document), then
/// `key c:6a`, `key ctrl:64`, `key f:5`, `key up`, `paste 61,1b,5b`, `mouse click:2 3 10`,
/// `resize 0 0`, `answer 8`, `file 40`.
public enum KeyScriptText {
    private static let namedKeys: [(String, Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("pageup", .pageUp),
        ("pagedown", .pageDown), ("home", .home), ("end", .end), ("enter", .enter), ("escape", .escape),
        ("backspace", .backspace), ("tab", .tab), ("backtab", .backTab), ("delete", .delete), ("insert", .insert),
    ]

    /// The text of the script of `steps` run with `seed`.
    public static func text(seed: UInt64, steps: [KeyScriptStep]) -> String {
        (["seed \(seed)"] + steps.map(line(of:))).joined(separator: "\n") + "\n"
    }

    /// The seed and steps of a script's text; nil when a line cannot be read.
    public static func script(from text: String) -> (seed: UInt64, steps: [KeyScriptStep])? {
        var lines = text.split(separator: "\n").map(String.init)
        guard let first = lines.first, first.hasPrefix("seed "), let seed = UInt64(first.dropFirst(5)) else {
            return nil
        }
        lines.removeFirst()
        var steps: [KeyScriptStep] = []
        for line in lines {
            guard let step = step(from: line) else { return nil }
            steps.append(step)
        }
        return (seed, steps)
    }

    private static func hex(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
    }

    private static func unhex(_ text: Substring) -> String? {
        var scalars = String.UnicodeScalarView()
        for piece in text.split(separator: ",") {
            guard let value = UInt32(piece, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    private static func line(of step: KeyScriptStep) -> String {
        switch step {
        case .key(let key): "key " + token(of: key)
        case .paste(let text): "paste " + hex(text)
        case .mouse(let mouse):
            "mouse \(token(of: mouse.action)) \(mouse.row) \(mouse.column)" + (mouse.withControl ? " ctrl" : "")
        case .resize(let size): "resize \(size.rows) \(size.columns)"
        case .answer(let count): "answer \(count)"
        case .fileChanged(let pageCount): "file \(pageCount)"
        }
    }

    private static func token(of key: Key) -> String {
        switch key {
        case .character(let scalar): return "c:" + String(scalar.value, radix: 16)
        case .control(let scalar): return "ctrl:" + String(scalar.value, radix: 16)
        case .function(let number): return "f:\(number)"
        default: return namedKeys.first { $0.1 == key }?.0 ?? "?"
        }
    }

    private static func token(of action: MouseEvent.Action) -> String {
        switch action {
        case .click(let clicks): "click:\(clicks)"
        case .otherButton: "other"
        case .wheelUp: "wheelup"
        case .wheelDown: "wheeldown"
        case .wheelLeft: "wheelleft"
        case .wheelRight: "wheelright"
        }
    }

    private static func step(from line: String) -> KeyScriptStep? {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard let verb = words.first else { return nil }
        let rest = Array(words.dropFirst())
        switch verb {
        case "key" where rest.count == 1:
            return key(from: rest[0]).map { .key($0) }
        case "paste" where rest.count == 1:
            return unhex(rest[0]).map { .paste($0) }
        case "mouse" where rest.count == 3 || (rest.count == 4 && rest[3] == "ctrl"):
            guard let action = action(from: rest[0]), let row = Int(rest[1]), let column = Int(rest[2]) else {
                return nil
            }
            return .mouse(MouseEvent(action: action, row: row, column: column, withControl: rest.count == 4))
        case "resize" where rest.count == 2:
            guard let rows = Int(rest[0]), let columns = Int(rest[1]) else { return nil }
            return .resize(ScreenSize(rows: rows, columns: columns))
        case "answer" where rest.count == 1:
            return Int(rest[0]).map { .answer($0) }
        case "file" where rest.count == 1:
            return Int(rest[0]).map { .fileChanged(pageCount: $0) }
        default:
            return nil
        }
    }

    private static func key(from token: Substring) -> Key? {
        func scalar(after prefix: String) -> Unicode.Scalar? {
            UInt32(token.dropFirst(prefix.count), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if token.hasPrefix("c:") { return scalar(after: "c:").map { .character($0) } }
        if token.hasPrefix("ctrl:") { return scalar(after: "ctrl:").map { .control($0) } }
        if token.hasPrefix("f:") { return Int(token.dropFirst(2)).map { .function($0) } }
        return namedKeys.first { $0.0 == token }?.1
    }

    private static func action(from token: Substring) -> MouseEvent.Action? {
        if token.hasPrefix("click:") { return Int(token.dropFirst(6)).map { .click(clicks: $0) } }
        switch token {
        case "other": return .otherButton
        case "wheelup": return .wheelUp
        case "wheeldown": return .wheelDown
        case "wheelleft": return .wheelLeft
        case "wheelright": return .wheelRight
        default: return nil
        }
    }
}
