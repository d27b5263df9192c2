/// What the reader shows of a page: its text, or its image.
public enum ViewMode: Sendable, Equatable {
    case text
    case image
}
