/// How the reader starts and behaves, as a configuration file's `set` lines choose: wrap-around,
/// the first view and layout, how page images are sized and coloured, how much a screenful
/// keeps, and how annotations are shown and made.
public struct ReaderPreferences: Sendable, Equatable {
    /// Whether paging stops at the ends or wraps around (`set wrap`).
    public var paging: PagingMode = .bounded
    /// Text or page images at the start (`set view`); text where the terminal shows no images.
    public var view: ViewMode = .text
    /// Reflowed text or the page's layout (`set layout`).
    public var layout: LayoutMode = .reflow
    /// How page images are sized (`set fit`).
    public var imageFit: ImageFit = .width
    /// Whether page images start inverted (`set invert`).
    public var invertsImages = false
    /// Whether the reader starts in dark mode that keeps colour (`set recolor`); it wins over
    /// ``invertsImages`` when a file sets both.
    public var startsRecolored = false
    /// The colours and reach of dark mode (`set recolor-dark`, `recolor-light`, `recolor-images`).
    public var recolor = PageRecolor()
    /// How much of each page its image shows at the start (`set crop`).
    public var crop = PageCrop.off
    /// Whether the image view starts with facing pages side by side (`set spread`, `d` toggles).
    public var spreads = false
    /// Whether the first page stands alone in spreads, as a book's cover (`set spread-first-alone`).
    public var spreadFirstPageAlone = false
    /// Which page of a spread is on the left (`set spread-direction`).
    public var spreadDirection = SpreadDirection.leftToRight
    /// Whether the image view starts scrolling continuously, each page's top below the last
    /// one's end (`set continuous`, `s` toggles).
    public var continuous = false
    /// How many lines of the previous screen a screenful down or up keeps (`set scroll-overlap`),
    /// two by default, as less keeps.
    public var scrollOverlap = 2
    /// Whether annotations are drawn: on page images and as marks in the text views
    /// (`set annotations show|hide`).
    public var showsAnnotations = true
    /// The colour a new highlight is made in (`set highlight-colour`): the first of
    /// ``AnnotationColour/presets`` (yellow) unless the file says otherwise.
    public var highlightColour = AnnotationColour.presets[0].colour
    /// The name new annotations are signed with (`set annotation-author`), without control
    /// characters; nil for the login name, which the runtime knows.
    public var annotationAuthor: String?

    /// The most lines a screenful may keep: more would make Space crawl.
    public static let maximumScrollOverlap = 20

    /// The defaults: bounded, text, reflow, fit width, not inverted, not cropped, no spreads (pages
    /// paired 1–2, 3–4, …, left to right when on), a page at a time, two lines kept, annotations
    /// shown, highlights yellow, signed with the login name.
    public init() {}
}
