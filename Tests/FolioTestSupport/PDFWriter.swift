public import Foundation

/// Writes small PDFs by hand, with a correct cross-reference table, for fixtures that no corpus
/// file provides: absurd page sizes, hostile strings, tunable decompression bombs.
///
/// Object 1 must be the catalog. Bodies are raw PDF syntax; ``hexString(_:)`` carries any bytes
/// (ESC, BEL, C1 controls) exactly, and ``textString(_:)`` makes a UTF-16BE text string.
public struct PDFWriter {
    public private(set) var objects: [Data] = []

    public init() {}

    /// Adds an object and returns its number.
    @discardableResult
    public mutating func add(_ body: String) -> Int {
        add(Data(body.utf8))
    }

    /// Adds an object given as bytes and returns its number.
    @discardableResult
    public mutating func add(_ body: Data) -> Int {
        objects.append(body)
        return objects.count
    }

    /// Adds a stream object with `data` (uncompressed unless `filter` names the encoding it is in).
    @discardableResult
    public mutating func addStream(_ data: Data, filter: String? = nil) -> Int {
        var body = Data("<< /Length \(data.count)\(filter.map { " /Filter /\($0)" } ?? "") >>\nstream\n".utf8)
        body += data
        body += Data("\nendstream".utf8)
        return add(body)
    }

    /// The document, with `info` as the trailer's /Info object if given.
    public func data(info: Int? = nil) -> Data {
        var out = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Data("\(index + 1) 0 obj\n".utf8) + body + Data("\nendobj\n".utf8)
        }
        let xref = out.count
        out += Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            out += Data((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8)
        }
        let infoEntry = info.map { " /Info \($0) 0 R" } ?? ""
        out += Data(
            "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R\(infoEntry) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    /// A PDF hex string holding exactly `bytes`.
    public static func hexString(_ bytes: some Sequence<UInt8>) -> String {
        "<" + bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined() + ">"
    }

    /// A PDF text string in UTF-16BE with its byte order mark, as a hex string.
    public static func textString(_ text: String) -> String {
        hexString([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    /// The standard Helvetica font with WinAnsiEncoding (and any extra dictionary entries).
    public static func helvetica(_ extra: String = "") -> String {
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding\(extra) >>"
    }

    /// A one-page document: `content` drawn on a page of `width`×`height` points with Helvetica
    /// as /F1.
    public static func onePage(content: String, width: Double = 612, height: Double = 792) -> Data {
        var writer = PDFWriter()
        writer.add("<< /Type /Catalog /Pages 2 0 R >>")
        writer.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        writer.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R "
                + "/Resources << /Font << /F1 5 0 R >> >> >>")
        writer.addStream(Data(content.utf8))
        writer.add(helvetica())
        return writer.data()
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(length - count, 0)) + self
    }
}
