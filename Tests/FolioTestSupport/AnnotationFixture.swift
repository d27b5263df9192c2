public import Foundation

/// A typeset page whose text and character positions are known from its source, and
/// annotations on it made by another program (pikepdf), for the annotation tests.
public enum AnnotationFixture {
    /// The type size of every line.
    public static let size = 12.0
    /// The page's lines: text and baseline origin, in PDF coordinates (y up, page 792 high).
    public static let lines: [(text: String, x: Double, y: Double)] = [
        ("Reading notes begin with a highlighted passage.", 72, 700),
        ("A careful reader keeps an inter-", 72, 680),
        ("active record of every page she reads.", 72, 666),
        ("Nothing on this line is marked at all.", 72, 640),
    ]
    /// The page height in points.
    public static let pageHeight = 792.0

    /// The page, typeset without annotations.
    public static func document() -> Data {
        var typesetter = Typesetter(pageHeight: pageHeight)
        for line in lines {
            typesetter.text(line.text, x: line.x, y: line.y, size: size)
        }
        return typesetter.data()
    }

    /// The area of `line` from the start of `first` to the end of `last` (both found in the
    /// line, `last` at or after `first`), as a rectangle in PDF coordinates: x0, y0, x1, y1.
    public static func area(line: Int, from first: String, to last: String? = nil) -> [Double] {
        let text = lines[line].text
        let start = text.range(of: first)!.lowerBound
        let end = text.range(of: last ?? first, range: start..<text.endIndex)!.upperBound
        let x0 = lines[line].x + Typesetter.width(String(text[..<start]), size: size)
        let x1 = lines[line].x + Typesetter.width(String(text[..<end]), size: size)
        return [x0, lines[line].y - 3, x1, lines[line].y + 10]
    }

    /// `areas` as /QuadPoints (upper left, upper right, lower left, lower right of each).
    public static func quadPoints(_ areas: [[Double]]) -> [Double] {
        areas.flatMap { area in [area[0], area[3], area[2], area[3], area[0], area[1], area[2], area[1]] }
    }

    /// The rectangle holding `areas`, as a /Rect.
    public static func bounds(_ areas: [[Double]]) -> [Double] {
        [
            areas.map { $0[0] }.min()!, areas.map { $0[1] }.min()!, areas.map { $0[2] }.max()!,
            areas.map { $0[3] }.max()!,
        ]
    }

    /// The note of ``markups``'s sticky note: a tab, a line break, a backslash and an escape
    /// sequence, which every export must escape or defuse.
    public static let hostileNote = "Check\tthis\nand \\ that \u{1B}[31mred"

    /// The annotations another program writes on the page: a yellow highlight (RGB), a blue
    /// underline across the hyphenated line break, a squiggly in CMYK, a strike-out in grey,
    /// a sticky note with a popup, and a link, which a listing leaves out.
    public static let markups: [PikePDF.Markup] = {
        let highlight = [area(line: 0, from: "highlighted", to: "passage.")]
        let underline = [area(line: 1, from: "inter-"), area(line: 2, from: "active", to: "record")]
        let squiggly = [area(line: 2, from: "every", to: "page")]
        let strikeOut = [area(line: 0, from: "Reading")]
        return [
            PikePDF.Markup(
                subtype: "Highlight", rect: bounds(highlight), quads: quadPoints(highlight), colour: [1, 1, 0],
                contents: "The thesis.", author: "Ada", name: "pikepdf-highlight", created: "D:20240501123000Z",
                modified: "D:20240501143000+02'00'", popup: true),
            PikePDF.Markup(
                subtype: "Underline", rect: bounds(underline), quads: quadPoints(underline), colour: [0, 0, 1]),
            PikePDF.Markup(
                subtype: "Squiggly", rect: bounds(squiggly), quads: quadPoints(squiggly), colour: [0, 0, 1, 0]),
            PikePDF.Markup(
                subtype: "StrikeOut", rect: bounds(strikeOut), quads: quadPoints(strikeOut), colour: [0.5]),
            PikePDF.Markup(
                subtype: "Text", rect: [400, 600, 420, 620], colour: [1, 0.5, 0], contents: hostileNote,
                author: "Grace"),
            PikePDF.Markup(subtype: "Link", rect: [72, 636, 200, 650]),
        ]
    }()

    /// Writes the page with ``markups`` into `directory`; its path.
    public static func annotatedDocument(in directory: TemporaryDirectory) throws -> String {
        let plain = try directory.write(document(), to: "plain.pdf")
        let annotated = directory.url.appendingPathComponent("annotated.pdf").path
        try PikePDF.annotate(plain, to: annotated, annotations: markups)
        return annotated
    }
}
