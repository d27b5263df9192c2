/// A link on a page, as the link list needs it.
public struct LinkItem: Sendable, Equatable {
    /// The 0-based target page of an internal link.
    public var page: Int?
    /// The address of an external link.
    public var uri: String?

    public init(page: Int?, uri: String?) {
        self.page = page
        self.uri = uri
    }
}
