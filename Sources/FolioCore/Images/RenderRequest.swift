/// A page image the reader wants, for the current viewport and settings. The owner renders it
/// and answers with ``ReaderEvent/pageRendered(_:rows:columns:cropBox:parts:)`` or ``ReaderEvent/renderFailed(_:reason:)``.
public struct RenderRequest: Sendable, Hashable {
    /// The page, or the first of a spread's pages in reading order.
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
    /// Whether the page's annotations are drawn (`set annotations show|hide`): with and without
    /// them are two images.
    public var showsAnnotations: Bool
    /// The boxes a forward search marks on the page (``SyncTeXMark``), framed on the image, in
    /// points from the page's top-left corner; empty for none.
    public var syncTeXBoxes: [TextRect]
    /// The page the ``syncTeXBoxes`` are on, when it is one of a spread's (``spreadPages``);
    /// nil for ``page`` itself.
    public var syncTeXPage: Int?
    /// How much of the page the image shows (`c`). The owner finds the content box from the
    /// document and answers with the box it rendered: the request names the setting, not the
    /// box, which the reader does not know before the render.
    public var crop: PageCrop
    /// Dark mode's colours (`C`), nil for the page's own; never with ``inverted``.
    public var recolor: PageRecolor?
    /// A spread's pages (`d`), from left to right, drawn side by side at one height in one
    /// image; empty for ``page`` alone. The owner answers with where each page is in the image
    /// (``SpreadPart``).
    public var spreadPages: [Int] = []

    public init(
        page: Int, viewport: ScreenSize, fit: ImageFit, zoom: Double, inverted: Bool, highlight: SearchPattern? = nil,
        showsAnnotations: Bool = true, syncTeXBoxes: [TextRect] = [], crop: PageCrop = .off,
        recolor: PageRecolor? = nil
    ) {
        self.recolor = recolor
        self.syncTeXBoxes = syncTeXBoxes
        self.crop = crop
        self.page = page
        self.viewport = viewport
        self.fit = fit
        self.zoom = zoom
        self.inverted = inverted
        self.highlight = highlight
        self.showsAnnotations = showsAnnotations
    }

    /// Whether `other` is this page (or spread) at this size, whatever the marks of either (search matches,
    /// annotations, a forward search's place): its image can stand in while this one, with other marks, is being made.
    func isSameImage(ignoringMarks other: RenderRequest) -> Bool {
        page == other.page && viewport == other.viewport && fit == other.fit && zoom == other.zoom
            && inverted == other.inverted && recolor == other.recolor && crop == other.crop
            && spreadPages == other.spreadPages
    }

    /// Whether `other` is this page at this size, whatever the crop and marks of either: its
    /// image can stand in while this one, trimmed otherwise (`c`), is being made, so the screen
    /// never falls back to the text meanwhile. It shows its own crop box, which its extent
    /// carries, so clicks on it still land on the point under them.
    func isSameImage(ignoringCropAndMarks other: RenderRequest) -> Bool {
        page == other.page && viewport == other.viewport && fit == other.fit && zoom == other.zoom
            && inverted == other.inverted && recolor == other.recolor && spreadPages == other.spreadPages
    }

    /// Whether `other` is this page in this view, whatever the zoom and marks (search matches,
    /// annotations) of either: scaled, its image can stand in on a terminal that scales images.
    func isSamePage(ignoringZoomAndMarks other: RenderRequest) -> Bool {
        page == other.page && viewport == other.viewport && fit == other.fit && inverted == other.inverted
            && recolor == other.recolor && crop == other.crop && spreadPages == other.spreadPages
    }

    /// Whether the image shows `page`: its page, or one of its spread's.
    func shows(_ page: Int) -> Bool {
        self.page == page || spreadPages.contains(page)
    }
}
