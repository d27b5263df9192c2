/// One row of the key table: the keys that run a command, and how help describes it.
public struct KeyBinding: Sendable {
    /// The keys that run the command, in the order help lists them.
    public let keys: [Key]
    /// The command the keys run.
    public let command: ReaderCommand
    /// A short description for the help screen.
    public let summary: String

    /// Creates a binding.
    public init(keys: [Key], command: ReaderCommand, summary: String) {
        self.keys = keys
        self.command = command
        self.summary = summary
    }
}
