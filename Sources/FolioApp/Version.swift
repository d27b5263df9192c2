import FolioDocument
import FolioTerminal

/// Folio's version, the one place it is written: `folio --version`, the man page and
/// scripts/package (which asks the built binary) take it from here.
public enum Version {
    /// Folio's version.
    public static let current = "0.1.0"
    /// The day ``current`` was set, as the man page's header dates it.
    public static let date = "2026-12-01"
    /// The version of MuPDF Folio is built with.
    public static let mupdf = MuPDFVersion.string
    /// The ncurses library Folio runs with, as it names itself ("ncurses 6.4.20221231").
    public static let ncurses = CursesVersion.string

    /// What `folio --version` prints: "folio 0.1.0 (MuPDF 1.21.1, ncurses 6.4.20221231)".
    public static var line: String {
        "folio \(current) (MuPDF \(mupdf), \(ncurses))"
    }
}
