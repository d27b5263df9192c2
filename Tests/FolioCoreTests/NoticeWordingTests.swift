import Testing

@testable import FolioCore

/// The words each kind of notice reads as on the status line: the reader's tests assert the
/// notices, these the sentences users (and the end-to-end tests in tmux) read.
@Suite struct NoticeWordingTests {
    static let standard = KeyTables.standard.reader

    static let navigation: [(Notice, String)] = [
        (.lastPage, "Last page"),
        (.firstPage, "First page"),
        (.noPages, "This document has no pages"),
        (.noSuchPage(number: 999, pageCount: 36), "No page 999 (1–36)"),
        (.pageWraps(number: 40, page: 3), "Page 40 wraps to 4"),
        (.labelledPage(label: "iv", page: 3, pageCount: 11), "Page labelled iv: page 4 of 11"),
        (.notALabel(typed: "6", page: 5, pageCount: 11), "No page is labelled 6: page 6 of 11"),
        (.noPageNamed(typed: "1x", pageCount: 36), "No page '1x' (1–36)"),
        (.noPageLabelled(typed: "zz", labels: "i–iv, 1–3"), "No page labelled 'zz' (i–iv, 1–3)"),
        (.openedLastPage(number: 999, pageCount: 11), "No page 999: opened the last page, 11"),
        (.notInDocument(pageCount: 36), "That place is not in this document (pages 1–36)"),
        (.noEarlierPlace, "No earlier place in the jump history"),
        (.noLaterPlace, "No later place in the jump history"),
        (.sidewaysNeedsLayout, "Sideways scrolling needs page layout (L)"),
        (.wrapAround(on: true), "Wrap-around paging on"),
        (.wrapAround(on: false), "Wrap-around paging off"),
        (.layout(.physical), "Page layout"),
        (.layout(.reflow), "Reflowed text"),
        (.resumed(page: 11), "Page 12, where you left off (Home: first page)"),
    ]

    static let searching: [(Notice, String)] = [
        (.noPreviousSearch, "No previous search (/ searches)"),
        (.searchStopped(pattern: "zebra"), "Search for 'zebra' stopped"),
        (.noMatch(pattern: "zebra"), "No match for 'zebra'"),
        (
            .noMatchToEnd(pattern: "zebra", direction: .forward),
            "No match for 'zebra' from here to the end (w wraps around)"
        ),
        (
            .noMatchToEnd(pattern: "zebra", direction: .backward),
            "No match for 'zebra' from here to the start (w wraps around)"
        ),
        (.noMoreMatches(direction: .forward), "No more matches: last page"),
        (.noMoreMatches(direction: .backward), "No more matches: first page"),
        (.lastMatch(pattern: "zebra", direction: .forward), "Last match for 'zebra' (w wraps around)"),
        (.lastMatch(pattern: "zebra", direction: .backward), "First match for 'zebra' (w wraps around)"),
        (.found(pattern: "zebra", page: 7), "'zebra' found on page 8"),
        (
            .foundAfterWrapping(pattern: "zebra", page: 2, direction: .forward),
            "No more matches below (wrapping to the top): 'zebra' on page 3"
        ),
        (
            .foundAfterWrapping(pattern: "zebra", page: 30, direction: .backward),
            "No more matches above (wrapping to the bottom): 'zebra' on page 31"
        ),
        (
            .match(page: 0, count: .placed(ordinal: 1, total: 5, isComplete: false), wrapped: nil),
            "match 1 of 5+ (page 1)"
        ),
        (
            .match(page: 5, count: .placed(ordinal: 3, total: 5, isComplete: true), wrapped: nil),
            "match 3 of 5 (page 6)"
        ),
        (.match(page: 3, count: .counting(total: 0), wrapped: nil), "match (page 4), counting…"),
        (.match(page: 3, count: .counting(total: 12), wrapped: nil), "match (page 4), 12+ counted so far"),
        (
            .match(page: 2, count: .placed(ordinal: 1, total: 4, isComplete: true), wrapped: .forward),
            "No more matches below (wrapping to the top): match 1 of 4 (page 3)"
        ),
        (.searchFailed(.documentFailed(.timedOut(seconds: 5))), "Search stopped: gave up after 5 s"),
        (.searchFailed(.documentFailed(.timedOut(seconds: 2.5))), "Search stopped: gave up after 2.5 s"),
        (
            .searchFailed(.tooCostly(page: 2, seconds: 10)),
            "Search stopped: the pattern is too costly on page 3 (gave up after 10 s)"
        ),
        (.badPattern(pattern: "re:(", error: "not a regular expression"), "'re:(' is not a regular expression"),
    ]

