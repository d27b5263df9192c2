/// A whole screen as data: what the terminal backend draws, and what tests compare.
///
/// Each row is a list of spans drawn left to right from column 0; the rest of the row is
/// blank. ``ReaderView/render(_:)`` keeps every row within ``size``'s columns.
public struct Frame: Sendable, Equatable {
    /// The screen size the frame was drawn for.
    public let size: ScreenSize
    /// Exactly `size.rows` rows of spans.
    public var rows: [[Span]]
    /// Where the terminal cursor goes, or nil to hide it.
    public var cursor: FramePosition?
    /// A page image to draw over the text area after the rows, if any: the topmost one.
    public var image: ImagePlacement?
    /// Scrolling continuously (`set continuous`), the page images below ``image``, top to
    /// bottom, each a seam below the last; empty otherwise.
    public var imagesBelow: [ImagePlacement] = []
    /// The colours text in the terminal's default colours takes instead, and the screen's
    /// background (dark mode, `C`); nil for the terminal's own.
    public var colours: TextColours?

    /// Creates a blank frame of `size`.
    public init(size: ScreenSize) {
        self.size = size
        rows = Array(repeating: [], count: max(size.rows, 0))
        cursor = nil
        image = nil
        colours = nil
    }

    /// Each row as plain text, padded with spaces to the full width: a screen for tests to read.
    public var lines: [String] {
        rows.map { spans in
            let text = spans.map(\.text).joined()
            return text + String(repeating: " ", count: max(size.columns - DisplayWidth.of(text), 0))
        }
    }
}

/// The colours of a frame's text and background, where they are not the terminal's own: a
/// terminal shows the nearest it has.
public struct TextColours: Sendable, Equatable {
    /// The text's colour.
    public var foreground: PageRecolor.Colour
    /// The background's colour.
    public var background: PageRecolor.Colour

    /// Text in `foreground` on `background`.
    public init(foreground: PageRecolor.Colour, background: PageRecolor.Colour) {
        self.foreground = foreground
        self.background = background
    }
}
