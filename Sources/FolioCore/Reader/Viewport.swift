/// Where the screen is in the current page: the line at its top and how far it is scrolled
/// sideways, in the physical layout and in the page image. It keeps them within the bounds it
/// is given.
struct Viewport: Sendable, Equatable {
    /// The first laid-out line (or image row) of the current page at the top of the screen.
    var topLine = 0
    /// How many cells the physical layout is scrolled right.
    var horizontalOffset = 0
    /// How many cell columns of a page image wider than the text area are scrolled off its left
    /// edge: the image's first column on screen. Kept apart from the layout's offset, so that
    /// the page's text standing in while an image renders is never shifted, and kept across
    /// page flips (the zoom is kept too).
    var imageColumn = 0

    /// Keeps the top line at or above `maximumTopLine` (the last that still fills the screen).
    mutating func clampTopLine(to maximumTopLine: Int) {
        topLine = min(topLine, maximumTopLine)
    }

    /// Keeps the sideways scroll at or below `maximum`.
    mutating func clampHorizontalOffset(to maximum: Int) {
        horizontalOffset = min(horizontalOffset, maximum)
    }

    /// Keeps the image's first column on screen within `0...maximum`.
    mutating func clampImageColumn(to maximum: Int) {
        imageColumn = min(max(imageColumn, 0), max(maximum, 0))
    }
}
