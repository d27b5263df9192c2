/// The page-image view: whether it is on, how images are sized and coloured, what this
/// terminal can show, and which images have been asked for, made or failed.
struct ImageView: Sendable {
    /// Whether this terminal can show images, and how.
    let availability: ImageAvailability
    /// Whether the terminal scales a placed image to any box of cells (kitty outside tmux).
    let scalesImages: Bool
    /// Text or page images.
    var viewMode: ViewMode = .text
    /// How page images are sized.
    var fit: ImageFit
    /// The zoom on top of the fit (`+`, `-`).
    var zoom = 1.0
    /// Whether page images are drawn with inverted colours (`i`); never with ``recolors``.
    var inverts: Bool
    /// Whether pages and the text views are in dark mode that keeps colour (`C`).
    var recolors = false
    /// How much of each page its image shows (`c`).
    var crop: PageCrop = .off
    /// Whether facing pages are shown side by side (`d`), as ``PageSpread`` pairs them.
    var spreads = false
    /// Whether scrolling goes on from a page's end into the next page's top (`s`).
    var continuous = false
    /// Sizes of rendered page images, by request: the one record of which images are ready to
    /// draw (``ReaderState/readyImages``); the owner keeps the bytes of each while it is here.
    var rendered: [RenderRequest: ImageExtent] = [:]
    /// Why a page image could not be made, by request.
    var failed: [RenderRequest: DocumentFailure] = [:]
    /// Requests sent and not yet answered.
    var pending: Set<RenderRequest> = []

    /// Forgets every image asked for, made or failed (a new version of the document).
    mutating func forgetRenders() {
        rendered = [:]
        failed = [:]
        pending = []
    }
}
