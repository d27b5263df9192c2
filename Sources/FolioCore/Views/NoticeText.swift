/// Puts the reader's notices into words: the one place that says what each ``Notice`` reads
/// like on the status line. Notices that name a key name the first key bound to the command
/// in `keymap` (the command's own name when none is), so a remapped key is named right.
public enum NoticeText {
    /// What the status line says for `notice`, naming keys of `keymap`.
    public static func words(for notice: Notice, keymap: ReaderKeymap) -> String {
        // Every case is listed here, so a new notice cannot be left without words; each group
        // words its own cases.
        switch notice {
        case .lastPage, .firstPage, .noPages, .noSuchPage, .pageWraps, .labelledPage, .notALabel, .noPageNamed,
            .noPageLabelled, .openedLastPage, .notInDocument, .noEarlierPlace, .noLaterPlace, .sidewaysNeedsLayout,
            .wrapAround, .layout, .resumed:
            return navigationWords(for: notice, keymap: keymap)
        case .noPreviousSearch, .searchStopped, .noMatch, .noMatchToEnd, .noMoreMatches, .lastMatch, .found,
            .foundAfterWrapping, .match, .searchFailed, .badPattern:
            return searchWords(for: notice, keymap: keymap)
        case .clickFollowsLinks, .noLinks, .linkLeadsNowhere, .linkHasNoAddress, .noLinkHint, .loadingOutline,
            .noOutline, .outlineFailed, .noOutlineEntry, .outlineEntryLeadsNowhere, .markPrompt, .marks,
            .notAMarkLetter, .markSet, .noMark, .atMark, .atMarkedPage, .markedDocumentLocked, .markedDocumentFailed,
            .markNotSaved:
            return placeWords(for: notice, keymap: keymap)
        case .pageNotLoaded, .copyingDocument, .copyProgress, .documentNotCopied, .selectionNeedsText,
            .nothingToSelect, .pasteNeedsPrompt, .noImageView, .fitNeedsImages, .zoomNeedsImages, .fit, .crop,
            .spreads, .continuous, .zoomLimit, .zoom, .inverted, .recolored:
            return copyAndImageWords(for: notice, keymap: keymap)
        case .loadingAnnotations, .noAnnotations, .selectionLimit, .highlighted, .noteSaved, .noteRemoved,
            .annotationDeleted,
            .annotationChangeUndone, .nothingToUndo, .annotationKept, .annotationNotMade, .annotationsNotSaved,
            .annotationsKept,
            .annotationsReapplied, .signatureCoversEarlierRevision, .annotationsOff:
            return annotationWords(for: notice, keymap: keymap)
        case .sourceOpened, .sourceFound, .sourceNotFound, .editorFailed, .forwardSearch, .forwardSearchFailed:
            return syncTeXWords(for: notice)
        case .reloading, .reloaded, .fileGone, .fileNeedsPassword, .notReloaded, .positionNotSaved,
            .searchHistoryNotSaved, .unboundKey, .copied, .configurationProblems, .tip:
            return fileWords(for: notice, keymap: keymap)
        }
    }

    /// What the reader says of `failure` after a colon ("Search stopped: gave up after 5 s").
    public static func words(for failure: DocumentFailure) -> String {
        switch failure {
        case .timedOut(let seconds): return "gave up after \(shownSeconds(seconds)) s"
        case .damaged(let message), .other(let message): return message
        case .outOfMemory: return "out of memory"
        }
    }

    /// `5` for five seconds, `2.5` for two and a half.
    private static func shownSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    private static func navigationWords(for notice: Notice, keymap: ReaderKeymap) -> String {
        switch notice {
        case .lastPage: "Last page"
        case .firstPage: "First page"
        case .noPages: "This document has no pages"
        case .noSuchPage(let number, let pageCount): "No page \(number) (1–\(pageCount))"
        case .pageWraps(let number, let page): "Page \(number) wraps to \(page + 1)"
        case .labelledPage(let label, let page, let pageCount):
            "Page labelled \(label): page \(page + 1) of \(pageCount)"
        case .notALabel(let typed, let page, let pageCount):
            "No page is labelled \(typed): page \(page + 1) of \(pageCount)"
        case .noPageNamed(let typed, let pageCount): "No page '\(typed)' (1–\(pageCount))"
        case .noPageLabelled(let typed, let labels): "No page labelled '\(typed)' (\(labels))"
        case .openedLastPage(let number, let pageCount): "No page \(number): opened the last page, \(pageCount)"
        case .notInDocument(let pageCount): "That place is not in this document (pages 1–\(pageCount))"
        case .noEarlierPlace: "No earlier place in the jump history"
        case .noLaterPlace: "No later place in the jump history"
        case .sidewaysNeedsLayout: "Sideways scrolling needs page layout (L)"
        case .wrapAround(let on): on ? "Wrap-around paging on" : "Wrap-around paging off"
        case .layout(let layout): layout == .physical ? "Page layout" : "Reflowed text"
        case .resumed(let page):
            "Page \(page + 1), where you left off (\(keymap.keyName(for: .firstPage)): first page)"
        // The cases ``words(for:keymap:)`` hands elsewhere (NoticeWordingTests words each one).
        default: String(describing: notice)
        }
    }