    static let places: [(Notice, String)] = [
        (.clickFollowsLinks, "Links: a click on underlined words follows one; f shows hints"),
        (.noLinks(page: 2), "No links on page 3"),
        (.linkLeadsNowhere, "This link leads nowhere"),
        (.linkHasNoAddress(number: 2, page: 4), "Link 2 leads to page 5; there is no address to copy"),
        (.noLinkHint(typed: "zz"), "No link hint 'zz'"),
        (.loadingOutline, "Loading the outline…"),
        (.noOutline, "This document has no outline"),
        (.outlineFailed(.damaged(message: "bad outline")), "The outline could not be read: bad outline"),
        (.noOutlineEntry(filter: "INzzz"), "No entry matches 'INzzz'"),
        (.outlineEntryLeadsNowhere(title: "Lost"), "'Lost' points nowhere in the document"),
        (.markPrompt(.set), "Mark: type a letter"),
        (.markPrompt(.jump), "Go to mark: type its letter (' back, ? lists)"),
        (.marks([]), "No marks yet (m and a letter sets one)"),
        (
            .marks([
                Mark(letter: "C", page: 4, topLine: 0, document: "/home/ada/other.pdf"),
                Mark(letter: "b", page: 20, topLine: 3),
            ]), "Marks: C other.pdf 5, b 21"
        ),
        (.notAMarkLetter, "Marks are letters: a–z in this document, A–Z in any"),
        (.markSet(letter: "a", page: 11), "Mark a set on page 12"),
        (.noMark(letter: "z"), "No mark z (m and a letter sets one)"),
        (.atMark(letter: "a", page: 11), "Mark a: page 12"),
        (.atMarkedPage(page: 4), "Page 5, where the mark was set"),
        (
            .markedDocumentLocked(name: "secret.pdf"),
            "secret.pdf is encrypted: open it from the browser (F) to give its password"
        ),
        (.markedDocumentFailed(path: "/gone.pdf", reason: "No such file"), "Could not open /gone.pdf: No such file"),
        (.markNotSaved(letter: "A", reason: "disk full"), "Could not save mark A: disk full"),
    ]

    static let copyingAndImages: [(Notice, String)] = [
        (.pageNotLoaded(page: 0), "Page 1 is not loaded yet"),
        (.copyingDocument(pageCount: 36), "Copying the text of 36 pages…"),
        (.copyProgress(done: 12, pageCount: 36), "Copying… 12/36 pages"),
        (.documentNotCopied(.outOfMemory), "Could not copy the document: out of memory"),
        (.selectionNeedsText, "Lines are chosen in the text view (Tab)"),
        (.nothingToSelect, "Nothing to select on this page"),
        (.pasteNeedsPrompt, "Pasted text goes into a prompt (/ searches)"),
        (.noImageView(reason: "tmux cannot"), "No image view: tmux cannot"),
        (.fitNeedsImages, "z sizes page images: Tab shows them"),
        (.zoomNeedsImages, "+ and - zoom page images: Tab shows them"),
        (.fit(.width), "Fit width"),
        (.fit(.page), "Fit page"),
        (.zoomLimit(largest: true), "Largest zoom"),
        (.zoomLimit(largest: false), "Smallest zoom"),
        (.zoom(percent: 125), "Zoom 125%"),
        (.inverted(true), "Inverted colours"),
        (.inverted(false), "Normal colours"),
    ]

