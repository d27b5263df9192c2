public import FolioCore

/// One thing that happens to a reader or a browser in a key script: what the user does, what
/// the terminal reports, or the owner answering the work the state asked for.
public enum KeyScriptStep: Sendable, Equatable {
    /// A key press.
    case key(Key)
    /// Text pasted into the terminal.
    case paste(String)
    /// A mouse report.
    case mouse(MouseEvent)
    /// The terminal changed size (any size, down to 0 × 0).
    case resize(ScreenSize)
    /// The owner answers up to `count` of the oldest requests still open (pages, renders,
    /// searches, the outline, links), so answers arrive late and out of step with the keys.
    case answer(Int)
    /// The document's file changed to a version of `pageCount` pages and was reopened.
    case fileChanged(pageCount: Int)
}

/// A seeded generator of key scripts over every mode of the reader and the browser.
///
/// Keys come from the real key tables (every mode's bindings, so a new binding is covered as
/// soon as it is in a table), mixed with random printable and control keys; prompts get random
/// text (regular-expression syntax, right-to-left letters, combining marks, CJK, very long
/// input), counts get absurd numbers, and the terminal is resized to any size down to 0 × 0.
public struct KeyScriptGenerator: Sendable {
    /// What the scripts drive.
    public enum Focus: Sendable {
        /// The reader: its keys, prompts, lists and views.
        case reader
        /// The file browser: its list, filter and password prompts.
        case browser
    }

    /// The tables the keys are drawn from.
    public let keys: KeyTables
    /// What the scripts drive.
    public let focus: Focus

    /// A generator of scripts for `focus`, drawing from `keys`.
    public init(keys: KeyTables = .standard, focus: Focus = .reader) {
        self.keys = keys
        self.focus = focus
    }

    /// The script of `length` steps that `seed` stands for: the same on every run.
    public func script(seed: UInt64, length: Int) -> [KeyScriptStep] {
        var random = SeededRandom(seed: seed)
        var steps: [KeyScriptStep] = []
        while steps.count < length {
            steps += focus == .reader ? burst(&random) : browserBurst(&random)
        }
        return Array(steps.prefix(length))
    }

    /// The key sequences bound to the reader command called `name`, or none.
    private func sequences(of name: String, in mode: KeyMode = .reader) -> [[Key]] {
        keys.rows(in: mode).first { $0.command == name }?.keys ?? []
    }

    /// The keys of one of the sequences bound to `name`, or `fallback` when none is bound.
    private func keysOf(_ name: String, _ random: inout SeededRandom, in mode: KeyMode = .reader) -> [KeyScriptStep] {
        let bound = sequences(of: name, in: mode)
        return bound.isEmpty ? [] : random.pick(bound).map { .key($0) }
    }

    /// A key sequence bound in `mode`'s table.
    private func tableKeys(_ mode: KeyMode, _ random: inout SeededRandom) -> [KeyScriptStep] {
        let all = keys.rows(in: mode).flatMap(\.keys)
        return all.isEmpty ? [] : random.pick(all).map { .key($0) }
    }

    /// `text` typed key by key; the control characters in it, which no terminal types as
    /// characters, are left out (a paste carries them).
    private func typing(_ text: String) -> [KeyScriptStep] {
        text.unicodeScalars.filter(PromptText.isTypable).map { .key(.character($0)) }
    }

    private func answers(_ random: inout SeededRandom) -> [KeyScriptStep] {
        [.answer(random.pick([1, 1, 2, 3, 8, 100]))]
    }