    private static func searchWords(for notice: Notice, keymap: ReaderKeymap) -> String {
        switch notice {
        case .noPreviousSearch: "No previous search (\(keymap.keyName(for: .searchForward)) searches)"
        case .searchStopped(let pattern): "Search for '\(pattern)' stopped"
        case .noMatch(let pattern): "No match for '\(pattern)'"
        case .noMatchToEnd(let pattern, let direction):
            "No match for '\(pattern)' from here to \(direction == .forward ? "the end" : "the start") "
                + "(\(keymap.keyName(for: .toggleWrap)) wraps around)"
        case .noMoreMatches(let direction):
            direction == .forward ? "No more matches: last page" : "No more matches: first page"
        case .lastMatch(let pattern, let direction):
            "\(direction == .forward ? "Last match" : "First match") for '\(pattern)' "
                + "(\(keymap.keyName(for: .toggleWrap)) wraps around)"
        case .found(let pattern, let page): "'\(pattern)' found on page \(page + 1)"
        case .foundAfterWrapping(let pattern, let page, let direction):
            "\(wrapNote(direction)): '\(pattern)' on page \(page + 1)"
        case .match(let page, let count, let wrapped):
            (wrapped.map { wrapNote($0) + ": " } ?? "") + matchWords(page: page, count: count)
        case .searchFailed(.documentFailed(let failure)): "Search stopped: \(words(for: failure))"
        case .searchFailed(.tooCostly(let page, let seconds)):
            "Search stopped: the pattern is too costly on page \(page + 1) (gave up after \(shownSeconds(seconds)) s)"
        case .badPattern(let pattern, let error): "'\(pattern)' is " + error
        // The cases ``words(for:keymap:)`` hands elsewhere (NoticeWordingTests words each one).
        default: String(describing: notice)
        }
    }

    /// What is said before a match a search wrapped around the end to reach.
    private static func wrapNote(_ direction: SearchDirection) -> String {
        direction == .forward
            ? "No more matches below (wrapping to the top)" : "No more matches above (wrapping to the bottom)"
    }

    /// `match 3 of 17 (page 12)`, with `+` after the total while the count goes on.
    private static func matchWords(page: Int, count: MatchCount) -> String {
        let place = "(page \(page + 1))"
        switch count {
        case .placed(let ordinal, let total, let isComplete):
            return "match \(ordinal) of \(total)\(isComplete ? "" : "+") \(place)"
        case .counting(let total):
            return total == 0 ? "match \(place), counting…" : "match \(place), \(total)+ counted so far"
        }
    }

    private static func placeWords(for notice: Notice, keymap: ReaderKeymap) -> String {
        switch notice {
        case .clickFollowsLinks:
            "Links: a click on underlined words follows one; \(keymap.keyName(for: .showLinks)) shows hints"
        case .noLinks(let page): "No links on page \(page + 1)"
        case .linkLeadsNowhere: "This link leads nowhere"
        case .linkHasNoAddress(let number, let page):
            "Link \(number) leads to page \(page + 1); there is no address to copy"
        case .noLinkHint(let typed): "No link hint '\(typed)'"
        case .loadingOutline: "Loading the outline…"
        case .noOutline: "This document has no outline"
        case .outlineFailed(let failure): "The outline could not be read: \(words(for: failure))"
        case .noOutlineEntry(let filter): "No entry matches '\(filter)'"
        case .outlineEntryLeadsNowhere(let title): "'\(title)' points nowhere in the document"
        case .markPrompt(let action):
            action == .set ? "Mark: type a letter" : "Go to mark: type its letter (' back, ? lists)"
        case .marks(let marks):
            marks.isEmpty
                ? "No marks yet (m and a letter sets one)" : "Marks: " + marks.map(markWords).joined(separator: ", ")
        case .notAMarkLetter: "Marks are letters: a–z in this document, A–Z in any"
        case .markSet(let letter, let page): "Mark \(letter) set on page \(page + 1)"
        case .noMark(let letter): "No mark \(letter) (\(keymap.keyName(for: .setMark)) and a letter sets one)"
        case .atMark(let letter, let page): "Mark \(letter): page \(page + 1)"
        case .atMarkedPage(let page): "Page \(page + 1), where the mark was set"
        case .markedDocumentLocked(let name):
            TerminalSafeText.sanitized(
                "\(name) is encrypted: open it from the browser (\(keymap.keyName(for: .openBrowser))) "
                    + "to give its password")
        case .markedDocumentFailed(let path, let reason):
            TerminalSafeText.sanitized("Could not open \(path): \(reason)")
        case .markNotSaved(let letter, let reason): "Could not save mark \(letter): \(reason)"
        // The cases ``words(for:keymap:)`` hands elsewhere (NoticeWordingTests words each one).
        default: String(describing: notice)
        }
    }

