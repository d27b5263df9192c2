/// Keys as a configuration file writes them, in the notation vim and zathura users know: `x`,
/// `G`, `<C-x>`, `<Space>`, `<PageDown>`, `<F5>`, `<S-Tab>`, `<lt>` for `<`, and sequences such
/// as `gg` or `<C-w>j`.
public enum KeyNotation {
    /// Why a key could not be read.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, as the message line says it.
        public let description: String
    }

    /// The names inside `<…>`, lowercased, and the keys they stand for.
    private static let namedKeys: [String: Key] = [
        "space": .character(" "), "lt": .character("<"), "gt": .character(">"), "bar": .character("|"),
        "enter": .enter, "cr": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab,
        "s-tab": .backTab, "backtab": .backTab, "bs": .backspace, "backspace": .backspace, "del": .delete,
        "delete": .delete, "ins": .insert, "insert": .insert, "home": .home, "end": .end, "pageup": .pageUp,
        "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown, "up": .up, "down": .down, "left": .left,
        "right": .right,
    ]

    /// The highest function key a terminal sends (F1 to F12, and their shifted forms up to F63).
    static let highestFunctionKey = 63

    /// The keys `text` writes, in order: one key, or a sequence typed one after the other.
    public static func keys(_ text: String) throws(Problem) -> [Key] {
        guard !text.isEmpty else { throw Problem(description: "a key is missing") }
        // A lone "<" is the key itself, as in `map < scroll-left`.
        if text == "<" { return [.character("<")] }
        var keys: [Key] = []
        var rest = Substring(text)
        while let first = rest.unicodeScalars.first {
            if first == "<", let close = rest.firstIndex(of: ">"), close > rest.index(after: rest.startIndex) {
                let name = rest[rest.index(after: rest.startIndex)..<close]
                keys.append(try named(String(name)))
                rest = rest[rest.index(after: close)...]
                continue
            }
            // `<C-q` with no `>` is a name left unfinished, not `<` followed by `C`, `-`, `q`;
            // `<<` and `<a` are the keys they show.
            if first == "<", readsAsUnfinishedName(rest.dropFirst()) {
                throw Problem(description: "unfinished key name \(rest) (no closing >; write <lt> for the < key)")
            }
            guard first.value >= 0x20, first.value != 0x7F, !first.properties.isWhitespace || first == " " else {
                throw Problem(description: "a control character cannot be a key (write <C-x>)")
            }
            keys.append(.character(first))
            rest = Substring(rest.unicodeScalars.dropFirst())
        }
        return keys
    }

    /// Whether `text`, what follows a `<` with no `>` after it, reads as a key name left
    /// unfinished: a letter, then letters, digits and `-` running to the end, two or more in
    /// all (`C-q`, `Left`, `F5`).
    private static func readsAsUnfinishedName(_ text: Substring) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, isLetter(first), scalars.count > 1 else { return false }
        return scalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The key named `name` (what stands between `<` and `>`), case-insensitively.
    private static func named(_ name: String) throws(Problem) -> Key {
        let lowered = name.lowercased()
        if let key = namedKeys[lowered] { return key }
        if lowered.hasPrefix("c-"), lowered.count == 3, let scalar = lowered.unicodeScalars.last,
            ("a"..."z").contains(scalar)
        {
            return .control(scalar)
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...highestFunctionKey).contains(number) {
            return .function(number)
        }
        throw Problem(description: "unknown key <\(name)>")
    }

    /// `keys` in this notation, so that ``keys(_:)`` reads them back: `gg`, `<C-d>`, `<Space>`.
    public static func text(of keys: [Key]) -> String {
        keys.map(text(of:)).joined()
    }

    /// One key in this notation.
    public static func text(of key: Key) -> String {
        switch key {
        case .character(" "): "<Space>"
        case .character("<"): "<lt>"
        case .character(let scalar): String(Character(scalar))
        case .up: "<Up>"
        case .down: "<Down>"
        case .left: "<Left>"
        case .right: "<Right>"
        case .pageUp: "<PageUp>"
        case .pageDown: "<PageDown>"
        case .home: "<Home>"
        case .end: "<End>"
        case .enter: "<Enter>"
        case .escape: "<Esc>"
        case .backspace: "<BS>"
        case .tab: "<Tab>"
        case .backTab: "<S-Tab>"
        case .delete: "<Del>"
        case .insert: "<Insert>"
        case .function(let number): "<F\(number)>"
        case .control(let scalar): "<C-\(Character(scalar))>"
        }
    }
}
