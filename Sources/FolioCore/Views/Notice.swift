/// A one-shot note for the reader's status line, as a value: what happened, with what it is
/// about. ``NoticeText`` puts it into words, in one place, naming the keys of the reader's
/// current key table. Pages are 0-based here, as everywhere in the state.
public enum Notice: Sendable, Equatable {
    // MARK: Paging and going to a page

    /// Paging forward stopped at the last page.
    case lastPage
    /// Paging back stopped at the first page.
    case firstPage
    /// The document has no pages to go to.
    case noPages
    /// No page has the 1-based `number` typed.
    case noSuchPage(number: Int, pageCount: Int)
    /// The 1-based `number` typed is past the end; wrap-around paging took it to `page`.
    case pageWraps(number: Int, page: Int)
    /// `label` is the printed label of `page`, which is not its number.
    case labelledPage(label: String, page: Int, pageCount: Int)
    /// No page is labelled `typed`; the page with that number is `page`.
    case notALabel(typed: String, page: Int, pageCount: Int)
    /// `typed` names no page of a document whose pages have no labels.
    case noPageNamed(typed: String, pageCount: Int)
    /// `typed` names no page; `labels` summarises the labels the document has (`i–iv, 1–3`).
    case noPageLabelled(typed: String, labels: String)
    /// The page `number` asked for on the command line is past the end: the last page opened.
    case openedLastPage(number: Int, pageCount: Int)
    /// A place an outline entry, link or mark pointed to is not in the document.
    case notInDocument(pageCount: Int)
    /// The jump history has nothing further back.
    case noEarlierPlace
    /// The jump history has nothing further forward.
    case noLaterPlace
    /// Sideways scrolling was asked for in the reflowed text view.
    case sidewaysNeedsLayout
    /// Wrap-around paging was turned on or off.
    case wrapAround(on: Bool)
    /// The text view changed to `layout`.
    case layout(LayoutMode)
    /// The document was opened again at `page`, where it was left.
    case resumed(page: Int)

    // MARK: Searching

    /// `n` or `N` with no search before.
    case noPreviousSearch
    /// The search for `pattern` was stopped by the user.
    case searchStopped(pattern: String)
    /// The document has no match for `pattern` (searched everywhere it could be).
    case noMatch(pattern: String)
    /// No match from here to the end the search was going towards (paging stops at the ends).
    case noMatchToEnd(pattern: String, direction: SearchDirection)
    /// The search started at the last page (forward) or the first (backward): nothing is left.
    case noMoreMatches(direction: SearchDirection)
    /// `n` at the last match, or `N` at the first, when paging stops at the ends.
    case lastMatch(pattern: String, direction: SearchDirection)
    /// The background search found `pattern` on `page`.
    case found(pattern: String, page: Int)
    /// The background search went past the end it was heading for and found `pattern` on `page`.
    case foundAfterWrapping(pattern: String, page: Int, direction: SearchDirection)
    /// Where the match on screen is among all of them; `wrapped` is the direction of a search
    /// that went round the end to reach it.
    case match(page: Int, count: MatchCount, wrapped: SearchDirection?)
    /// The background search stopped before the end: the document could not be searched, or
    /// the pattern was too costly on a page.
    case searchFailed(SearchFailure)
    /// The pattern typed is not a regular expression: `error` says why ("an unclosed group").
    case badPattern(pattern: String, error: String)

    // MARK: Links, outline, marks