    static let files: [(Notice, String)] = [
        (.reloading(fileName: "paper.pdf"), "Reloading paper.pdf…"),
        (.reloaded(pageCount: 1), "Reloaded: 1 page"),
        (.reloaded(pageCount: 36), "Reloaded: 36 pages"),
        (.fileGone(name: "paper.pdf"), "paper.pdf is gone; the open copy stays (it reloads when the file is back)"),
        (.fileNeedsPassword(name: "paper.pdf"), "paper.pdf changed and now needs a password; the open copy stays"),
        (
            .notReloaded(name: "paper.pdf", reason: "it was still being written"),
            "Could not reload paper.pdf: it was still being written; the open copy stays"
        ),
        (.positionNotSaved(reason: "read-only"), "Could not save the reading position: read-only"),
        (.searchHistoryNotSaved(reason: "read-only"), "Could not save the search history: read-only"),
        (.unboundKey(.character("x")), "x is not a key here (? for help)"),
        (.unboundKey(.function(7)), "F7 is not a key here (? for help)"),
        (
            .copied(
                CopyOutcome(
                    characters: 1234, description: "page 12", sentOSC52: true, tool: nil, osc52Enabled: true,
                    osc52Limit: 100_000)), "Copied 1,234 characters of page 12"
        ),
        (
            .copied(
                CopyOutcome(
                    characters: 1, description: "page 1", sentOSC52: true, tool: "xclip", osc52Enabled: true,
                    osc52Limit: 100_000)), "Copied 1 character of page 1 (terminal and xclip)"
        ),
        (
            .copied(
                CopyOutcome(
                    characters: 200_000, description: "the whole document (9 pages)", sentOSC52: false, tool: "xclip",
                    osc52Enabled: true, osc52Limit: 100_000)),
            "Copied 200,000 characters of the whole document (9 pages) with xclip (too large for the terminal clipboard)"
        ),
        (
            .copied(
                CopyOutcome(
                    characters: 2_000_000, description: "the whole document (9 pages)", sentOSC52: false, tool: nil,
                    osc52Enabled: true, osc52Limit: 100_000)),
            "Not copied: 2,000,000 characters of the whole document (9 pages) exceeds the terminal clipboard limit (100 kB) and no clipboard program is available"
        ),
        (
            .copied(
                CopyOutcome(
                    characters: 5, description: "page 1", sentOSC52: false, tool: nil, osc52Enabled: false,
                    osc52Limit: 100_000)),
            "Not copied: OSC 52 is turned off (set osc52) and no clipboard program took the text"
        ),
        (
            .configurationProblems(first: "~/.config/folio/config:4: invalid wrap 'tru' (true or false)", more: 0),
            "folio: ~/.config/folio/config:4: invalid wrap 'tru' (true or false)"
        ),
        (
            .configurationProblems(first: "~/.config/folio/config:6: unknown option 'colour'", more: 2),
            "folio: ~/.config/folio/config:6: unknown option 'colour' (and 2 more: folio --check-config)"
        ),
        (.tip(.turnOnTmuxPassthrough), "Sharper images: tmux set -g allow-passthrough on"),
    ]

    @Test(arguments: navigation + searching)
    func pagingAndSearchingNotices(notice: Notice, words: String) {
        #expect(NoticeText.words(for: notice, keymap: Self.standard) == words)
    }

    static let annotations: [(Notice, String)] = [
        (.loadingAnnotations, "Reading the annotations…"),
        (.noAnnotations, "No annotations in this document (v selects text to highlight)"),
        (.selectionLimit(pages: 3), "A selection runs over 3 pages at most"),
        (.highlighted(page: 2, pages: 1, withNote: false), "Highlighted on page 3 (u undoes)"),
        (.highlighted(page: 2, pages: 2, withNote: true), "Highlighted with a note on pages 3–4 (u undoes)"),
        (.noteSaved(page: 0), "Note saved on page 1 (u undoes)"),
        (.noteRemoved(page: 0), "Note taken away on page 1 (u undoes)"),
        (.annotationDeleted(kind: "underline", page: 4), "Deleted the underline on page 5 (u brings it back)"),
        (.annotationChangeUndone(page: 4, remaining: 2), "Undone on page 5 (2 more to undo)"),
        (.annotationChangeUndone(page: 4, remaining: 0), "Undone on page 5"),
        (.nothingToUndo, "No annotation change to undo"),
        (
            .annotationKept(kind: "ink"),
            "Folio deletes highlights, underlines, strike-outs and notes, not ink annotations (it could not bring them back)"
        ),
        (.annotationNotMade(reason: "no\u{1B}[2J space"), "Annotation not made: no\u{FFFD}[2J space"),
        (
            .annotationsNotSaved(reason: "the file is read-only"),
            "Annotations not saved yet: the file is read-only (kept in the journal, saved at the next change or opening)"
        ),
        (
            .annotationsKept(where: "in /d/x.json (the file is read-only)"),
            "Annotations are kept in /d/x.json (the file is read-only)"
        ),
        (
            .annotationsReapplied(fileName: "paper.pdf"),
            "paper.pdf was changed by another program: reloaded, your annotations made again on it"
        ),
        (
            .signatureCoversEarlierRevision,
            "This PDF is signed: its signature now covers the revision before your annotations"
        ),
        (.annotationsOff(reason: "cannot open"), "No annotations here: cannot open"),
    ]

