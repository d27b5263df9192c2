/// What happens at the ends of a document when paging.
public enum PagingMode: Sendable, Hashable {
    /// Paging stops at the first and last pages.
    case bounded
    /// Paging past the last page continues at the first, and the other way round.
    case wrapAround
}
