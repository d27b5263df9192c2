/// Something that happened, for ``ReaderState/handle(_:)`` to react to.
public enum ReaderEvent: Sendable {
    /// The user pressed a key.
    case key(Key)
    /// The terminal changed size.
    case resize(ScreenSize)
    /// The text of a requested page (0-based) is ready.
    case pageLoaded(page: Int, text: PageText)
    /// A requested page (0-based) could not be read; `message` says why.
    case pageFailed(page: Int, message: String)
}
