/// How the reader starts and behaves, as a configuration file's `set` lines choose: wrap-around,
/// the first view and layout, how page images are sized and coloured, and how much a screenful
/// keeps.
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
    /// How many lines of the previous screen a screenful down or up keeps (`set scroll-overlap`),
    /// two by default, as less keeps.
    public var scrollOverlap = 2

    /// The most lines a screenful may keep: more would make Space crawl.
    public static let maximumScrollOverlap = 20

    /// The defaults: bounded, text, reflow, fit width, not inverted, two lines kept.
    public init() {}
}
