/// How much of a page its image shows (`set crop`, `c` cycles): the whole page, or the box of
/// what the page draws with a small margin, so that on a terminal's few pixels the text is
/// larger.
public enum PageCrop: Sendable, Hashable, CaseIterable {
    /// The whole page.
    case off
    /// Each page trimmed to its own content box.
    case auto
    /// Facing pages trimmed to one box (the union of both pages' content), so that a spread's
    /// pages are the same size and their text at the same scale. Pages face as in a printed book
    /// whose first page is its cover: the first page alone, then the second and third, the fourth
    /// and fifth, and so on.
    case evenOdd

    /// The next setting `c` chooses: off, auto, even-odd, then off again.
    public var next: PageCrop {
        switch self {
        case .off: .auto
        case .auto: .evenOdd
        case .evenOdd: .off
        }
    }

    /// The page (counted from 0) facing `page` in a document of `pageCount` pages, as
    /// ``evenOdd`` pairs them: nil for the first page, and for a last page with none beside it.
    public static func facingPage(of page: Int, pageCount: Int) -> Int? {
        guard page > 0, page < pageCount else { return nil }
        let facing = page % 2 == 1 ? page + 1 : page - 1
        return facing < pageCount ? facing : nil
    }

    /// The margin kept around a page's content box, in points: 2% of the page's `width`, at
    /// least 6 points, so that no glyph's edge touches the image's.
    public static func margin(forPageWidth width: Double) -> Double {
        max(width * 0.02, 6)
    }

    /// The part of a page `width` × `height` points shown for content within `content` (in
    /// points from the page's top-left corner): the content with ``margin(forPageWidth:)`` around
    /// it, within the page. The whole page for content that is no box (an edge that is not a
    /// number, or none within the page).
    public static func box(around content: TextRect, pageWidth width: Double, pageHeight height: Double) -> TextRect {
        let whole = TextRect(x0: 0, y0: 0, x1: width, y1: height)
        let edges = [content.x0, content.y0, content.x1, content.y1, width, height]
        guard edges.allSatisfy(\.isFinite), width > 0, height > 0 else { return whole }
        let margin = margin(forPageWidth: width)
        let box = TextRect(
            x0: max(content.x0 - margin, 0), y0: max(content.y0 - margin, 0),
            x1: min(content.x1 + margin, width), y1: min(content.y1 + margin, height))
        guard box.x1 > box.x0, box.y1 > box.y0 else { return whole }
        return box
    }
}
