/// One line of the help screen: key names and what they do.
public struct HelpEntry: Sendable, Equatable {
    /// The binding's key names joined with ", " (for example "Right, l").
    public var keys: String
    /// What the keys do.
    public var summary: String

    /// Creates an entry.
    public init(keys: String, summary: String) {
        self.keys = keys
        self.summary = summary
    }
}
