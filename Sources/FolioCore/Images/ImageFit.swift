/// How a page image is sized to the viewport.
public enum ImageFit: Sendable, Equatable {
    /// As wide as the text area; scroll down through the page.
    case width
    /// The whole page on screen.
    case page
}
