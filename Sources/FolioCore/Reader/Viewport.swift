/// Where the screen is in the current page: the line at its top and how far it is scrolled
/// sideways. It keeps both within the bounds it is given.
struct Viewport: Sendable, Equatable {
    /// The first laid-out line (or image row) of the current page at the top of the screen.
    var topLine = 0
    /// How many cells the physical layout is scrolled right.
    var horizontalOffset = 0

    /// Keeps the top line at or above `maximumTopLine` (the last that still fills the screen).
    mutating func clampTopLine(to maximumTopLine: Int) {
        topLine = min(topLine, maximumTopLine)
    }

    /// Keeps the sideways scroll at or below `maximum`.
    mutating func clampHorizontalOffset(to maximum: Int) {
        horizontalOffset = min(horizontalOffset, maximum)
    }
}
