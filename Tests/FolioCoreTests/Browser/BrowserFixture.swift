import FolioCore

/// A generated folder listing with every kind of entry the browser meets, in the scrambled
/// order a file system might return them.
enum BrowserFixture {
    static let folder = "/home/ada/papers"
    /// A name that would retitle the terminal window if it reached the terminal as is.
    static let hostileName = "\u{1B}]0;pwned\u{07}.pdf"
    static let plainText = "not a document: 12 bytes of plain text"

    static let entries: [BrowserEntry] = [
        BrowserEntry(name: "notes.txt", kind: .other(reason: plainText)),
        BrowserEntry(name: "drafts", kind: .folder),
        BrowserEntry(name: "chapter 10.pdf", kind: .document),
        BrowserEntry(name: ".hidden.pdf", kind: .document),
        BrowserEntry(name: "data.bin", kind: .other(reason: "not a document: 4,096 bytes of binary data")),
        BrowserEntry(name: "Chapter 2.epub", kind: .document),
        BrowserEntry(name: hostileName, kind: .document),
        BrowserEntry(name: "secret.pdf", kind: .other(reason: "permission denied")),
        BrowserEntry(name: ".cache", kind: .folder),
        BrowserEntry(name: "attention.pdf", kind: .document),
        BrowserEntry(name: "pipe", kind: .other(reason: "is a FIFO")),
        BrowserEntry(name: "Archive", kind: .folder),
        BrowserEntry(name: "README.md", kind: .other(reason: plainText)),
        BrowserEntry(name: ".DS_Store", kind: .other(reason: "not a document: 6,148 bytes of binary data")),
        BrowserEntry(name: "comic.cbz", kind: .document),
    ]

    /// The names the list shows by default, in order: folders, then files, hidden ones left out.
    static let visibleNames = [
        "Archive", "drafts", hostileName, "attention.pdf", "Chapter 2.epub", "chapter 10.pdf", "comic.cbz",
        "data.bin", "notes.txt", "pipe", "README.md", "secret.pdf",
    ]

    static let attentionPreview = BrowserPreview(
        title: "Attention Is All You Need",
        format: "PDF",
        pageCount: 15,
        firstLines: """
            Abstract

            The dominant sequence transduction models are based on complex recurrent or \
            convolutional neural networks that include an encoder and a decoder.
            """)

    /// `count` documents named `file 1.pdf`, `file 2.pdf`…, in reverse order.
    static func numberedDocuments(_ count: Int) -> [BrowserEntry] {
        (1...count).reversed().map { BrowserEntry(name: "file \($0).pdf", kind: .document) }
    }

    /// `count` text files named `note 1.txt`, `note 2.txt`…, in reverse order: entries that
    /// need no preview, for moving around without preview effects.
    static func numberedNotes(_ count: Int) -> [BrowserEntry] {
        (1...count).reversed().map { BrowserEntry(name: "note \($0).txt", kind: .other(reason: plainText)) }
    }

    /// The path of the entry `name` in ``folder``.
    static func path(_ name: String) -> String {
        folder + "/" + name
    }
}
