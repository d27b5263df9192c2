/// How a page image is sized to the viewport. `z` cycles through them in the order listed.
public enum ImageFit: Sendable, Equatable {
    /// As wide as the text area; scroll down through the page.
    case width
    /// The whole page on screen.
    case page
    /// As tall as the text area; a page wider than the screen then scrolls sideways.
    case height

    /// The fit `z` turns to: width, page, height, then width again.
    public var next: ImageFit {
        switch self {
        case .width: .page
        case .page: .height
        case .height: .width
        }
    }
}
