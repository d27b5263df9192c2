/// A link on a page: where it is, where it goes, and the words it covers.
public struct LinkItem: Sendable, Equatable {
    /// The active area on the page, in points.
    public var box: TextRect
    /// The 0-based target page of an internal link.
    public var page: Int?
    /// The address of an external link.
    public var uri: String?
    /// Where on the target page an internal link lands, in points from the top, when the
    /// link says (the top of its section); nil for the top of the page.
    public var targetY: Double?
    /// The words under the link's area on its page (empty until the page's text is known).
    public var text: String

    /// Creates a link over `box` to `page` (internal, landing `targetY` points down it) or
    /// `uri` (external), covering `text`.
    public init(box: TextRect, page: Int?, uri: String?, targetY: Double? = nil, text: String = "") {
        self.box = box
        self.page = page
        self.uri = uri
        self.targetY = targetY
        self.text = text
    }
}

extension PageText {
    /// The words under `box`: the characters whose centres lie inside it, a line at a time,
    /// lines joined by a space, runs of white space made one.
    public func text(under box: TextRect) -> String {
        var pieces: [String] = []
        for line in blocks.lazy.flatMap(\.lines) {
            guard line.box.y1 >= box.y0, line.box.y0 <= box.y1 else { continue }
            var scalars = String.UnicodeScalarView()
            for char in line.chars {
                let x = (char.box.x0 + char.box.x1) / 2
                let y = (char.box.y0 + char.box.y1) / 2
                if x >= box.x0, x <= box.x1, y >= box.y0, y <= box.y1 {
                    scalars.append(char.scalar)
                }
            }
            let words = String(scalars).split(whereSeparator: \.isWhitespace)
            if !words.isEmpty {
                pieces.append(words.joined(separator: " "))
            }
        }
        return pieces.joined(separator: " ")
    }

    /// The text of the first line at or below `y` points from the top, for finding where a link
    /// lands; nil when no line is that low.
    func firstLineText(atOrBelow y: Double) -> String? {
        blocks.lazy.flatMap(\.lines).first { $0.box.y1 > y && !$0.text.allSatisfy(\.isWhitespace) }?.text
    }
}
