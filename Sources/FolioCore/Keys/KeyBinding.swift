/// One row of a key table: the keys that run a command, and how help and key hints describe it.
public struct KeyBinding<Command: KeyCommand>: Sendable {
    /// The single keys that run the command, in the order help lists them.
    public let keys: [Key]
    /// Sequences of two or more keys that run the command (`gg`), typed one after the other;
    /// help lists them after ``keys``.
    public let sequences: [[Key]]
    /// The command the keys run.
    public let command: Command
    /// A short description for the help screen.
    public let summary: String
    /// What the key reference in docs/READER.md adds after the summary, or nil when the
    /// summary says it all.
    public let details: String?
    /// One word for a row of key hints ("open" gives "Enter open"), or nil to leave the binding
    /// out of them.
    public let hint: String?

    /// Creates a binding.
    public init(
        keys: [Key], command: Command, summary: String, details: String? = nil, hint: String? = nil,
        sequences: [[Key]] = []
    ) {
        self.keys = keys
        self.sequences = sequences
        self.command = command
        self.summary = summary
        self.details = details
        self.hint = hint
    }

    /// Every way of typing the command: each single key as a sequence of one, then the
    /// sequences.
    public var allSequences: [[Key]] {
        keys.map { [$0] } + sequences
    }

    /// This binding with its keys replaced by `sequences` (single keys and longer sequences).
    func typed(as sequences: [[Key]]) -> Self {
        KeyBinding(
            keys: sequences.filter { $0.count == 1 }.map { $0[0] }, command: command, summary: summary,
            details: details, hint: hint, sequences: sequences.filter { $0.count > 1 })
    }
}

/// A binding of the reader's key table.
public typealias ReaderKeyBinding = KeyBinding<ReaderCommand>
/// A binding of the file browser's key table.
public typealias BrowserKeyBinding = KeyBinding<BrowserCommand>
