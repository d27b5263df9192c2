/// One row of the browser's key table: the keys that run a command, and how help and the
/// bottom row's key hints describe it.
public struct BrowserKeyBinding: Sendable {
    /// The keys that run the command, in the order help lists them.
    public let keys: [Key]
    /// The command the keys run.
    public let command: BrowserCommand
    /// A short description for the help screen.
    public let summary: String
    /// One word for the key hints on the bottom row ("open" gives "Enter open"), or nil to
    /// leave the binding out of them.
    public let hint: String?

    /// Creates a binding.
    public init(keys: [Key], command: BrowserCommand, summary: String, hint: String? = nil) {
        self.keys = keys
        self.command = command
        self.summary = summary
        self.hint = hint
    }
}
