/// A link on a page: where it is, and where it goes.
public struct LinkItem: Sendable, Equatable {
    /// The active area on the page, in points.
    public var box: TextRect
    /// The 0-based target page of an internal link.
    public var page: Int?
    /// The address of an external link.
    public var uri: String?

    /// Creates a link over `box` to `page` (internal) or `uri` (external).
    public init(box: TextRect, page: Int?, uri: String?) {
        self.box = box
        self.page = page
        self.uri = uri
    }
}