    /// A short run of steps doing one thing: a prompt typed into, a list opened and moved in,
    /// a count, a resize, answers to the open requests…
    private func burst(_ random: inout SeededRandom) -> [KeyScriptStep] {
        switch Int.random(in: 0..<24, using: &random) {
        case 0, 1, 2:
            return tableKeys(.reader, &random)
        case 3:
            return tableKeys(random.pick(Array(KeyMode.allCases)), &random)
        case 4, 5:
            return prompt(random.pick(["search-forward", "search-backward"]), mode: .searchPrompt, &random)
        case 6:
            return prompt("go-to-page", mode: .goToPrompt, &random)
        case 7:
            let digits = (0..<random.pick([1, 2, 3, 19, 25])).map { _ in
                Unicode.Scalar(UInt8.random(in: 48...57, using: &random))
            }
            return digits.map { .key(.character($0)) } + tableKeys(.reader, &random)
        case 8:
            let letter = random.pick(["a", "z", "A", "Z", "0", "'", "`", "é", "字", " "] as [Unicode.Scalar])
            return keysOf(random.pick(["set-mark", "jump-to-mark"]), &random) + [.key(.character(letter))]
        case 9:
            return keysOf("show-outline", &random) + answers(&random) + typing(PromptText.random(&random, short: true))
                + (0..<Int.random(in: 0...4, using: &random)).flatMap { _ in tableKeys(.outline, &random) }
        case 10:
            return keysOf("show-links", &random) + answers(&random)
                + (0..<Int.random(in: 0...4, using: &random)).flatMap { _ in
                    random.pick([tableKeys(.links, &random), tableKeys(.linkHints, &random), typing("asdfjkl")])
                }
        case 11:
            return keysOf("select-lines", &random)
                + (0..<Int.random(in: 0...5, using: &random)).flatMap { _ in tableKeys(.selection, &random) }
        case 12:
            return keysOf("help", &random)
                + (0..<Int.random(in: 0...3, using: &random)).flatMap { _ in tableKeys(.reader, &random) }
        case 13:
            let imageKeys = [
                "toggle-view", "zoom-in", "zoom-out", "cycle-image-fit", "invert-images", "cycle-crop",
                "toggle-spread", "toggle-recolor", "toggle-continuous",
            ]
            return (0..<Int.random(in: 1...12, using: &random)).flatMap { _ in keysOf(random.pick(imageKeys), &random) }
                + answers(&random)
        case 14:
            return keysOf("toggle-layout", &random) + answers(&random)
        case 15:
            return [.resize(Self.screenSize(&random))]
        case 16:
            return random.pick([keysOf("reload", &random), [.fileChanged(pageCount: random.pick([0, 1, 2, 5, 40]))]])
                + answers(&random)
        case 17:
            return [.paste(PromptText.random(&random, short: false))]
        case 18:
            return [.mouse(Self.mouse(&random))]
        case 19:
            return [.key(Self.randomKey(&random))]
        default:
            return answers(&random)
        }
    }

    /// A short run of steps in the browser: its own keys, a filter typed, a password typed,
    /// resizes, pastes, mouse reports, answers.
    private func browserBurst(_ random: inout SeededRandom) -> [KeyScriptStep] {
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1, 2, 3:
            return tableKeys(.browser, &random)
        case 4:
            return tableKeys(.filter, &random) + typing(PromptText.random(&random, short: true))
        case 5:
            return tableKeys(.password, &random) + typing(PromptText.random(&random, short: true))
                + [.key(random.pick([.enter, .escape]))]
        case 6:
            return [.resize(Self.screenSize(&random))]
        case 7:
            return [.paste(PromptText.random(&random, short: false))]
        case 8:
            return [.mouse(Self.mouse(&random))]
        case 9:
            return [.key(Self.randomKey(&random))]
        default:
            return answers(&random)
        }
    }

    /// A prompt opened with `name`'s keys, typed into, edited with its table, then maybe
    /// entered or cancelled.
    private func prompt(_ name: String, mode: KeyMode, _ random: inout SeededRandom) -> [KeyScriptStep] {
        var steps = keysOf(name, &random)
        let text =
            mode == .goToPrompt && Bool.random(using: &random)
            ? PromptText.pageNumber(&random) : PromptText.random(&random, short: false)
        steps += typing(text)
        steps += (0..<Int.random(in: 0...3, using: &random)).flatMap { _ in tableKeys(mode, &random) }
        steps += random.pick([[.key(.enter)], [.key(.enter)], [.key(.escape)], []])
        return steps + answers(&random)
    }

    /// A terminal size: usually ordinary, often below ``ReaderState/minimumScreen``, sometimes
    /// 1 × 1, 0 × 0 or huge.
    public static func screenSize(_ random: inout SeededRandom) -> ScreenSize {
        func extent(_ random: inout SeededRandom, ordinary: ClosedRange<Int>) -> Int {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: 0
            case 1: 1
            case 2: Int.random(in: 2...12, using: &random)
            case 3: random.pick([500, 1000])
            default: Int.random(in: ordinary, using: &random)
            }
        }
        return ScreenSize(rows: extent(&random, ordinary: 10...60), columns: extent(&random, ordinary: 40...200))
    }

    /// A mouse report anywhere, on the screen or well beyond it.
    public static func mouse(_ random: inout SeededRandom) -> MouseEvent {
        let action = random.pick([
            MouseEvent.Action.click(clicks: 1), .click(clicks: 2), .click(clicks: 3), .otherButton, .wheelUp,
            .wheelDown, .wheelLeft, .wheelRight,
        ])
        return MouseEvent(
            action: action, row: Int.random(in: -2...80, using: &random),
            column: Int.random(in: -2...240, using: &random), withControl: Int.random(in: 0..<6, using: &random) == 0)
    }

    /// Any key the terminal decoder can report: a printable character (never a control
    /// character: the decoder maps those to named keys), a control chord, a named or
    /// function key.
    public static func randomKey(_ random: inout SeededRandom) -> Key {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return .control(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &random)))
        case 1:
            return .function(Int.random(in: 1...24, using: &random))
        case 2:
            return random.pick([
                .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab, .backTab,
                .delete, .insert,
            ])
        default:
            return .character(PromptText.typableScalar(&random))
        }
    }
}

