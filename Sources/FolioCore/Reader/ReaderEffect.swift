/// Work the reader asks its owner to do; the state itself never touches MuPDF or curses.
///
/// The screen is redrawn after every event, so there is no effect for an ordinary redraw.
public enum ReaderEffect: Sendable, Equatable {
    /// Load these pages (0-based), in priority order: the page on screen first when it is
    /// missing, then neighbours to prefetch. Each result comes back as
    /// ``ReaderEvent/pageLoaded(page:text:)`` or ``ReaderEvent/pageFailed(page:reason:)``, and
    /// each page's annotations as ``ReaderEvent/annotationsLoaded(page:annotations:)``.
    case loadPages([Int])
    /// Drop queued or running loads of any page not in `keeping`: the reader moved away.
    case cancelLoads(keeping: Set<Int>)
    /// Repaint the whole screen from scratch (Ctrl-L), not just what changed.
    case clearScreen
    /// Leave the reader.
    case quit
    /// Leave the reader for the file browser (`F`).
    case openBrowser
    /// Search the document in the background; report with the search events carrying `request.id`.
    case search(SearchRequest)
    /// Stop the running search (Esc); no more events for it are wanted.
    case cancelSearch
    /// Count every match of a pattern in the background, reporting with
    /// ``ReaderEvent/matchesCounted(id:matches:counted:total:)``; a new count replaces the last.
    case countMatches(MatchCountRequest)
    /// Keep `mark` (set in this document) across runs.
    case saveMark(Mark)
    /// Leave this document for the one at `path`, at `page`: a global mark set there.
    case openMarkedDocument(path: String, page: Int)
    /// Keep `pattern` in the search history that outlives the session (the state folder).
    case recordSearch(String)
    /// Load the outline; answer with ``ReaderEvent/outlineLoaded(_:)`` or ``ReaderEvent/outlineFailed(_:)``.
    case loadOutline
    /// Load the links of a page; answer with ``ReaderEvent/linksLoaded(page:links:)``.
    case loadLinks(page: Int)
    /// Put `text` on the clipboard; `description` names it for the message ("page 12").
    case copy(text: String, description: String)
    /// Extract the whole document's text and put it on the clipboard, reporting progress.
    case copyDocument
    /// Render these page images, most wanted first.
    case renderPages([RenderRequest])
    /// Drop queued or running renders not in `keeping`.
    case cancelRenders(keeping: Set<RenderRequest>)
    /// Reopen the document from its file (`R`); the result comes back as
    /// ``ReaderEvent/documentReloaded(_:currentPageText:)`` or a notice.
    case reloadDocument
    /// The reader moved to `page` (0-based) (from ``ReaderState/positionEffects()``): after a
    /// moment (a second in the product), answer with ``ReaderEvent/positionSettled(page:)``, so
    /// that a page the reader stays on is saved and pages flipped past are not.
    case settlePosition(page: Int)
    /// Keep `page` (0-based) as where this document was left (the state folder), now: should
    /// Folio crash later, it reopens there.
    case savePosition(page: Int)
    /// The tip `advice` is on the status line now: remember it as shown on this kind of
    /// terminal, so that it is not offered again.
    case tipShown(GraphicsAdvice)
    /// Make `change` to the document's annotations: journal it, apply it, save it (stamping
    /// the dates and the author when they are left to the runtime); the page's annotations
    /// come back as ``ReaderEvent/annotationsLoaded(page:annotations:)``, a change that could not
    /// be made as ``ReaderEvent/annotationChangeFailed(_:reason:)``.
    case changeAnnotation(AnnotationChange)
    /// Read every annotation of the document; answer with ``ReaderEvent/annotationListLoaded(_:)``.
    case listAnnotations
    /// Find the source of the point (`x`, `y`) of `page`, in points from its top-left corner,
    /// with SyncTeX, and open it in the editor (`set synctex-editor`); the outcome comes back as
    /// a notice.
    case findSource(page: Int, x: Double, y: Double)
    /// After `after` seconds, answer with ``ReaderEvent/syncTeXMarkTimedOut(id:)``: a forward
    /// search's place has been marked long enough.
    case clearSyncTeXMark(id: Int, after: Double)
}
