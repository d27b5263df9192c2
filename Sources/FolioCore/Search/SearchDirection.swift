/// Which way a search goes through the document.
public enum SearchDirection: Sendable, Hashable {
    case forward
    case backward
}
