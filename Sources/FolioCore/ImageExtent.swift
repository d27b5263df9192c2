/// The size of a rendered page image in cells.
struct ImageExtent: Sendable, Equatable {
    var rows: Int
    var columns: Int
}
