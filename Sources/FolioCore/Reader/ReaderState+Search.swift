/// Searching: `/` and Ctrl-R open the prompt, `n` and `N` repeat. The current page is searched
/// here, from the lines on screen; the rest of the document is searched by the owner in the
/// background (``ReaderEffect/search(_:)``), which reports progress and the first page with a
/// match. Matches are highlighted wherever the pattern shows.
extension ReaderState {
    /// `n` (same direction as the last search) and `N` (the other way).
    mutating func repeatSearch(direction: SearchDirection) -> [ReaderEffect] {
        guard search.lastSearch != nil else {
            message = .noPreviousSearch
            return []
        }
        return startSearch(direction: direction, includingLinesOnScreen: false)
    }

    /// Esc while a search runs stops it.
    mutating func cancelSearch() -> [ReaderEffect] {
        guard let running = search.runningSearch else { return [] }
        search.runningSearch = nil
        message = .searchStopped(pattern: running.pattern.text)
        return [.cancelSearch]
    }

    /// Looks for the last pattern on the current page past the top line (forward) or above it
    /// (backward), then asks for a background search of the other pages.
    mutating func startSearch(direction: SearchDirection, includingLinesOnScreen: Bool) -> [ReaderEffect] {
        guard let pattern = search.lastSearch else { return [] }
        var effects: [ReaderEffect] = search.runningSearch == nil ? [] : [.cancelSearch]
        search.runningSearch = nil
        // The image view looks among the page's match boxes, once its text and image are here.
        let imageRows = images.viewMode == .image ? imageMatchRows() : nil
        let searchedHere = images.viewMode == .image ? imageRows != nil : currentLines != nil
        if let imageRows {
            if let index = matchingBox(in: imageRows, direction: direction, includingTop: includingLinesOnScreen) {
                show(boxAt: index, of: imageRows)
                setMatchMessage(wrapped: nil)
                return effects
            }
        } else if images.viewMode == .text, let lines = currentLines,
            let line = matchingLine(
                in: lines, pattern: pattern, direction: direction,
                includingTop: includingLinesOnScreen)
        {
            show(matchAt: line)
            setMatchMessage(wrapped: nil)
            return effects
        }
        let pageCount = paging.pageCount
        guard pageCount > 1 || !searchedHere else {
            message = .noMatch(pattern: pattern.text)
            return effects
        }
        let start: Int?
        switch direction {
        case .forward: start = searchedHere ? paging.pageAfter(currentPage) : currentPage
        case .backward: start = searchedHere ? paging.pageBefore(currentPage) : currentPage
        }
        let continuesFromMatch = !includingLinesOnScreen && search.currentMatch?.page == currentPage
        guard let start else {
            message =
                continuesFromMatch
                ? .lastMatch(pattern: pattern.text, direction: direction) : .noMoreMatches(direction: direction)
            return effects
        }
        // Bounded paging stops at the document's end; wrap-around paging goes all the way round.
        let remaining: Int
        if paging.mode == .wrapAround {
            remaining = pageCount
        } else {
            remaining = direction == .forward ? pageCount - start : start + 1
        }
        let request = SearchRequest(
            id: search.takeSearchID(), pattern: pattern, startPage: start, direction: direction, pageCount: remaining)
        search.runningSearch = RunningSearch(
            id: request.id, pattern: pattern, direction: direction, startPage: currentPage,
            continuesFromMatch: continuesFromMatch, total: remaining)
        effects.append(.search(request))
        return effects
    }

    /// The count of every match, once no search runs.
    mutating func startDeferredCount() -> [ReaderEffect] {
        guard let request = search.deferredCount else { return [] }
        search.deferredCount = nil
        return [.countMatches(request)]
    }

