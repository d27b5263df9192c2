/// Which way a search goes through the document.
public enum SearchDirection: Sendable, Equatable {
    case forward
    case backward
}
