public import Foundation

/// A folder of its own under the system's temporary folder, removed when the value goes away.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "folio-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `data` to `name` in the folder and returns its path.
    public func write(_ data: Data, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file.path
    }
}

/// Generated documents for robustness tests, built at run time (nothing is committed).
public enum Fixtures {
    /// Escape sequences a hostile document might try to send to a terminal.
    public static let hostileSequences: [(name: String, text: String)] = [
        ("osc-title", "\u{1B}]0;pwned\u{07}"),
        ("osc-52", "\u{1B}]52;c;cHduZWQ=\u{07}"),
        ("csi", "\u{1B}[2J\u{1B}[31m"),
        ("dcs", "\u{1B}Ptmux;\u{1B}\u{1B}]0;pwned\u{07}\u{1B}\\"),
        ("c1", "\u{9B}2J\u{9D}0;pwned\u{07}\u{90}q\u{9C}"),
    ]

    /// One page whose text, metadata, outline titles and link URIs all carry ESC, CSI, OSC (window
    /// title and OSC 52 clipboard), DCS and C1 controls. The page text uses a /ToUnicode map that
    /// maps every byte to the same code point, so the bytes 0x1B and 0x9B become U+001B and U+009B
    /// (plain WinAnsi would turn 0x80–0x9F into printable glyphs); strings in the metadata and the
    /// outline are UTF-16BE, UTF-8 with a byte order mark, and raw bytes.
    public static func hostileDocument() -> Data {
        let identityMap =
            "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Identity-Byte def "
            + "1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <00> <FF> <0000> endbfrange "
            + "endcmap CMapName currentdict /CMap defineresource pop end end"
        let lines = hostileSequences.map { PDFWriter.hexString(latin1("x \($0.name): \($0.text) end")) + " '" }
        let content = "BT /F1 12 Tf 14 TL 72 720 Td\n" + lines.joined(separator: "\n") + "\nET"
        let title = hostileSequences[0].text + hostileSequences[4].text
        var writer = PDFWriter()
        writer.add("<< /Type /Catalog /Pages 2 0 R /Outlines 8 0 R >>")
        writer.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        writer.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                + "/Resources << /Font << /F1 5 0 R >> >> /Annots [7 0 R] >>")
        writer.addStream(Data(content.utf8))
        writer.add(PDFWriter.helvetica(" /ToUnicode 6 0 R"))
        writer.addStream(Data(identityMap.utf8))
        writer.add(
            "<< /Type /Annot /Subtype /Link /Rect [72 700 300 730] /A << /S /URI /URI "
                + PDFWriter.hexString(latin1("http://example.invalid/" + title)) + " >> >>")
        writer.add("<< /Type /Outlines /First 9 0 R /Last 10 0 R /Count 2 >>")
        writer.add(
            "<< /Title \(PDFWriter.textString("Outline " + title)) /Parent 8 0 R /Next 10 0 R "
                + "/Dest [3 0 R /Fit] >>")
        writer.add(
            "<< /Title \(PDFWriter.hexString([0xEF, 0xBB, 0xBF] + Array(("UTF-8 " + hostileSequences[1].text + hostileSequences[4].text).utf8))) "
                + "/Parent 8 0 R /Prev 9 0 R /A << /S /URI /URI "
                + PDFWriter.hexString(latin1("http://example.invalid/" + hostileSequences[3].text)) + " >> >>")
        let info = writer.add(
            "<< /Title \(PDFWriter.textString("Title " + title)) "
                + "/Author \(PDFWriter.hexString(latin1("Raw " + hostileSequences[0].text + hostileSequences[2].text))) "
                + "/Subject \(PDFWriter.textString("Clipboard " + hostileSequences[1].text)) "
                + "/Creator \(PDFWriter.textString("DCS " + hostileSequences[3].text)) "
                + "/Producer \(PDFWriter.textString("C1 " + hostileSequences[4].text)) >>")
        return writer.data(info: info)
    }

    /// One page for costly regular expressions: the lines `x`, `    indented` and 40 lines of 200
    /// `a`s each (ending `!`), on which `(a+)+$` backtracks exponentially and `.*.*x` for a long
    /// while.
    public static func runsOfA() -> Data {
        let lines = ["x", "    indented"] + Array(repeating: String(repeating: "a", count: 200) + "!", count: 40)
        let shown = lines.map { "(\($0)) '" }.joined(separator: "\n")
        return PDFWriter.onePage(content: "BT /F1 4 Tf 5 TL 10 780 Td\n" + shown + "\nET")
    }

    /// The titles of ``rightToLeftOutline()``'s entries, in logical order: "introduction", "the
    /// first chapter 1" (Arabic, a number inside), "second chapter" (Hebrew), and a Latin one.
    public static let rightToLeftOutlineTitles = ["مقدمة", "الفصل الأول 1", "פרק שני", "Appendix"]

    /// Four pages ("Page 1"…), each the target of one outline entry titled as
    /// ``rightToLeftOutlineTitles`` says (UTF-16BE text strings).
    public static func rightToLeftOutline() -> Data {
        let titles = rightToLeftOutlineTitles
        var writer = PDFWriter()
        // Objects: 1 catalog, 2 pages, 3 outline root, 4–7 entries, 8 font, then a page and its
        // content stream for each entry.
        let firstPage = 9
        let kids = titles.indices.map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        writer.add("<< /Type /Catalog /Pages 2 0 R /Outlines 3 0 R >>")
        writer.add("<< /Type /Pages /Kids [\(kids)] /Count \(titles.count) >>")
        writer.add("<< /Type /Outlines /First 4 0 R /Last \(3 + titles.count) 0 R /Count \(titles.count) >>")
        for (index, title) in titles.enumerated() {
            let previous = index > 0 ? " /Prev \(3 + index) 0 R" : ""
            let next = index + 1 < titles.count ? " /Next \(5 + index) 0 R" : ""
            writer.add(
                "<< /Title \(PDFWriter.textString(title)) /Parent 3 0 R\(previous)\(next) "
                    + "/Dest [\(firstPage + 2 * index) 0 R /Fit] >>")
        }
        writer.add(PDFWriter.helvetica())
        for index in titles.indices {
            writer.add(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents \(firstPage + 2 * index + 1) 0 R "
                    + "/Resources << /Font << /F1 8 0 R >> >> >>")
            writer.addStream(Data("BT /F1 12 Tf 20 100 Td (Page \(index + 1)) Tj ET".utf8))
        }
        return writer.data()
    }

    /// One page of 10,000 × 10,000 inches (720,000 points) with a word near each of two corners.
    public static func hugePage() -> Data {
        PDFWriter.onePage(
            content: "BT /F1 12 Tf 72 72 Td (x bottom left) Tj ET BT /F1 5000 Tf 700000 719000 Td (x far) Tj ET",
            width: 720_000, height: 720_000)
    }

    /// `pages` pages whose content is the JBIG2 bomb of the corpus (`pdfjs-bomb_giant.pdf`) with
    /// its image cut down to `side`×`side` pixels: MuPDF decodes each of the three streams in one
    /// call that never looks at cancellation, about 3 s at side 20,000 and 0.8 s at 10,000
    /// (unoptimised build, this machine), against minutes for the original 100,000.
    /// After the bomb pages comes one ordinary page with the word "ordinary".
    public static func jbig2Bomb(side: UInt32, pages: Int = 1) throws -> Data {
        let original = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("pdfjs-bomb_giant.pdf")))
        let sizes = (1...3).map { try? jbig2Stream(number: 5 + $0, in: original) }
        let streams = try sizes.map { stream throws -> Data in
            guard var data = stream else { throw CocoaError(.fileReadCorruptFile) }
            // The page and the region are 100,000 (0x000186A0) pixels wide and high.
            let giant = Data([0x00, 0x01, 0x86, 0xA0])
            let small = withUnsafeBytes(of: side.bigEndian) { Data($0) }
            while let range = data.range(of: giant) {
                data.replaceSubrange(range, with: small)
            }
            return data
        }
        var writer = PDFWriter()
        writer.add("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0...pages).map { "\(3 + $0) 0 R" }.joined(separator: " ")
        writer.add("<< /Type /Pages /Kids [\(kids)] /Count \(pages + 1) >>")
        let firstStream = 3 + pages + 1 + 2
        let bombContents = (0..<3).map { "\(firstStream + $0) 0 R" }.joined(separator: " ")
        for _ in 0..<pages {
            writer.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [\(bombContents)] >>")
        }
        writer.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(firstStream - 2) 0 R "
                + "/Resources << /Font << /F1 \(firstStream - 1) 0 R >> >> >>")
        writer.addStream(Data("BT /F1 12 Tf 72 720 Td (ordinary) Tj ET".utf8))
        writer.add(PDFWriter.helvetica())
        for stream in streams {
            writer.addStream(stream, filter: "JBIG2Decode")
        }
        return writer.data()
    }

    /// The bytes of stream object `number` of `pdf` (found by its "N 0 obj" header and /Length).
    private static func jbig2Stream(number: Int, in pdf: Data) throws -> Data {
        guard let header = pdf.range(of: Data("\n\(number) 0 obj".utf8)),
            let start = pdf.range(of: Data("stream\n".utf8), in: header.upperBound..<pdf.endIndex),
            let lengthKey = pdf.range(of: Data("/Length ".utf8), in: header.upperBound..<start.lowerBound)
        else { throw CocoaError(.fileReadCorruptFile) }
        let digits = pdf[lengthKey.upperBound...].prefix { (0x30...0x39).contains($0) }
        guard let length = Int(String(decoding: digits, as: UTF8.self)) else { throw CocoaError(.fileReadCorruptFile) }
        return pdf[start.upperBound..<(start.upperBound + length)]
    }

    private static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
}
