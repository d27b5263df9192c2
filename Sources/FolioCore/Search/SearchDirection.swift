/// Which way a search goes through the document.
public enum SearchDirection: Sendable, Hashable {
    case forward
    case backward

    /// The other way.
    public var reversed: SearchDirection {
        self == .forward ? .backward : .forward
    }
}
