/// A document's outline (table of contents) in reading order, as the document layer reads it.
public struct Outline: Sendable, Equatable {
    /// The entries, depth first, each with its nesting level.
    public var entries: [OutlineItem]
    /// True when the outline was cut because it was too large, too deep or looped.
    public var isTruncated: Bool

    /// Creates an outline of `entries`, cut short when `isTruncated`.
    public init(entries: [OutlineItem], isTruncated: Bool) {
        self.entries = entries
        self.isTruncated = isTruncated
    }
}
