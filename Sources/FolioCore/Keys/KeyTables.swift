/// Every mode's key table together: what a configuration file changes (`map`, `unmap`) and what
/// the reader and the browser dispatch keys with.
public struct KeyTables: Sendable {
    /// The reader's table (``KeyMode/reader``).
    public var reader = ReaderKeymap.standard
    /// The go-to-page prompt's table.
    public var goToPrompt = GoToPromptKeymap.standard
    /// The search prompt's table.
    public var searchPrompt = SearchPromptKeymap.standard
    /// The outline list's table.
    public var outline = OutlineKeymap.standard
    /// The link list's table.
    public var links = LinkListKeymap.standard
    /// Link hints' table.
    public var linkHints = LinkHintKeymap.standard
    /// Line selection's table.
    public var selection = SelectionKeymap.standard
    /// The text selection's table.
    public var textSelection = TextSelectionKeymap.standard
    /// The annotation list's table.
    public var annotations = AnnotationListKeymap.standard
    /// The note prompt's table.
    public var notePrompt = NotePromptKeymap.standard
    /// The file browser's table.
    public var browser = BrowserKeymap.standard
    /// The browser's filter prompt's table.
    public var filter = FilterKeymap.standard
    /// The password prompt's table.
    public var password = PasswordPromptKeymap.standard

    /// Folio's default keys in every mode.
    public static let standard = KeyTables()

    /// Creates the default tables.
    public init() {}

    /// Why a `map` or `unmap` could not be carried out, as the message line says it.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Binds `keys` to the command called `commandName` in `mode`'s table.
    public mutating func map(_ keys: [Key], to commandName: String, in mode: KeyMode) throws(Problem) {
        try Self.check(keys, in: mode)
        try change(mode, Rebinding(keys: keys, commandName: commandName, mode: mode))
    }

    /// Takes `keys` out of `mode`'s table.
    public mutating func unmap(_ keys: [Key], in mode: KeyMode) throws(Problem) {
        try change(mode, Unbinding(keys: keys, mode: mode))
    }

    /// Takes every key out of `mode`'s table (`unmap --all`), so a configuration can bind the
    /// mode from scratch.
    public mutating func unmapAll(in mode: KeyMode) {
        // Taking every key away cannot fail.
        try? change(mode, UnbindingAll())
    }

    /// The bindings of `mode`'s table as (command name, keys, summary) rows, in table order.
    public func rows(in mode: KeyMode) -> [(command: String, keys: [[Key]], summary: String)] {
        func rows<Command>(_ table: Keymap<Command>) -> [(command: String, keys: [[Key]], summary: String)] {
            table.bindings.map { ($0.command.name, $0.allSequences, $0.summary) }
        }
        switch mode {
        case .reader: return rows(reader)
        case .goToPrompt: return rows(goToPrompt)
        case .searchPrompt: return rows(searchPrompt)
        case .outline: return rows(outline)
        case .links: return rows(links)
        case .linkHints: return rows(linkHints)
        case .selection: return rows(selection)
        case .textSelection: return rows(textSelection)
        case .annotations: return rows(annotations)
        case .notePrompt: return rows(notePrompt)
        case .browser: return rows(browser)
        case .filter: return rows(filter)
        case .password: return rows(password)
        }
    }

    /// Keys a mode cannot take: digits type a count in the reader (and a number in the go-to
    /// prompt and the link list), printable keys type text in the search, filter and password
    /// prompts, and sequences of several keys are the reader's alone.
    private static func check(_ keys: [Key], in mode: KeyMode) throws(Problem) {
        if keys.count > 1, mode != .reader {
            throw Problem(
                description: "key sequences such as '\(KeyNotation.text(of: keys))' can be mapped in reader mode only")
        }
        if [.reader, .goToPrompt, .links, .textSelection].contains(mode), let first = keys.first,
            first.digitValue != nil
        {
            throw Problem(description: "digits type a number in \(mode.name) mode, so cannot be mapped there")
        }
        if [.searchPrompt, .filter, .password, .notePrompt].contains(mode), let first = keys.first, first.isCharacter {
            throw Problem(
                description:
                    "printable keys type text in \(mode.name) mode, so cannot be mapped there (use <C-x> or a named key)"
            )
        }
    }

    /// Applies `change` to `mode`'s table.
    private mutating func change(_ mode: KeyMode, _ change: some TableChange) throws(Problem) {
        switch mode {
        case .reader: reader = try change.apply(to: reader)
        case .goToPrompt: goToPrompt = try change.apply(to: goToPrompt)
        case .searchPrompt: searchPrompt = try change.apply(to: searchPrompt)
        case .outline: outline = try change.apply(to: outline)
        case .links: links = try change.apply(to: links)
        case .linkHints: linkHints = try change.apply(to: linkHints)
        case .selection: selection = try change.apply(to: selection)
        case .textSelection: textSelection = try change.apply(to: textSelection)
        case .annotations: annotations = try change.apply(to: annotations)
        case .notePrompt: notePrompt = try change.apply(to: notePrompt)
        case .browser: browser = try change.apply(to: browser)
        case .filter: filter = try change.apply(to: filter)
        case .password: password = try change.apply(to: password)
        }
    }
}

/// A change to a key table of any command type.
private protocol TableChange {
    func apply<Command>(to table: Keymap<Command>) throws(KeyTables.Problem) -> Keymap<Command>
}

/// `map KEYS COMMAND`.
private struct Rebinding: TableChange {
    let keys: [Key]
    let commandName: String
    let mode: KeyMode

    func apply<Command>(to table: Keymap<Command>) throws(KeyTables.Problem) -> Keymap<Command> {
        guard let command = Command(name: commandName) else {
            let hint = NameSuggestion.closest(to: commandName, among: Command.allCases.map(\.name)).map {
                "did you mean \($0)?"
            }
            throw KeyTables.Problem(
                description:
                    "unknown command '\(commandName)' in \(mode.name) mode (\(hint ?? "see folio --list-commands"))")
        }
        return table.binding(keys, to: command)
    }
}

/// `unmap KEYS`.
private struct Unbinding: TableChange {
    let keys: [Key]
    let mode: KeyMode

    func apply<Command>(to table: Keymap<Command>) throws(KeyTables.Problem) -> Keymap<Command> {
        guard let changed = table.unbinding(keys) else {
            throw KeyTables.Problem(description: "\(KeyNotation.text(of: keys)) is not bound in \(mode.name) mode")
        }
        return changed
    }
}

/// `unmap --all`.
private struct UnbindingAll: TableChange {
    func apply<Command>(to table: Keymap<Command>) -> Keymap<Command> {
        table.unbindingAll()
    }
}
