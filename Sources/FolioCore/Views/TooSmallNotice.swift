/// What the reader and the browser show in a terminal below their smallest size: the notice
/// that fits, centred, from "Terminal too small (needs 40×10)" down to "40×10" for a sliver of
/// a terminal, so it never runs off the edge or stops mid-word.
enum TooSmallNotice {
    /// The notices, longest first.
    static func variants(needing minimum: ScreenSize) -> [String] {
        let size = "\(minimum.columns)×\(minimum.rows)"
        return ["Terminal too small (needs \(size))", "Too small: needs \(size)", "Needs \(size)", size]
    }

    /// Draws the longest notice that fits `frame` on its middle row.
    static func draw(needing minimum: ScreenSize, into frame: inout Frame) {
        guard frame.size.rows > 0, frame.size.columns > 0 else { return }
        let variants = variants(needing: minimum)
        let notice =
            variants.first { DisplayWidth.of($0) <= frame.size.columns }
            ?? DisplayWidth.truncated(variants[variants.count - 1], toWidth: frame.size.columns)
        let indent = max((frame.size.columns - DisplayWidth.of(notice)) / 2, 0)
        var spans = [Span(text: notice, style: .bold)]
        if indent > 0 {
            spans.insert(Span(text: String(repeating: " ", count: indent)), at: 0)
        }
        frame.rows[frame.size.rows / 2] = spans
    }
}