    mutating func searchFound(id: Int, page: Int) -> [ReaderEffect] {
        guard let running = search.runningSearch, running.id == id else { return [] }
        search.runningSearch = nil
        let effects = (page == currentPage ? [] : jump(to: page)) + startDeferredCount()
        pending.match = (page, running.direction)
        scrollToPendingMatch()
        let wrapped = running.direction == .forward ? page <= running.startPage : page >= running.startPage
        let wrappedDirection = wrapped ? running.direction : nil
        if let wrappedDirection {
            message = .foundAfterWrapping(pattern: running.pattern.text, page: page, direction: wrappedDirection)
        } else {
            message = .found(pattern: running.pattern.text, page: page)
        }
        if pending.match == nil {
            // Shown already: say where the match is.
            setMatchMessage(wrapped: wrappedDirection)
        } else {
            search.pendingMatchWrap = wrappedDirection
        }
        return effects
    }

    /// A batch of the background count: the totals grow, and a match message on screen says
    /// the new total.
    mutating func matchesCounted(id: Int, matches: [PageMatchCount], counted: Int, total: Int) {
        guard search.matchTally?.id == id else { return }
        search.matchTally?.add(matches, counted: counted, pageCount: total)
        if let shown = search.shownMatch, message == shown.notice {
            message = matchNotice(page: shown.page, line: shown.line, wrapped: shown.wrapped)
            search.shownMatch = message.map { (notice: $0, page: shown.page, line: shown.line, wrapped: shown.wrapped) }
        }
    }

    /// Says where the current match is among all of them (`match 3 of 17 (page 12)`), and that
    /// the search wrapped around an end to reach it when it did (`wrapped`, its direction).
    private mutating func setMatchMessage(wrapped: SearchDirection?) {
        guard let match = search.currentMatch, match.page == currentPage else { return }
        message = matchNotice(page: match.page, line: match.line, wrapped: wrapped)
        search.shownMatch = message.map { (notice: $0, page: match.page, line: match.line, wrapped: wrapped) }
    }

    private func matchNotice(page: Int, line: Int, wrapped: SearchDirection?) -> Notice? {
        guard let tally = search.matchTally, let pattern = search.lastSearch, tally.pattern == pattern,
            let lines = lines(of: page), line < lines.count
        else { return nil }
        let count: MatchCount
        if let before = tally.matches(before: page) {
            // In the image view, `line` is the match's place among the page's matches.
            let earlierOnPage =
                images.viewMode == .image
                ? line
                : pattern.shownMatches(in: lines.map(\.text), blocks: lines.map(\.block)).count { $0.line < line }
            // The count reads the page's text lines, the reader its laid-out lines: they can
            // disagree on a match the reflow view wraps differently, so the ordinal stays within
            // the count.
            let onPage = max(tally.matches(on: page), 1)
            let ordinal = before + min(earlierOnPage, onPage - 1) + 1
            let total = max(tally.total, ordinal)
            count = .placed(ordinal: ordinal, total: total, isComplete: tally.isComplete)
        } else {
            count = .counting(total: tally.total)
        }
        return .match(page: page, count: count, wrapped: wrapped)
    }

    /// Ctrl-C while a search runs stops it (as in less); the reader stays open. Returns nil
    /// when nothing was running, so that Ctrl-C quits as usual.
    public mutating func interruptWork() -> [ReaderEffect]? {
        guard search.runningSearch != nil else { return nil }
        return cancelSearch()
    }

    mutating func searchFailed(id: Int, reason: SearchFailure?) -> [ReaderEffect] {
        guard let running = search.runningSearch, running.id == id else { return [] }
        search.runningSearch = nil
        if let reason {
            message = .searchFailed(reason)
        } else if running.continuesFromMatch, paging.mode == .bounded {
            message = .lastMatch(pattern: running.pattern.text, direction: running.direction)
        } else if paging.mode == .wrapAround {
            message = .noMatch(pattern: running.pattern.text)
        } else {
            message = .noMatchToEnd(pattern: running.pattern.text, direction: running.direction)
        }
        return startDeferredCount()
    }

