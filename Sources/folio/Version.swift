import FolioDocument

/// Version strings for `folio --version`.
enum Version {
    static let current = "0.1.0"
    static let mupdf = MuPDFVersion.string
}