    /// A click in page images, which show no link marks.
    case clickFollowsLinks
    /// `page` has no links to list or hint.
    case noLinks(page: Int)
    /// The link chosen has neither a page nor an address.
    case linkLeadsNowhere
    /// Link `number` (1-based) of the list leads to `page`, and has no address to copy.
    case linkHasNoAddress(number: Int, page: Int)
    /// The hint typed starts no hint on screen.
    case noLinkHint(typed: String)
    /// The outline is being read.
    case loadingOutline
    /// The document has no outline.
    case noOutline
    /// The outline could not be read.
    case outlineFailed(DocumentFailure)
    /// The outline's filter matches no entry.
    case noOutlineEntry(filter: String)
    /// The outline entry `title` leads nowhere.
    case outlineEntryLeadsNowhere(title: String)
    /// A mark key (`m`, `'`) waits for its letter.
    case markPrompt(MarkKey)
    /// The marks this document can go to, in the order listed; empty when there are none.
    case marks([Mark])
    /// The key typed after a mark key is not a mark's letter.
    case notAMarkLetter
    /// Mark `letter` was set on `page`.
    case markSet(letter: Character, page: Int)
    /// There is no mark `letter`.
    case noMark(letter: Character)
    /// The reader went to mark `letter`, on `page`.
    case atMark(letter: Character, page: Int)
    /// A global mark opened its document at `page`, where the mark was set.
    case atMarkedPage(page: Int)
    /// A global mark's document, `name`, is encrypted: only the browser can ask its password.
    case markedDocumentLocked(name: String)
    /// A global mark's document at `path` could not be opened.
    case markedDocumentFailed(path: String, reason: String)
    /// Mark `letter` could not be saved.
    case markNotSaved(letter: Character, reason: String)

    // MARK: Copying and selecting

    /// The current page's text has not arrived, so there is nothing to copy yet.
    case pageNotLoaded(page: Int)
    /// The whole document's text (`pageCount` pages) is being gathered for the clipboard.
    case copyingDocument(pageCount: Int)
    /// `done` of `pageCount` pages of the document's text have been gathered.
    case copyProgress(done: Int, pageCount: Int)
    /// The document's text could not be gathered.
    case documentNotCopied(DocumentFailure)
    /// Line selection was asked for in page images.
    case selectionNeedsText
    /// The current page has no lines to select.
    case nothingToSelect
    /// Pasted text with no prompt open.
    case pasteNeedsPrompt

    // MARK: Page images

    /// The image view cannot be shown: `reason` says why.
    case noImageView(reason: String)
    /// The fit key was typed in the text view.
    case fitNeedsImages
    /// A zoom key was typed in the text view.
    case zoomNeedsImages
    /// Page images are now sized by `fit`.
    case fit(ImageFit)
    /// Page images now show as much of each page as `crop` says.
    case crop(PageCrop)
    /// Spreads (`d`: facing pages side by side) are now on or off; `inImageView` is false when
    /// the key was typed in the text view, which they do not change.
    case spreads(on: Bool, inImageView: Bool)
    /// Continuous scrolling (`s`) is now on or off; `inImageView` is false when the key was
    /// typed in the text view, which it does not change.
    case continuous(on: Bool, inImageView: Bool)
    /// The zoom is already at its largest (`largest`) or its smallest.
    case zoomLimit(largest: Bool)
    /// The zoom is now `percent` %.
    case zoom(percent: Int)
    /// Page images are now drawn with inverted colours, or normal ones.
    case inverted(Bool)
    /// Dark mode that keeps colour is now on, or off.
    case recolored(Bool)

    // MARK: The document's file and the reader's own files

    /// The reader is reopening `fileName` from its changed file.
    case reloading(fileName: String)
    /// The document was reopened from its changed file and has `pageCount` pages.
    case reloaded(pageCount: Int)
    /// The file `name` is gone; the open copy stays.
    case fileGone(name: String)
    /// The file `name` changed and now needs a password; the open copy stays.
    case fileNeedsPassword(name: String)
    /// The file `name` changed but could not be reopened: `reason` says why.
    case notReloaded(name: String, reason: String)
    /// The reading position could not be saved.
    case positionNotSaved(reason: String)
    /// The search history could not be saved.
    case searchHistoryNotSaved(reason: String)

    // MARK: Annotations