/// Random text for prompts and pastes.
enum PromptText {
    /// A scalar a terminal can deliver as a typed character (no C0, DEL or C1 control).
    static func typableScalar(_ random: inout SeededRandom) -> Unicode.Scalar {
        while true {
            let scalar = random.troublesomeScalar()
            if isTypable(scalar) {
                return scalar
            }
        }
    }

    /// Whether the terminal decoder can report `scalar` as a typed character.
    static func isTypable(_ scalar: Unicode.Scalar) -> Bool {
        !(0...0x1F).contains(scalar.value) && !(0x7F...0x9F).contains(scalar.value)
    }

    /// What a page number prompt might be given: digits, labels, signs, absurd numbers.
    static func pageNumber(_ random: inout SeededRandom) -> String {
        random.pick([
            "1", "0", "-1", "12", "+3", "iv", "A-3", "99999999999999999999999", "9223372036854775807",
            "-9223372036854775808", String(Int.random(in: 0...60, using: &random)), "", " 7 ", "٣", "１２",
        ])
    }

    /// Pieces of regular-expression syntax, valid and not.
    static let regexPieces = [
        "^", "$", "\\s+", "\\s*", "(a|b)", "[a-z]", "[^ ]", "(?=e)", "(?<!t)", "(?<=h)", "\\p{L}", "\\p{Han}", "*",
        "+?",
        "{2,3}", "{99999}", "(", ")", "[", "]", "\\", ".*", ".+", "\\b", "(?i)", "(?x)", "|", "e", "th", " ", "-",
        "\\d",
        "(?:x)", "\\1", "(a)\\1", "[[:alpha:]]", "\\u{5D0}", "\\Q", "\\E", "?", "(?<name>a)", "\\k<name>", "\\X",
    ]

    /// Prompt text of one of many kinds: regular expressions, right-to-left letters,
    /// combining marks, CJK, troublesome scalars, very long input (several thousand
    /// characters unless `short`).
    static func random(_ random: inout SeededRandom, short: Bool) -> String {
        func scalars(_ range: ClosedRange<UInt32>, _ count: Int, _ random: inout SeededRandom) -> String {
            String(
                String.UnicodeScalarView(
                    (0..<count).compactMap { _ in Unicode.Scalar(UInt32.random(in: range, using: &random)) }))
        }
        let count = Int.random(in: 0...8, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1:
            return "re:" + (0..<count).map { _ in random.pick(regexPieces) }.joined()
        case 2:
            return random.pick([scalars(0x5D0...0x5EA, count, &random), scalars(0x627...0x64A, count, &random)])
        case 3:
            return "e" + scalars(0x300...0x36F, count, &random) + "a\u{301}"
        case 4:
            return scalars(0x4E00...0x4F00, count, &random) + "　" + scalars(0x3041...0x3096, 2, &random)
        case 5:
            let length = short ? 300 : random.pick([1000, 5000])
            return String(repeating: random.pick(["e", "re:(a|e)", "字", " ", "x-"]), count: length / 5 + 1)
        case 6:
            return String(String.UnicodeScalarView((0..<count).map { _ in typableScalar(&random) }))
        case 7:
            return random.pick(["the", "The", "e", " ", "-", "re:^\\s+", "re:x$", "Moby", "وال", "的", "1", "a b"])
        case 8:
            return random.troublesomeString(count: count)
        default:
            return (0..<count).map { _ in random.pick(["a", "E", " ", "-", "\u{200F}", "\u{FEFF}", "ﬁ", "ß", "İ"]) }
                .joined()
        }
    }
}
