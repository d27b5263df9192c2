/// A key table: the single source for key dispatch, the help screen, key hints and the key
/// reference in the documentation. Each ``KeyMode`` has one, of its own command type
/// (``ReaderKeymap``, ``OutlineKeymap``, ``BrowserKeymap``, …).
public struct Keymap<Command: KeyCommand>: Sendable {
    /// The bindings, in the order the help screen lists them.
    public let bindings: [KeyBinding<Command>]
    private let commandsByKey: [Key: Command]
    private let commandsBySequence: [[Key]: Command]
    /// Every proper prefix of a sequence binding: typed so far, they wait for the next key.
    private let sequencePrefixes: Set<[Key]>

    /// Creates a key table. When a key appears in more than one binding, the first one wins.
    public init(bindings: [KeyBinding<Command>]) {
        self.bindings = bindings
        var commandsByKey: [Key: Command] = [:]
        var commandsBySequence: [[Key]: Command] = [:]
        var sequencePrefixes: Set<[Key]> = []
        for binding in bindings {
            for key in binding.keys where commandsByKey[key] == nil {
                commandsByKey[key] = binding.command
            }
            for sequence in binding.sequences where commandsBySequence[sequence] == nil {
                commandsBySequence[sequence] = binding.command
                for length in 1..<sequence.count {
                    sequencePrefixes.insert(Array(sequence.prefix(length)))
                }
            }
        }
        self.commandsByKey = commandsByKey
        self.commandsBySequence = commandsBySequence
        self.sequencePrefixes = sequencePrefixes
    }

    /// The command bound to `key`, or nil when the key is unbound.
    public func command(for key: Key) -> Command? {
        commandsByKey[key]
    }

    /// What the keys typed so far mean: a command, the start of a longer sequence (wait for
    /// the next key), or nothing. A sequence that starts with a key bound on its own takes
    /// precedence: the single key's command runs only when the next key completes no sequence.
    public func lookUp(_ typed: [Key]) -> KeyLookup<Command> {
        if sequencePrefixes.contains(typed) {
            return .pending
        }
        if typed.count == 1, let command = commandsByKey[typed[0]] {
            return .command(command)
        }
        return commandsBySequence[typed].map { .command($0) } ?? .unbound
    }

    /// This table with `sequence` (one key or several) running `command`, taken away from any
    /// other binding it was part of and listed first among `command`'s keys.
    public func binding(_ sequence: [Key], to command: Command) -> Self {
        var rows = unbinding(sequence)?.bindings ?? bindings
        if let index = rows.firstIndex(where: { $0.command == command }) {
            rows[index] = rows[index].typed(as: [sequence] + rows[index].allSequences)
        } else {
            rows.append(KeyBinding(keys: [], command: command, summary: command.name).typed(as: [sequence]))
        }
        return Keymap(bindings: rows)
    }

    /// This table without `sequence`; nil when nothing here is bound to it. The command keeps
    /// its row (the help screen lists it with no key).
    public func unbinding(_ sequence: [Key]) -> Self? {
        guard bindings.contains(where: { $0.allSequences.contains(sequence) }) else { return nil }
        return Keymap(bindings: bindings.map { $0.typed(as: $0.allSequences.filter { $0 != sequence }) })
    }

    /// The table with every key taken away, each command keeping its row: the start of a
    /// configuration that binds everything itself.
    public func unbindingAll() -> Self {
        Keymap(bindings: bindings.map { $0.typed(as: []) })
    }

    /// The first key bound to `command`, or nil when none is.
    public func firstKey(for command: Command) -> Key? {
        bindings.lazy.filter { $0.command == command }.flatMap(\.keys).first { self.command(for: $0) == command }
    }

    /// The name of the first key bound to `command`, for messages that name a key ("w wraps
    /// around"); the command's own name when no key is bound to it.
    public func keyName(for command: Command) -> String {
        if let key = firstKey(for: command) {
            return key.displayName
        }
        let sequence = bindings.lazy.filter { $0.command == command }.flatMap(\.sequences).first {
            self.lookUp($0) == .command(command)
        }
        return sequence.map { $0.map(\.displayName).joined() } ?? command.name
    }

    /// What the status line says of `key` when this table binds nothing to it: "x is not a key
    /// here (? for help)", naming the key that runs `help`.
    public func unboundMessage(for key: Key, help: Command) -> String {
        unboundMessage(for: [key], help: help)
    }

    /// What the status line says of a sequence of keys that this table binds nothing to.
    public func unboundMessage(for keys: [Key], help: Command) -> String {
        let name = TerminalSafeText.sanitized(keys.map(\.displayName).joined())
        guard let helpKey = firstKey(for: help) else { return "\(name) is not a key here" }
        return "\(name) is not a key here (\(helpKey.displayName) for help)"
    }

    /// One help line per binding, in table order.
    public var helpEntries: [HelpEntry] {
        bindings.map { binding in
            HelpEntry(keys: Self.displayNames(of: binding), summary: binding.summary)
        }
    }

    /// How help names `binding`'s keys: "Right, l", "gg"; "(no key)" when none is bound.
    static func displayNames(of binding: KeyBinding<Command>) -> String {
        let names = binding.allSequences.map { $0.map(\.displayName).joined() }
        return names.isEmpty ? "(no key)" : names.joined(separator: ", ")
    }

    /// The help entries as text, the summaries lined up after the widest key names.
    var alignedHelpLines: [String] {
        let entries = helpEntries
        let keysWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        return entries.map { entry in
            entry.keys + String(repeating: " ", count: keysWidth - DisplayWidth.of(entry.keys)) + "  " + entry.summary
        }
    }

    /// The key hints for a bottom row, in table order: each hinted binding's first key and hint.
    public var hints: [String] {
        bindings.compactMap { binding in
            guard let hint = binding.hint, let key = binding.keys.first else {
                return nil
            }
            return key.displayName + " " + hint
        }
    }
}

/// What keys typed so far mean in a key table (``Keymap/lookUp(_:)``).
public enum KeyLookup<Command: KeyCommand>: Sendable, Equatable {
    /// The keys run this command.
    case command(Command)
    /// The keys start a longer sequence: wait for the next one.
    case pending
    /// Nothing is bound to the keys.
    case unbound
}
