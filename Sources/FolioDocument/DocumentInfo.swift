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
}

/// One entry of a document's outline (table of contents).
public struct OutlineEntry: Sendable, Equatable {
    public var title: String
    /// Nesting depth, 0 for top-level entries.
    public var level: Int
    /// The 0-based target page, or nil when the entry points nowhere in this document.
    public var page: Int?
    /// The entry's link target as MuPDF reports it (an external URL or an internal "#page=…").
    public var uri: String?
}

/// A document's outline in reading order.
public struct Outline: Sendable, Equatable {
    public var entries: [OutlineEntry]
    /// True when the outline was cut because it was too large, too deep or looped.
    public var isTruncated: Bool
}

/// A link on a page.
public struct PageLink: Sendable, Equatable {
    /// The active area, in points.
    public var box: TextRect
    /// The 0-based target page of an internal link.
    public var page: Int?
    /// The external URI, for links that leave the document.
    public var uri: String?
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
