public import FolioCore

/// Facts about an open document, as `folio --info` prints them.
public struct DocumentInfo: Sendable, Equatable {
    /// MuPDF's name for the format, such as "PDF 1.7", "EPUB" or "XPS".
    public var format: String
    /// The number of pages that can actually be read.
    public var pageCount: Int
    /// The page count the file declares, when it differs from ``pageCount`` (a damaged page tree).
    public var declaredPageCount: Int?
    public var title: String?
    public var author: String?
    public var subject: String?
    public var creator: String?
    public var producer: String?
    /// The encryption method ("Standard V4 R4 128-bit AES"), or nil when not encrypted.
    public var encryption: String?
}

/// A page's size in points after its rotation is applied.
public struct PageSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// One search hit on a page: the boxes (in points) of the quadrilaterals it covers, one per line.
public struct SearchHit: Sendable, Equatable {
    public var boxes: [TextRect]
}

/// A page rendered to RGB pixels (3 bytes per pixel, no padding between rows).
public struct RenderedPage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
}
