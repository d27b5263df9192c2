/// What the reader shows of a page: its text, or its image.
public enum ViewMode: Sendable, Equatable {
    case text
    case image
}

/// How a page image is sized to the viewport.
public enum ImageFit: Sendable, Equatable {
    /// As wide as the text area; scroll down through the page.
    case width
    /// The whole page on screen.
    case page
}

/// Whether the terminal can show page images, and how (for the status line).
public enum ImageAvailability: Sendable, Equatable {
    /// Images are drawn; `label` names the method on the status line ("image", "image ▀").
    case available(label: String)
    /// No image view; `reason` says why (shown when the user presses Tab).
    case unavailable(reason: String)
}

/// A page image the reader wants, for the current viewport and settings. The owner renders it
/// and answers with ``ReaderEvent/pageRendered(_:rows:)`` or ``ReaderEvent/renderFailed(_:message:)``.
public struct RenderRequest: Sendable, Hashable {
    public var page: Int
    /// The text area the image is sized for, in cells.
    public var viewport: ScreenSize
    public var fit: ImageFit
    /// A factor on top of the fit: 1 fits exactly, 2 is twice as large.
    public var zoom: Double
    /// Colours inverted, for dark terminals.
    public var inverted: Bool
    /// The pattern whose matches are marked on the image (the last search), if any.
    public var highlight: SearchPattern?

    public init(
        page: Int, viewport: ScreenSize, fit: ImageFit, zoom: Double, inverted: Bool, highlight: SearchPattern? = nil
    ) {
        self.page = page
        self.viewport = viewport
        self.fit = fit
        self.zoom = zoom
        self.inverted = inverted
        self.highlight = highlight
    }

    /// Whether `other` is this page at this size, whatever the marks of either: its image can
    /// stand in while this one, with other marks, is being made.
    func isSameImage(ignoringMarks other: RenderRequest) -> Bool {
        page == other.page && viewport == other.viewport && fit == other.fit && zoom == other.zoom
            && inverted == other.inverted
    }
}

/// Where the owner draws a rendered page image: the part of the image from cell row
/// `sourceRow` and cell column `sourceColumn`, `rows` × `columns` cells, at `screenRow`,
/// `screenColumn` of the screen. Images never reach the status line.
public struct ImagePlacement: Sendable, Equatable {
    public var request: RenderRequest
    public var sourceRow: Int
    public var sourceColumn: Int
    public var rows: Int
    public var columns: Int
    public var screenRow: Int
    public var screenColumn: Int
}

/// The size of a rendered page image in cells.
struct ImageExtent: Sendable, Equatable {
    var rows: Int
    var columns: Int
}
