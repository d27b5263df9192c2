/// A page whose text runs down, up or leftward — a page turned a quarter or half round, as
/// `/Rotate` or text drawn sideways leaves it — turned so that its text runs rightward, the
/// way it is read.
///
/// MuPDF gives each line the direction of its baseline. Where most of a page's characters are
/// in lines running one of the three other axis directions, every box on the page is turned
/// with them, so the reflow and the layout view read the page upright; a few sideways lines on
/// an upright page (a table's turned headings) stay as they are, each one line.
///
/// Vertical writing (Chinese and Japanese set in columns, read top to bottom and the columns
/// right to left) runs down too, so its page turns a quarter counterclockwise as well: each
/// column becomes a line and the rightmost column the first, which is its reading order.
enum UprightPage {
    /// The share of a page's characters that must run one other way for the page to be turned.
    static let turningShare = 0.5

    /// How a page is turned: the direction its text runs, and so where a point goes.
    enum Turn: Equatable {
        /// Text runs down (`/Rotate 90` of upright text, vertical writing): turned a quarter
        /// counterclockwise.
        case quarterCounterclockwise
        /// Text runs leftward, upside down: turned half round.
        case half
        /// Text runs up: turned a quarter clockwise.
        case quarterClockwise
    }

    /// `page` turned upright, or `page` itself when its text mostly runs rightward already (or
    /// at an angle, which no quarter turn mends).
    static func turned(_ page: PageText) -> PageText {
        guard let turn = turn(of: page) else { return page }
        let width = page.width
        let height = page.height
        func point(_ x: Double, _ y: Double) -> (Double, Double) {
            switch turn {
            case .quarterCounterclockwise: (y, width - x)
            case .half: (width - x, height - y)
            case .quarterClockwise: (height - y, x)
            }
        }
        func rect(_ box: TextRect) -> TextRect {
            let a = point(box.x0, box.y0)
            let b = point(box.x1, box.y1)
            return TextRect(x0: min(a.0, b.0), y0: min(a.1, b.1), x1: max(a.0, b.0), y1: max(a.1, b.1))
        }
        func direction(_ direction: TextDirection) -> TextDirection {
            switch turn {
            case .quarterCounterclockwise: TextDirection(x: direction.y, y: -direction.x)
            case .half: TextDirection(x: -direction.x, y: -direction.y)
            case .quarterClockwise: TextDirection(x: -direction.y, y: direction.x)
            }
        }
        let blocks = page.blocks.map { block in
            TextBlock(
                lines: block.lines.map { line in
                    TextLine(
                        chars: line.chars.map { char in
                            let box = rect(char.box)
                            // The baseline of turned text is not known from its y alone: the
                            // foot of the turned box stands in, the same for every character
                            // of one font and size.
                            return TextChar(
                                scalar: char.scalar, box: box, size: char.size, baseline: box.y1,
                                isMonospaced: char.isMonospaced)
                        },
                        box: rect(line.box), direction: direction(line.direction), isVertical: line.isVertical)
                },
                box: rect(block.box))
        }
        let turnsSideways = turn != .half
        return PageText(
            width: turnsSideways ? height : width, height: turnsSideways ? width : height, blocks: blocks)
    }

    /// The turn that makes most of `page`'s characters run rightward, if one is needed.
    static func turn(of page: PageText) -> Turn? {
        var counts: [Turn: Int] = [:]
        var total = 0
        for line in page.blocks.lazy.flatMap(\.lines) {
            let count = line.chars.count
            total += count
            let direction = line.direction
            if direction.y > 0.9 {
                counts[.quarterCounterclockwise, default: 0] += count
            } else if direction.y < -0.9 {
                counts[.quarterClockwise, default: 0] += count
            } else if direction.x < -0.9 {
                counts[.half, default: 0] += count
            }
        }
        guard total > 0, let (turn, count) = counts.max(by: { $0.value < $1.value }) else { return nil }
        return Double(count) > turningShare * Double(total) ? turn : nil
    }
}
