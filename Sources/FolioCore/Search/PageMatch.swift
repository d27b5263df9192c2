/// A match of a search pattern on a page's structured text, for scripts (`folio --search
/// --json`): the lines it covers and where on the page it lies.
public struct PageMatch: Sendable, Equatable {
    /// What a match covers of one line.
    public struct Part: Sendable, Equatable {
        /// The line, as an index into its block's lines.
        public var line: Int
        /// The characters covered, as offsets into the line's characters (one per Unicode
        /// scalar, as MuPDF lists them).
        public var characters: Range<Int>
        /// The union of those characters' boxes, as MuPDF gives them, in points; nil when the
        /// line has no such characters.
        public var box: TextRect?
    }

    /// The block the match is in, as an index into the page's blocks.
    public var block: Int
    /// What it covers of the line it starts on.
    public var start: Part
    /// What it covers of the next line when it runs on across the line break.
    public var continuation: Part?
}
