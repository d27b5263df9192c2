/// Why a forward or inverse search could not be made, with a message a user understands.
///
/// Every libsynctex failure crosses into Swift as one of these (through ``SyncTeXCall``). The
/// paths carried are absolute; the messages name files by their last component.
public enum SyncTeXError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither `DOC.synctex.gz` nor `DOC.synctex` is beside the PDF (the PDF's path).
    case noSyncTeXFile(pdf: String)
    /// The SyncTeX file is older than the PDF, so its places are those of an earlier build.
    case stale(syncTeX: String, pdf: String)
    /// The SyncTeX file is there but cannot be read: truncated, damaged, or not SyncTeX.
    case unreadable(syncTeX: String)
    /// Nothing in the PDF comes from that line: the file is not part of the document, or the
    /// line typeset nothing.
    case noPlace(input: String, line: Int)
    /// Nothing typeset at that spot (0-based page, points from the page's top-left) comes from a
    /// source line.
    case noSource(page: Int, x: Double, y: Double)
    /// The request itself cannot be made (a page below 0, a name too long), as libsynctex's
    /// glue describes it.
    case invalidRequest(String)
    /// Memory ran out.
    case outOfMemory

    public var description: String {
        switch self {
        case .noSyncTeXFile(let pdf):
            let document = Self.fileName(pdf).dropLast(Self.extensionLength(pdf))
            return "no SyncTeX data: neither \(document).synctex.gz nor \(document).synctex is beside "
                + "\(Self.fileName(pdf)) (build with -synctex=1)"
        case .stale(let syncTeX, let pdf):
            return "\(Self.fileName(syncTeX)) is older than \(Self.fileName(pdf)): rebuild"
        case .unreadable(let syncTeX):
            return "\(Self.fileName(syncTeX)) cannot be read (damaged or not SyncTeX): rebuild"
        case .noPlace(let input, let line):
            return "no place in the PDF for \(input):\(line) (not part of the document, or nothing typeset there)"
        case .noSource(let page, _, _):
            return "nothing on page \(page + 1) there comes from a source line"
        case .invalidRequest(let reason):
            return reason
        case .outOfMemory:
            return "out of memory reading SyncTeX data"
        }
    }

    /// The last component of `path`.
    static func fileName(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }

    /// The length of the extension (with its dot) of `path`'s last component, as libsynctex
    /// strips it to find the SyncTeX file: 0 when there is none.
    static func extensionLength(_ path: String) -> Int {
        let name = fileName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return 0 }
        return name.distance(from: dot, to: name.endIndex)
    }
}