    @Test(arguments: places + copyingAndImages + files + annotations)
    func otherNotices(notice: Notice, words: String) {
        #expect(NoticeText.words(for: notice, keymap: Self.standard) == words)
    }

    static let browser: [(BrowserNotice, String)] = [
        (.listing(path: "/home/ada/papers"), "Listing papers/…"),
        (.listing(path: "/"), "Listing /…"),
        (.atTopFolder, "Already at the top folder"),
        (.entryCount(listed: 1, hidden: 0, hiddenShown: false), "1 entry"),
        (.entryCount(listed: 12, hidden: 3, hiddenShown: false), "12 entries, 3 hidden"),
        (.entryCount(listed: 15, hidden: 3, hiddenShown: true), "15 entries, 3 hidden shown"),
        (.filterMatches(count: 4, filter: "pdf"), "4 entries match “pdf”"),
        (.filterMatches(count: 1, filter: "pdf"), "1 entry matches “pdf”"),
        (.filterMatches(count: 0, filter: "zz"), "No entries match “zz”"),
        (.cannotList(path: "/home/ada/papers", reason: "gone"), "Cannot list papers/: gone"),
        (
            .cannotOpenFolder(path: "/home/ada/drafts", reason: "permission denied"),
            "Cannot open drafts/: permission denied"
        ),
        (.cannotOpen(name: "a.pdf", reason: "damaged xref table"), "Cannot open a.pdf: damaged xref table"),
        (.opened(name: "a.pdf"), "Opened a.pdf"),
        (.noHiddenEntries(shown: true), "Hidden entries shown (none here)"),
        (.noHiddenEntries(shown: false), "Hidden entries not shown (none here)"),
        (.pasteGoesToFilter, "Pasted text goes into the filter (/)"),
        (.tryingPassword, "Trying the password…"),
        (.passwordNotGiven(name: "secret.pdf"), "Not opened: secret.pdf needs its password"),
        (.encrypted(name: "secret.pdf"), "secret.pdf is encrypted"),
        (.wrongPassword(triesLeft: 2), "Wrong password, try again (2 tries left)"),
        (.wrongPassword(triesLeft: 1), "Wrong password, try again (1 try left)"),
        (.unboundKey(.character("x")), "x is not a key here (? for help)"),
        (.readerNotice("folio: line 3: no such option"), "folio: line 3: no such option"),
    ]

    @Test(arguments: browser)
    func browserNotices(notice: BrowserNotice, words: String) {
        #expect(BrowserNoticeText.words(for: notice, keymap: KeyTables.standard.browser) == words)
    }

    @Test func keysAreNamedFromTheTableInUse() {
        let keymap = ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.function(3)], command: .searchForward, summary: "Search"),
            ReaderKeyBinding(keys: [.character("W")], command: .toggleWrap, summary: "Wrap"),
        ])
        #expect(NoticeText.words(for: .noPreviousSearch, keymap: keymap) == "No previous search (F3 searches)")
        #expect(
            NoticeText.words(for: .lastMatch(pattern: "a", direction: .forward), keymap: keymap)
                == "Last match for 'a' (W wraps around)")
        #expect(
            NoticeText.words(for: .unboundKey(.character("x")), keymap: keymap) == "x is not a key here",
            "no help key to name")
        #expect(
            NoticeText.words(for: .fitNeedsImages, keymap: keymap)
                == "cycle-image-fit sizes page images: toggle-view shows them",
            "a command with no key is named")
    }

    @Test func failuresKeepTheLibrarysWords() {
        #expect(NoticeText.words(for: .damaged(message: "bad xref")) == "bad xref")
        #expect(NoticeText.words(for: .other(message: "too large")) == "too large")
        #expect(NoticeText.words(for: .timedOut(seconds: 10)) == "gave up after 10 s")
        #expect(NoticeText.words(for: .outOfMemory) == "out of memory")
    }
}