    /// Once the page a search found has its text, puts the first (or, searching backward, the
    /// last) matching line at the top of the screen.
    mutating func scrollToPendingMatch() {
        guard let match = pending.match, match.page == currentPage else { return }
        if images.viewMode == .image {
            // The first (or last) match box, once the page's text and image are both here.
            guard let rows = imageMatchRows() else { return }
            pending.match = nil
            if let index = match.direction == .forward ? rows.indices.first : rows.indices.last {
                show(boxAt: index, of: rows)
                setMatchMessage(wrapped: search.pendingMatchWrap)
            }
            search.pendingMatchWrap = nil
            return
        }
        guard let lines = currentLines, let pattern = search.lastSearch else { return }
        pending.match = nil
        let starts = pattern.shownMatches(in: lines.map(\.text), blocks: lines.map(\.block)).map(\.line)
        let line = match.direction == .forward ? starts.first : starts.last
        if let line {
            show(matchAt: line)
            setMatchMessage(wrapped: search.pendingMatchWrap)
        }
        search.pendingMatchWrap = nil
    }

    /// Scrolls the matching `line` of the current page to the top (as far as the page allows)
    /// and remembers it, so the next `n` starts after it even when it could not reach the top.
    private mutating func show(matchAt line: Int) {
        guard images.viewMode == .text else { return }
        viewport.topLine = min(line, maximumTopLine(of: currentPage))
        search.currentMatch = (currentPage, line)
    }

    /// The image rows the current page's matches start on, one per match in the order the
    /// search and the count find them (block by block, line by line), so that `n` goes from
    /// match to match as the count numbers them, a match that runs on into the next line once;
    /// nil outside the image view and while the page's text or image is not here. (The image
    /// marks every line a match covers: see ``SearchPattern/matchBoxes(in:)``.)
    func imageMatchRows() -> [Int]? {
        guard images.viewMode == .image, let pattern = search.lastSearch, let text = cache.text(of: currentPage),
            text.height.isFinite, text.height > 0, let rows = contentHeight(of: currentPage)
        else { return nil }
        let matches =
            (try? pattern.pageMatches(in: text, until: .after(seconds: SearchPattern.onScreenTimeLimit))) ?? []
        // A glyph's box is the document's to say: a match whose top is not a number is left out.
        let cropBox = currentImageCropBox
        return matches.compactMap { match in
            (match.start.box ?? match.continuation?.box).flatMap {
                Self.imageRow(atPoint: $0.y0, of: text, rows: rows, cropBox: cropBox)
            }
        }
    }

    /// Scrolls the image so that match `index` (of the matches starting on `rows`) is near the
    /// top, and remembers it, so the next `n` goes to the match after it.
    private mutating func show(boxAt index: Int, of rows: [Int]) {
        viewport.topLine = min(max(rows[index] - 1, 0), maximumTopLine(of: currentPage))
        search.currentMatch = (currentPage, index)
    }

    /// The match to go to in the image view: the one after (or before) the match shown last,
    /// or the first (or last) in the page's order below (or above) the top row.
    private func matchingBox(in rows: [Int], direction: SearchDirection, includingTop: Bool) -> Int? {
        let boxHere = !includingTop && search.currentMatch?.page == currentPage ? search.currentMatch?.line : nil
        switch direction {
        case .forward:
            if let boxHere { return boxHere + 1 < rows.count ? boxHere + 1 : nil }
            let first = includingTop ? viewport.topLine : viewport.topLine + 1
            return rows.firstIndex { $0 >= first }
        case .backward:
            if let boxHere { return boxHere > 0 && boxHere <= rows.count ? boxHere - 1 : nil }
            let last = includingTop ? viewport.topLine : viewport.topLine - 1
            return rows.lastIndex { $0 <= last }
        }
    }

    private func matchingLine(
        in lines: [LaidOutLine], pattern: SearchPattern, direction: SearchDirection, includingTop: Bool
    ) -> Int? {
        let matchHere = !includingTop && search.currentMatch?.page == currentPage ? search.currentMatch?.line : nil
        // The lines a match starts on, one that runs on into the next line included.
        let starts = pattern.shownMatches(in: lines.map(\.text), blocks: lines.map(\.block)).map(\.line)
        switch direction {
        case .forward:
            let first = matchHere.map { $0 + 1 } ?? (includingTop ? viewport.topLine : viewport.topLine + 1)
            return starts.first { $0 >= first }
        case .backward:
            let last = matchHere.map { $0 - 1 } ?? (includingTop ? viewport.topLine : viewport.topLine - 1)
            return starts.last { $0 <= last }
        }
    }
}