    /// A mark as the list of marks names it: `a 12`, `C other.pdf 3` (a global mark's file name).
    private static func markWords(_ mark: Mark) -> String {
        let place = mark.document.map { ($0.split(separator: "/").last.map(String.init) ?? $0) + " " } ?? ""
        return "\(mark.letter) \(place)\(mark.page + 1)"
    }

    private static func copyAndImageWords(for notice: Notice, keymap: ReaderKeymap) -> String {
        switch notice {
        case .pageNotLoaded(let page): "Page \(page + 1) is not loaded yet"
        case .copyingDocument(let pageCount): "Copying the text of \(pageCount) pages…"
        case .copyProgress(let done, let pageCount): "Copying… \(done)/\(pageCount) pages"
        case .documentNotCopied(let failure): "Could not copy the document: \(words(for: failure))"
        case .selectionNeedsText: "Lines are chosen in the text view (\(keymap.keyName(for: .toggleView)))"
        case .nothingToSelect: "Nothing to select on this page"
        case .pasteNeedsPrompt: "Pasted text goes into a prompt (\(keymap.keyName(for: .searchForward)) searches)"
        case .noImageView(let reason): "No image view: \(reason)"
        case .fitNeedsImages:
            "\(keymap.keyName(for: .cycleImageFit)) sizes page images: \(keymap.keyName(for: .toggleView)) shows them"
        case .zoomNeedsImages:
            "\(keymap.keyName(for: .zoomIn)) and \(keymap.keyName(for: .zoomOut)) zoom page images: "
                + "\(keymap.keyName(for: .toggleView)) shows them"
        case .fit(.width): "Fit width"
        case .fit(.page): "Fit page"
        case .fit(.height): "Fit height"
        case .crop(.off): "Crop: off (whole pages)"
        case .crop(.auto): "Crop: auto (each page to its content)"
        case .crop(.evenOdd): "Crop: even-odd (facing pages to one box)"
        case .spreads(let on, inImageView: true): on ? "Spreads: facing pages side by side" : "Spreads off: one page"
        case .spreads(let on, inImageView: false):
            "Spreads \(on ? "on" : "off"): they show in the image view (\(keymap.keyName(for: .toggleView)))"
        case .continuous(let on, inImageView: true):
            on ? "Continuous: pages scroll on into the next" : "Continuous off: a page at a time"
        case .continuous(let on, inImageView: false):
            "Continuous scrolling \(on ? "on" : "off"): it shows in the image view (\(keymap.keyName(for: .toggleView)))"
        case .zoomLimit(let largest): largest ? "Largest zoom" : "Smallest zoom"
        case .zoom(let percent): "Zoom \(percent)%"
        case .inverted(let inverted): inverted ? "Inverted colours" : "Normal colours"
        case .recolored(let recolored): recolored ? "Dark mode, colours kept" : "Normal colours"
        // The cases ``words(for:keymap:)`` hands elsewhere (NoticeWordingTests words each one).
        default: String(describing: notice)
        }
    }

