public import Foundation

/// Typesets PDFs whose text is known, for tests of the reading rules on generated documents:
/// Helvetica (with its real advance widths in the file, so that lines end where they were set),
/// Helvetica-Oblique (the same widths) and Courier, placed line by line, with justification by
/// word spacing and raised text for superscripts.
///
/// A paragraph's source may mark where a word may be hyphenated at a line end with `|`
/// (`inter|active`); ``truth(_:)`` is the text as it should read, without the marks.
public struct Typesetter {
    /// The fonts a page can use.
    public enum Font: String, Sendable {
        case helvetica = "F1"
        case oblique = "F2"
        case courier = "F3"
    }

    /// A line as set: its text and where its left end is.
    public struct SetLine: Sendable {
        public var text: String
        public var x: Double

        public init(_ text: String, x: Double = 0) {
            self.text = text
            self.x = x
        }
    }

    private var pages: [[String]] = []
    public let pageWidth: Double
    public let pageHeight: Double

    public init(pageWidth: Double = 612, pageHeight: Double = 792) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
    }

    /// Starts a new page; text goes on the last page started.
    public mutating func newPage() {
        pages.append([])
    }

    /// Draws `text` with its baseline's left end at (`x`, `y`), in points from the page's
    /// bottom left, `rise` points above the baseline.
    public mutating func text(
        _ text: String, x: Double, y: Double, size: Double = 10, font: Font = .helvetica, wordSpacing: Double = 0,
        rise: Double = 0
    ) {
        if pages.isEmpty { newPage() }
        let operators = String(
            format: "BT /%@ %g Tf %.3f Tw %g Ts %.2f %.2f Td %@ Tj ET", font.rawValue, size, wordSpacing, rise, x, y,
            Self.literal(text))
        pages[pages.count - 1].append(operators)
    }

    /// Sets `source` as a justified paragraph `width` points wide from `x`, its first baseline
    /// at `y`, one line every `leading` points; the first line starts `firstIndent` points in
    /// and the others `hang` points in. Returns the baseline after the last line.
    @discardableResult
    public mutating func paragraph(
        _ source: String, x: Double, y: Double, width: Double, size: Double = 10, leading: Double = 12,
        firstIndent: Double = 0, hang: Double = 0, font: Font = .helvetica
    ) -> Double {
        let lines = Self.lines(source, width: width, size: size, font: font, firstIndent: firstIndent, hang: hang)
        return set(lines, x: x, y: y, width: width, size: size, leading: leading, font: font)
    }

    /// Sets `lines` as a justified paragraph `width` points wide from `x` (each line from its
    /// own indent), its first baseline at `y`, one line every `leading` points; the last line
    /// is justified only when `justifyingLastLine`. Returns the baseline after the last line.
    @discardableResult
    public mutating func set(
        _ lines: [SetLine], x: Double, y: Double, width: Double, size: Double = 10, leading: Double = 12,
        font: Font = .helvetica, justifyingLastLine: Bool = false
    ) -> Double {
        var baseline = y
        for (index, line) in lines.enumerated() {
            let start = x + line.x
            let spaces = line.text.filter { $0 == " " }.count
            let isLast = index == lines.count - 1 && !justifyingLastLine
            let spacing =
                isLast || spaces == 0
                ? 0 : max((x + width - start - Self.width(line.text, size: size, font: font)) / Double(spaces), 0)
            text(line.text, x: start, y: baseline, size: size, font: font, wordSpacing: spacing)
            baseline -= leading
        }
        return baseline
    }

    /// `source` broken into lines no wider than `width` points, greedily, at spaces or at a
    /// `|` (printed as a hyphen); each line's `x` is its indent (`firstIndent`, then `hang`).
    public static func lines(
        _ source: String, width: Double, size: Double = 10, font: Font = .helvetica, firstIndent: Double = 0,
        hang: Double = 0
    ) -> [SetLine] {
        var lines: [SetLine] = []
        var words: [String] = []
        var tokens = source.split(separator: " ").map(String.init)
        func indent() -> Double { lines.isEmpty ? firstIndent : hang }
        func fits(_ candidate: [String]) -> Bool {
            Self.width(candidate.joined(separator: " "), size: size, font: font) <= width - indent()
        }
        while !tokens.isEmpty {
            let token = tokens.removeFirst()
            if fits(words + [token.replacingOccurrences(of: "|", with: "")]) || words.isEmpty {
                words.append(token.replacingOccurrences(of: "|", with: ""))
                continue
            }
            let breaks = token.indices.filter { token[$0] == "|" }.reversed()
            if let cut = breaks.first(where: {
                fits(words + [token[..<$0].replacingOccurrences(of: "|", with: "") + "-"])
            }) {
                words.append(token[..<cut].replacingOccurrences(of: "|", with: "") + "-")
                tokens.insert(String(token[token.index(after: cut)...]), at: 0)
            } else {
                tokens.insert(token, at: 0)
            }
            lines.append(SetLine(words.joined(separator: " "), x: indent()))
            words = []
        }
        if !words.isEmpty {
            lines.append(SetLine(words.joined(separator: " "), x: indent()))
        }
        return lines
    }

    /// `source` as it should read: without its hyphenation marks.
    public static func truth(_ source: String) -> String {
        source.replacingOccurrences(of: "|", with: "")
    }

    /// The advance of `text` in `font` at `size` points.
    public static func width(_ text: String, size: Double, font: Font = .helvetica) -> Double {
        if font == .courier { return 0.6 * size * Double(text.count) }
        let units = text.unicodeScalars.reduce(0) { total, scalar in
            total + (winAnsi(scalar).map { helveticaWidths[Int($0) - 32] } ?? 556)
        }
        return Double(units) * size / 1000
    }

    /// The document.
    public func data() -> Data {
        var writer = PDFWriter()
        let firstPage = 6
        let kids = pages.indices.map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        writer.add("<< /Type /Catalog /Pages 2 0 R >>")
        writer.add("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        let widths =
            "/FirstChar 32 /LastChar 255 /Widths [" + Self.helveticaWidths.map(String.init).joined(separator: " ") + "]"
        writer.add(PDFWriter.helvetica(" " + widths))
        writer.add(
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding \(widths) >>")
        writer.add("<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
        for page in pages {
            writer.add(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(pageWidth) \(pageHeight)] "
                    + "/Contents \(writer.objects.count + 2) 0 R "
                    + "/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> >>")
            writer.addStream(Data(page.joined(separator: "\n").utf8))
        }
        return writer.data()
    }

    /// A PDF string of `text` in WinAnsi, as hex (so that no byte needs escaping).
    private static func literal(_ text: String) -> String {
        PDFWriter.hexString(text.unicodeScalars.map { winAnsi($0) ?? 0x3F })
    }

    /// The WinAnsi code of `scalar`, when it has one the fixtures use.
    private static func winAnsi(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 32...126, 0xA0...0xFF: UInt8(scalar.value)
        case 0x2022: 0x95
        case 0x2013: 0x96
        case 0x2014: 0x97
        default: nil
        }
    }

    /// Helvetica's advance widths (per 1000 em) for WinAnsi codes 32 to 255, from its AFM (the
    /// few codes without a glyph get the width of a bullet).
    private static let helveticaWidths: [Int] =
        [
            278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
            556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
            1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
            667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
            333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
            556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 350,
            556, 350, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350,
            350, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 350, 500, 667,
            278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
            400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
            667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
            722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
            556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
            556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
        ]
}
