/// A place in a TeX source that an inverse search found.
public struct SyncTeXSource: Sendable, Equatable {
    /// The source file's absolute path, with `.` and `..` resolved (lexically: symbolic links are
    /// kept). A name TeX recorded relative to where it ran is taken relative to the PDF's folder.
    public var input: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, or 0 when SyncTeX has none (pdfTeX and XeTeX record none, so it is 0
    /// for their documents).
    public var column: Int

    public init(input: String, line: Int, column: Int) {
        self.input = input
        self.line = line
        self.column = column
    }
}

/// A box a forward search found: where on a page something typeset from the source line is.
public struct SyncTeXBox: Sendable, Equatable {
    /// The page, 0-based (SyncTeX counts from 1).
    public var page: Int
    /// The left, top, right and bottom edges, in PDF points from the page's top-left corner,
    /// y downwards; `x0 <= x1` and `y0 <= y1`.
    public var x0: Double
    public var y0: Double
    public var x1: Double
    public var y1: Double

    public init(page: Int, x0: Double, y0: Double, x1: Double, y1: Double) {
        self.page = page
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
}

/// Paths made absolute and tidied without asking the file system, as names are compared.
enum LexicalPath {
    /// `path` made absolute against `folder` (itself absolute) when relative, with empty and `.`
    /// components dropped and each `..` taking away the component before it (none above `/`).
    static func absolute(_ path: String, from folder: String) -> String {
        let whole = path.hasPrefix("/") ? path : folder + "/" + path
        var components: [Substring] = []
        for component in whole.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The folder `path` (absolute, tidied) is in.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