    private static func annotationWords(for notice: Notice, keymap: ReaderKeymap) -> String {
        let undo = keymap.keyName(for: .undoAnnotation)
        switch notice {
        case .loadingAnnotations: return "Reading the annotations…"
        case .noAnnotations:
            return "No annotations in this document (\(keymap.keyName(for: .selectText)) selects text to highlight)"
        case .selectionLimit(let pages): return "A selection runs over \(pages) pages at most"
        case .highlighted(let page, let pages, let withNote):
            let place = pages == 1 ? "on page \(page + 1)" : "on pages \(page + 1)–\(page + pages)"
            return (withNote ? "Highlighted with a note " : "Highlighted ") + place + " (\(undo) undoes)"
        case .noteSaved(let page): return "Note saved on page \(page + 1) (\(undo) undoes)"
        case .noteRemoved(let page): return "Note taken away on page \(page + 1) (\(undo) undoes)"
        case .annotationDeleted(let kind, let page):
            return "Deleted the \(kind) on page \(page + 1) (\(undo) brings it back)"
        case .annotationChangeUndone(let page, let remaining):
            return "Undone on page \(page + 1)" + (remaining > 0 ? " (\(remaining) more to undo)" : "")
        case .nothingToUndo: return "No annotation change to undo"
        case .annotationKept(let kind):
            return
                "Folio deletes highlights, underlines, strike-outs and notes, not \(TerminalSafeText.sanitized(kind)) annotations (it could not bring them back)"
        case .annotationNotMade(let reason): return "Annotation not made: \(TerminalSafeText.sanitized(reason))"
        case .annotationsNotSaved(let reason):
            return
                "Annotations not saved yet: \(TerminalSafeText.sanitized(reason)) (kept in the journal, saved at the next change or opening)"
        case .annotationsKept(let place): return "Annotations are kept \(TerminalSafeText.sanitized(place))"
        case .annotationsReapplied(let fileName):
            return
                "\(TerminalSafeText.sanitized(fileName)) was changed by another program: reloaded, your annotations made again on it"
        case .signatureCoversEarlierRevision:
            return "This PDF is signed: its signature now covers the revision before your annotations"
        case .annotationsOff(let reason): return "No annotations here: \(TerminalSafeText.sanitized(reason))"
        // The cases ``words(for:keymap:)`` hands elsewhere (NoticeWordingTests words each one).
        default: return String(describing: notice)
        }
    }

    private static func syncTeXWords(for notice: Notice) -> String {
        switch notice {
        case .sourceOpened(let file, let line): "Opened \(TerminalSafeText.sanitized(file)):\(line) in the editor"
        case .sourceFound(let file, let line):
            "Source: \(TerminalSafeText.sanitized(file)):\(line) (set synctex-editor to open it in your editor)"
        case .sourceNotFound(let reason): "No source found: \(TerminalSafeText.sanitized(reason))"
        case .editorFailed(let reason): "The editor did not open the source: \(TerminalSafeText.sanitized(reason))"
        case .forwardSearch(let file, let line): "From \(TerminalSafeText.sanitized(file)):\(line)"
        case .forwardSearchFailed(let reason): "Forward search: \(TerminalSafeText.sanitized(reason))"
        // The cases ``words(for:keymap:)`` hands elsewhere (NoticeWordingTests words each one).
        default: String(describing: notice)
        }
    }

    private static func fileWords(for notice: Notice, keymap: ReaderKeymap) -> String {
        switch notice {
        case .reloading(let fileName): "Reloading \(fileName)…"
        case .reloaded(let pageCount): "Reloaded: \(pageCount) page\(pageCount == 1 ? "" : "s")"
        case .fileGone(let name): "\(name) is gone; the open copy stays (it reloads when the file is back)"
        case .fileNeedsPassword(let name): "\(name) changed and now needs a password; the open copy stays"
        case .notReloaded(let name, let reason):
            "Could not reload \(name): \(TerminalSafeText.sanitized(reason)); the open copy stays"
        case .positionNotSaved(let reason): "Could not save the reading position: \(reason)"
        case .searchHistoryNotSaved(let reason): "Could not save the search history: \(reason)"
        case .unboundKey(let key): keymap.unboundMessage(for: key, help: .help)
        case .copied(let outcome): words(for: outcome)
        case .configurationProblems(let first, let more):
            "folio: \(first)" + (more > 0 ? " (and \(more) more: folio --check-config)" : "")
        case .tip(.turnOnTmuxPassthrough): "Sharper images: tmux set -g allow-passthrough on"
        // The cases ``words(for:keymap:)`` hands elsewhere (NoticeWordingTests words each one).
        default: String(describing: notice)
        }
    }

    /// What the status line says of a copy: how much of what went where, or why nothing did.
    static func words(for outcome: CopyOutcome) -> String {
        let count = outcome.characters
        let amount = "\(grouped(count)) character\(count == 1 ? "" : "s") of \(outcome.description)"
        if !outcome.osc52Enabled {
            return outcome.tool.map { "Copied \(amount) with \($0)" }
                ?? "Not copied: OSC 52 is turned off (set osc52) and no clipboard program took the text"
        }
        switch (outcome.sentOSC52, outcome.tool) {
        case (true, nil): return "Copied \(amount)"
        case (true, let tool?): return "Copied \(amount) (terminal and \(tool))"
        case (false, let tool?): return "Copied \(amount) with \(tool) (too large for the terminal clipboard)"
        case (false, nil):
            return
                "Not copied: \(amount) exceeds the terminal clipboard limit (\(outcome.osc52Limit / 1000) kB) and no clipboard program is available"
        }
    }

    /// `1234567` as "1,234,567".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
