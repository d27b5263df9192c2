/// One entry of a folder, as the edge reports it after looking at the file.
public struct BrowserEntry: Sendable, Equatable {
    /// What the edge found the entry to be.
    public enum Kind: Sendable, Equatable {
        /// A folder the browser can list (a link to a folder counts as one).
        case folder
        /// A file Folio can open.
        case document
        /// Anything else; `reason` says why Folio cannot open it ("not a document: 12 bytes
        /// of plain text", "permission denied", "is a FIFO").
        case other(reason: String)
    }

    /// The file name, without any folder (not sanitised: the view does that).
    public var name: String
    /// What the entry is.
    public var kind: Kind

    /// Creates an entry.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Whether the name starts with a dot, which hides the entry by default.
    public var isHidden: Bool {
        name.hasPrefix(".")
    }

    /// Whether the entry is a folder.
    public var isFolder: Bool {
        kind == .folder
    }

    /// Whether Folio can open the entry as a document.
    public var isDocument: Bool {
        kind == .document
    }
}
