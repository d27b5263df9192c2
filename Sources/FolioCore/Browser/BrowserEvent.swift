/// Something that happened, for ``BrowserState/handle(_:)`` to react to.
///
/// Every path is the one the matching ``BrowserEffect`` asked about, character for character:
/// the state compares paths as plain strings.
public enum BrowserEvent: Sendable {
    /// The user pressed a key.
    case key(Key)
    /// The mouse was clicked or its wheel turned.
    case mouse(MouseEvent)
    /// Text was pasted into the terminal.
    case paste(String)
    /// The document at `path` is encrypted: ask for its password, saying `note` (that it is
    /// encrypted, or that the password was wrong and how many tries are left).
    case passwordNeeded(path: String, note: BrowserNotice)
    /// Ctrl-C: cancels the password prompt (the owner ends the browser when there is none).
    case interrupted
    /// The terminal changed size.
    case resize(ScreenSize)
    /// The folder at `path` holds `entries`, in any order.
    case listed(path: String, entries: [BrowserEntry])
    /// The folder at `path` could not be listed; `reason` says why.
    case listFailed(path: String, reason: String)
    /// The preview of the document at `path` is ready.
    case previewReady(path: String, preview: BrowserPreview)
    /// The document at `path` could not be previewed; `reason` says why.
    case previewFailed(path: String, reason: String)
    /// The document at `path`, asked for with ``BrowserEffect/open(_:)``, could not be opened.
    case openFailed(path: String, reason: String)
}
