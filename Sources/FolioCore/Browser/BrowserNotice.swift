/// A note for the browser's bottom row, as a value: the result of the last action, or why a
/// password is asked. ``BrowserNoticeText`` puts it into words, in one place.
public enum BrowserNotice: Sendable, Equatable {
    /// The folder at `path` is being listed.
    case listing(path: String)
    /// The folder listed has no parent to go up to.
    case atTopFolder
    /// The list shows `listed` entries; `hidden` of the folder's entries start with a dot, and
    /// `hiddenShown` says whether they are among those listed.
    case entryCount(listed: Int, hidden: Int, hiddenShown: Bool)
    /// The filter kept, `filter`, lets `count` entries through.
    case filterMatches(count: Int, filter: String)
    /// The folder at `path`, the one on screen, could not be listed.
    case cannotList(path: String, reason: String)
    /// The folder at `path` could not be opened (the one on screen stays).
    case cannotOpenFolder(path: String, reason: String)
    /// The entry `name` could not be opened.
    case cannotOpen(name: String, reason: String)
    /// The document `name` is being opened.
    case opened(name: String)
    /// Hidden entries were turned on (`shown`) or off in a folder that has none.
    case noHiddenEntries(shown: Bool)
    /// Pasted text with the filter prompt closed.
    case pasteGoesToFilter
    /// The password typed is being tried.
    case tryingPassword
    /// The password prompt was cancelled: the document `name` stays closed.
    case passwordNotGiven(name: String)
    /// The document `name` is encrypted: the password prompt opens.
    case encrypted(name: String)
    /// The password was wrong; `triesLeft` more are allowed.
    case wrongPassword(triesLeft: Int)
    /// `key` runs nothing in the browser's key table.
    case unboundKey(Key)
    /// A reader's notice shown in the browser (what the configuration file got wrong, how to
    /// get sharper images, why a marked document did not open), in the words ``NoticeText``
    /// gives it with the reader's keys.
    case readerNotice(String)
}

/// Puts the browser's notices into words: the one place that says what each
/// ``BrowserNotice`` reads like, naming keys of the browser's key table in use.
public enum BrowserNoticeText {
    /// What the bottom row says for `notice`, naming keys of `keymap`.
    public static func words(for notice: BrowserNotice, keymap: BrowserKeymap) -> String {
        switch notice {
        case .listing(let path): "Listing \(BrowserState.folderName(path))…"
        case .atTopFolder: "Already at the top folder"
        case .entryCount(let listed, let hidden, let hiddenShown):
            BrowserState.counted(listed, "entry", "entries")
                + (hidden == 0 ? "" : ", \(hidden) hidden" + (hiddenShown ? " shown" : ""))
        case .filterMatches(let count, let filter):
            (count == 0 ? "No entries match" : BrowserState.counted(count, "entry matches", "entries match"))
                + " “\(filter)”"
        case .cannotList(let path, let reason): "Cannot list \(BrowserState.folderName(path)): \(reason)"
        case .cannotOpenFolder(let path, let reason): "Cannot open \(BrowserState.folderName(path)): \(reason)"
        case .cannotOpen(let name, let reason): "Cannot open \(name): \(reason)"
        case .opened(let name): "Opened \(name)"
        case .noHiddenEntries(let shown):
            shown ? "Hidden entries shown (none here)" : "Hidden entries not shown (none here)"
        case .pasteGoesToFilter: "Pasted text goes into the filter (\(keymap.keyName(for: .own(.filter))))"
        case .tryingPassword: "Trying the password…"
        case .passwordNotGiven(let name): "Not opened: \(name) needs its password"
        case .encrypted(let name): "\(name) is encrypted"
        case .wrongPassword(let left): "Wrong password, try again (\(left) \(left == 1 ? "try" : "tries") left)"
        case .unboundKey(let key): keymap.unboundMessage(for: key, help: .own(.help))
        case .readerNotice(let text): text
        }
    }
}
