/// What became of a copy (`y`, `Y`, a selection, a link's address): which ways the text went
/// to the clipboard, for the status line to say (``Notice/copied(_:)``).
public struct CopyOutcome: Sendable, Equatable {
    /// How many characters were copied.
    public var characters: Int
    /// What was copied, as the status line names it ("page 12", "4 lines").
    public var description: String
    /// Whether the terminal was sent the text (OSC 52).
    public var sentOSC52: Bool
    /// The clipboard program that took the text, if one did.
    public var tool: String?
    /// Whether OSC 52 copies are on (`set osc52`).
    public var osc52Enabled: Bool
    /// The largest OSC 52 payload sent, in bytes, for saying why a copy was too large.
    public var osc52Limit: Int

    /// Creates an outcome.
    public init(
        characters: Int, description: String, sentOSC52: Bool, tool: String?, osc52Enabled: Bool, osc52Limit: Int
    ) {
        self.characters = characters
        self.description = description
        self.sentOSC52 = sentOSC52
        self.tool = tool
        self.osc52Enabled = osc52Enabled
        self.osc52Limit = osc52Limit
    }
}
