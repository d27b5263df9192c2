import FolioDocument

/// Version strings for `folio --version`.
public enum Version {
    /// Folio's version.
    public static let current = "0.1.0"
    /// The version of MuPDF Folio is built with.
    public static let mupdf = MuPDFVersion.string
}
