/// Work the browser asks its owner to do; the state itself never touches the file system,
/// MuPDF or curses.
///
/// None of these may block the loop: listing and previewing happen in the background and come
/// back as events. The screen is redrawn after every event, so there is no effect for that.
public enum BrowserEffect: Sendable, Equatable {
    /// List the folder at this path; answer with ``BrowserEvent/listed(path:entries:)`` or
    /// ``BrowserEvent/listFailed(path:reason:)``.
    case list(String)
    /// Preview the document at this path; answer with
    /// ``BrowserEvent/previewReady(path:preview:)`` or ``BrowserEvent/previewFailed(path:reason:)``.
    ///
    /// A request supersedes every earlier one: the owner may cancel or drop requests still
    /// outstanding (their answers, should they arrive, are kept for later). The state asks
    /// again when the selection comes back to a document whose request was superseded, and
    /// never asks twice for the request it is waiting on.
    case preview(String)
    /// Open the document at this path in the reader. Keep the ``BrowserState`` value to come
    /// back to the same place; answer with ``BrowserEvent/openFailed(path:reason:)`` when the
    /// document cannot be opened.
    case open(String)
    /// Try `password` on the encrypted document at `path` (asked for with
    /// ``BrowserEvent/passwordNeeded(path:note:)``): open it when it unlocks, answer with
    /// another ``BrowserEvent/passwordNeeded(path:note:)`` or an
    /// ``BrowserEvent/openFailed(path:reason:)`` when it does not.
    case unlock(path: String, password: String)
    /// Repaint the whole screen from scratch (Ctrl-L), not just what changed.
    case clearScreen
    /// Leave the browser.
    case quit
}
