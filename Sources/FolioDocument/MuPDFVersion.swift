internal import CMuPDF

/// The MuPDF version Folio was built against.
public enum MuPDFVersion {
    /// For example "1.21.1".
    public static var string: String { String(cString: folio_mupdf_version()) }
}
