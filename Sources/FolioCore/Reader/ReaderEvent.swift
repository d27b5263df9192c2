/// Something that happened, for ``ReaderState/handle(_:)`` to react to.
public enum ReaderEvent: Sendable {
    /// The user pressed a key.
    case key(Key)
    /// The mouse was clicked or its wheel turned.
    case mouse(MouseEvent)
    /// Text was pasted into the terminal.
    case paste(String)
    /// The terminal changed size.
    case resize(ScreenSize)
    /// The user stopped the reader (Ctrl-Z): like a key, it dismisses the message shown, so
    /// `fg` does not bring it back.
    case suspended
    /// The text of a requested page (0-based) is ready.
    case pageLoaded(page: Int, text: PageText)
    /// A requested page (0-based) could not be read, for `reason`.
    case pageFailed(page: Int, reason: DocumentFailure)
    /// Search `id` has looked through `searched` of `total` pages.
    case searchProgress(id: Int, searched: Int, total: Int)
    /// Search `id` found its pattern on `page` (0-based) and stopped there.
    case searchFound(id: Int, page: Int)
    /// Search `id` went through every page it should without a match (`reason` nil), or
    /// stopped at a page it could not search.
    case searchFailed(id: Int, reason: SearchFailure?)
    /// Count `id` has gone through pages `0..<counted` of `total`; `matches` are the pages
    /// among them not reported before that have matches.
    case matchesCounted(id: Int, matches: [PageMatchCount], counted: Int, total: Int)
    /// The document's outline arrived (empty when the document has none).
    case outlineLoaded([OutlineItem])
    /// The outline could not be read.
    case outlineFailed(DocumentFailure)
    /// The links of `page` arrived.
    case linksLoaded(page: Int, links: [LinkItem])
    /// The links of `page`, loaded with its text, arrived: they are marked in the text view and
    /// a click on one follows it (nothing opens).
    case pageLinksLoaded(page: Int, links: [LinkItem])
    /// Work done by the owner has something to say on the status line (a copy's report, how
    /// far copying the document has got).
    case notice(Notice)
    /// The image asked for by `request` is ready: `rows` × `columns` cells, showing the part of
    /// the page within `cropBox` (in points from its top-left corner; nil for the whole page),
    /// which a cropped request's renderer chose from the page's content; for a spread's
    /// request, `parts` says where each of its pages is in the image.
    case pageRendered(RenderRequest, rows: Int, columns: Int, cropBox: TextRect? = nil, parts: [SpreadPart] = [])
    /// The document was reopened from its changed file: `summary` describes the new version,
    /// `currentPageText` is the text of the page on screen in it, when already read.
    case documentReloaded(DocumentSummary, currentPageText: PageText?)
    /// The image asked for by `request` could not be made, for `reason`.
    case renderFailed(RenderRequest, reason: DocumentFailure)
    /// A moment has passed since ``ReaderEffect/settlePosition(page:)`` asked about `page`
    /// (0-based): if the reader is still there, it is worth saving.
    case positionSettled(page: Int)
    /// The annotations of `page` (0-based), read after its text was asked for or after a
    /// change to them.
    case annotationsLoaded(page: Int, annotations: [Annotation])
    /// Every annotation of the document, for the list (``ReaderEffect/listAnnotations``).
    case annotationListLoaded([Annotation])
    /// `change` was not made: the journal could not take it (`reason` says why).
    case annotationChangeFailed(AnnotationChange, reason: String)
    /// The page images made so far no longer show the document as it is (its annotations
    /// changed): those on screen are made again.
    case pageImagesOutdated
    /// A forward search found where a source line is: `boxes` on `page` (0-based), in points
    /// from the page's top-left corner. The reader goes there and marks them for a moment.
    case syncTeXPlaceFound(page: Int, boxes: [TextRect])
    /// The forward search's mark `id` has been shown long enough (``ReaderEffect/clearSyncTeXMark(id:after:)``).
    case syncTeXMarkTimedOut(id: Int)
}
