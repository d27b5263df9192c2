/// How long each kind of work on one page may take before it is given up (seconds): one
/// pathological page (a decompression bomb, a runaway content stream) cannot freeze the reader
/// or hang a script. Every time limit Folio puts on document work is named here.
public enum TimeLimits {
    /// Extracting one page's text: for the reader's text view and for the batch modes.
    public static let pageText = 10.0
    /// Searching one page, in the reader's background search.
    public static let searchPage = 10.0
    /// Rendering one page image for the image view (rendering is slower than extracting text).
    public static let pageImage = 20.0
    /// Reading the outline, or one page's links, for the reader's lists and link marks.
    public static let outlineAndLinks = 10.0
    /// Reading the first page of a document for the file browser's preview: a preview that
    /// takes longer is not worth waiting for.
    public static let preview = 5.0
}
