/// Which page of a two-page spread is drawn on the left (`set spread-direction`).
public enum SpreadDirection: Sendable, Hashable, CaseIterable {
    /// The earlier page on the left, as a book in a left-to-right script opens.
    case leftToRight
    /// The later page on the left, as manga and books in right-to-left scripts open.
    case rightToLeft
}

/// The pages the image view shows together while spreads are on (`d`): one page, or two
/// facing pages side by side.
///
/// The rule is a pure function of the document's page count, the page sizes and whether the
/// first page stands alone (`set spread-first-alone`), so that a page is in the same spread
/// however the reader came to it, and so that only a page and its one possible partner need
/// be measured (a document of any length costs the same):
///
/// - Pages are paired by position: with the first page alone, pages 1 | 2–3 | 4–5 | …, else
///   1–2 | 3–4 | …; a last page with no partner is alone.
/// - A pair is shown together only when its pages fit together (``fitTogether(_:_:)``: both
///   portrait, heights within 10%); otherwise each of its pages is a spread of its own. A
///   landscape plate is therefore alone, and the pairing of every other page stays as it was.
public struct PageSpread: Sendable, Hashable {
    /// What is known of a page's size, for the rule.
    public enum PageShape: Sendable, Equatable {
        /// The page has not been measured yet.
        case unknown
        /// The page could not be read: it is shown alone.
        case unreadable
        /// The page is `width` × `height` points.
        case size(width: Double, height: Double)
    }

    /// How far apart two paired pages' heights may be, as a share of the taller one.
    public static let heightTolerance = 0.1

    /// The first page, in reading order (counted from 0).
    public let first: Int
    /// The page beside it, the next one; nil for a page shown alone.
    public let second: Int?

    /// A spread of `first` and, beside it, `second` (nil for a page alone).
    public init(first: Int, second: Int? = nil) {
        self.first = first
        self.second = second
    }

    /// The last page of the spread, in reading order.
    public var last: Int { second ?? first }

    /// Whether the spread shows `page`.
    public func contains(_ page: Int) -> Bool {
        page == first || page == second
    }

    /// The spread's pages from left to right on screen: the earlier first unless `direction`
    /// is right to left.
    public func pagesLeftToRight(_ direction: SpreadDirection) -> [Int] {
        guard let second else { return [first] }
        return direction == .leftToRight ? [first, second] : [second, first]
    }

    /// The page `page` is paired with by position, before sizes are looked at: nil for the
    /// first page when it stands alone, and for a last page with no partner.
    public static func partner(of page: Int, pageCount: Int, firstPageAlone: Bool) -> Int? {
        guard page >= 0, page < pageCount else { return nil }
        // The slots start at even pages (counted from 0), or at odd ones when the first is alone.
        let shift = firstPageAlone ? 1 : 0
        guard page >= shift else { return nil }
        let partner = (page - shift) % 2 == 0 ? page + 1 : page - 1
        return partner < pageCount ? partner : nil
    }

    /// Whether two pages are shown side by side: both portrait (or square) and their heights
    /// within ``heightTolerance`` of the taller one. A size that is not a positive number never
    /// fits.
    public static func fitTogether(_ one: PageShape, _ other: PageShape) -> Bool {
        guard case .size(let width, let height) = one, case .size(let otherWidth, let otherHeight) = other else {
            return false
        }
        let sides = [width, height, otherWidth, otherHeight]
        guard sides.allSatisfy({ $0.isFinite && $0 > 0 }) else { return false }
        guard height >= width, otherHeight >= otherWidth else { return false }
        return abs(height - otherHeight) <= max(height, otherHeight) * heightTolerance
    }

    /// The spread that shows `page` in a document of `pageCount` pages, pages paired as the type
    /// says, `shape` telling what is known of a page's size; nil while the size of `page` or of
    /// its partner is not known, or for a page outside the document.
    public static func holding(
        _ page: Int, pageCount: Int, firstPageAlone: Bool, shape: (Int) -> PageShape
    ) -> PageSpread? {
        guard page >= 0, page < pageCount else { return nil }
        guard let partner = partner(of: page, pageCount: pageCount, firstPageAlone: firstPageAlone) else {
            return PageSpread(first: page)
        }
        let pageShape = shape(page)
        let partnerShape = shape(partner)
        guard pageShape != .unknown, partnerShape != .unknown else { return nil }
        guard fitTogether(pageShape, partnerShape) else { return PageSpread(first: page) }
        return PageSpread(first: min(page, partner), second: max(page, partner))
    }
}