    /// The annotation list is being read.
    case loadingAnnotations
    /// The document has no annotations to list.
    case noAnnotations
    /// A text selection cannot run over more than `pages` pages.
    case selectionLimit(pages: Int)
    /// The selection was highlighted: from `page`, over `pages` pages, with a note or not.
    case highlighted(page: Int, pages: Int, withNote: Bool)
    /// An annotation's note on `page` was saved.
    case noteSaved(page: Int)
    /// An annotation's note on `page` was taken away.
    case noteRemoved(page: Int)
    /// An annotation of kind `kind` (its export name) on `page` was deleted.
    case annotationDeleted(kind: String, page: Int)
    /// The last annotation change (on `page`) was undone; `remaining` more can be.
    case annotationChangeUndone(page: Int, remaining: Int)
    /// `u` with no annotation change left to undo.
    case nothingToUndo
    /// An annotation of kind `kind` (its export name) is not deleted: Folio could not make it
    /// again for `u`.
    case annotationKept(kind: String)
    /// An annotation change was not made: `reason` says why.
    case annotationNotMade(reason: String)
    /// Annotation changes are kept in the journal but could not be saved: `reason` says why.
    case annotationsNotSaved(reason: String)
    /// Where annotations are kept, when not in the PDF, and why (said at the first change).
    case annotationsKept(where: String)
    /// The file `fileName` was changed by another program: reloaded, the annotations made
    /// again on it.
    case annotationsReapplied(fileName: String)
    /// The PDF is signed: its signature covers the revision before the annotations.
    case signatureCoversEarlierRevision
    /// Annotations cannot be made in this document: `reason` says why.
    case annotationsOff(reason: String)

    // MARK: SyncTeX and remote control

    /// Inverse search opened line `line` of `file` (as the user would name it) in the editor.
    case sourceOpened(file: String, line: Int)
    /// Inverse search found line `line` of `file`, and no editor is set to open it in.
    case sourceFound(file: String, line: Int)
    /// Inverse search found no source: `reason` says why.
    case sourceNotFound(reason: String)
    /// The editor command did not open the source: `reason` says why (its status, its message).
    case editorFailed(reason: String)
    /// A forward search (from an editor, through the remote-control socket) shows line `line`
    /// of `file`.
    case forwardSearch(file: String, line: Int)
    /// A forward search found no place: `reason` says why.
    case forwardSearchFailed(reason: String)

    // MARK: Keys and words from outside

    /// `key` runs nothing in the reader's key table.
    case unboundKey(Key)
    /// The text was copied, or could not be: ``CopyOutcome`` says which ways it went.
    case copied(CopyOutcome)
    /// The configuration file has problems: the first, as `folio --check-config` words it
    /// (`CONFIG:LINE: reason`), and how many more there are.
    case configurationProblems(first: String, more: Int)
    /// How to get sharper images, shown once every other message waiting has been seen.
    case tip(GraphicsAdvice)

    /// How the notice ranks among those waiting to be shown (``SessionMessages``).
    public var priority: NoticePriority {
        if case .tip = self { .tip } else { .normal }
    }

    /// Whether the notice is kept in the session's messages (``ReaderState/sessionMessages``):
    /// every one but prompts, progress, the keys that run nothing, where a match is among all of
    /// them (rewritten as the count goes on, and at every `n`) and the settings a key just
    /// changed (zoom, fit, crop, spreads, layout, wrap-around, inverted colours: the status line and the page
    /// show them), so a long session keeps what happened, not every step.
    var isWorthKeeping: Bool {
        switch self {
        case .markPrompt, .loadingOutline, .loadingAnnotations, .copyingDocument, .copyProgress, .reloading,
            .unboundKey:
            false
        case .match, .zoom, .zoomLimit, .fit, .crop, .spreads, .layout, .wrapAround, .inverted, .recolored: false
        default: true
        }
    }
}

/// How much a message matters beside others waiting: the important one is shown first, the
/// next key shows the next.
public enum NoticePriority: Int, Sendable, Comparable {
    /// Advice, for when nothing else is waiting.
    case tip
    /// What happened: where reading starts, what the configuration got wrong, …
    case normal

    /// Whether `lhs` matters less than `rhs`.
    public static func < (lhs: NoticePriority, rhs: NoticePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How far the count of a search's matches has got, for the match on screen.
public enum MatchCount: Sendable, Equatable {
    /// The match is the `ordinal`th of `total` (`isComplete` false while the count goes on).
    case placed(ordinal: Int, total: Int, isComplete: Bool)
    /// The count has not yet reached the match's page: `total` found so far.
    case counting(total: Int)
}
