/// Choosing text by character and word (`v`), to copy it or to highlight it: the selection's
/// table moves its cursor through the laid-out text, across page breaks, and `y`, `H` and `a`
/// use what is chosen.
extension ReaderState {
    /// Starts a selection: on the current search match when one is on screen, else on the first
    /// word on screen. A search still running stops: its match would take the reader away from
    /// the selection.
    mutating func startTextSelection() -> [ReaderEffect] {
        guard images.viewMode == .text else {
            message = .selectionNeedsText
            return []
        }
        guard let lines = currentLines, lines.contains(where: { !$0.text.isEmpty }) else {
            message = .nothingToSelect
            return []
        }
        let stop: [ReaderEffect] = search.runningSearch == nil ? [] : [.cancelSearch]
        search.runningSearch = nil
        if let match = shownMatchSelection(in: lines) {
            mode = .textSelection(match)
            return stop
        }
        let first = lines.indices.dropFirst(viewport.topLine).first { !lines[$0].text.isEmpty } ?? 0
        let line = lines[first].text
        let offset = Array(line).firstIndex { !$0.isWhitespace } ?? 0
        let point = TextSelection.Point(page: currentPage, line: first, character: offset)
        mode = .textSelection(TextSelection(anchor: point, cursor: textCursor.wordEnd(fromInside: point)))
        return stop
    }

    /// The current search match as a selection, when it is on the current page and on screen.
    private func shownMatchSelection(in lines: [LaidOutLine]) -> TextSelection? {
        guard let pattern = lastSearch, let match = search.currentMatch, match.page == currentPage,
            (viewport.topLine..<(viewport.topLine + textRows)).contains(match.line), match.line < lines.count,
            let range = pattern.matchRanges(in: lines[match.line].text).first, !range.isEmpty
        else { return nil }
        return TextSelection(
            anchor: TextSelection.Point(page: currentPage, line: match.line, character: range.lowerBound),
            cursor: TextSelection.Point(page: currentPage, line: match.line, character: range.upperBound - 1))
    }

    /// What moves the selection's cursor: the laid-out lines of the pages held, and the paging.
    var textCursor: TextCursor {
        let state = self
        return TextCursor(
            lines: { state.lines(of: $0) }, pageAfter: { state.paging.pageAfter($0) },
            pageBefore: { state.paging.pageBefore($0) })
    }

    /// Keys in the selection: digits type a count (`0` moves to the line's start unless a
    /// count is being typed), the table gives the rest.
    mutating func handleTextSelectionKey(_ key: Key, selection: TextSelection) -> [ReaderEffect] {
        var selection = selection
        if let digit = key.digitValue, digit > 0 || selection.count != nil {
            let typed = (selection.count ?? 0).multipliedReportingOverflow(by: 10)
            selection.count = typed.overflow ? selection.count : min(typed.partialValue + digit, 9999)
            mode = .textSelection(selection)
            return []
        }
        guard let command = keys.textSelection.command(for: key) else {
            selection.count = nil
            mode = .textSelection(selection)
            return []
        }
        return perform(command, on: selection)
    }

    /// Performs a text-selection command.
    mutating func perform(_ command: TextSelectionCommand, on selection: TextSelection) -> [ReaderEffect] {
        var selection = selection
        let count = selection.count
        selection.count = nil
        switch command {
        case .cancel:
            mode = .reading
            return []
        case .copy:
            mode = .reading
            return copy(selection)
        case .highlight:
            mode = .reading
            let colour = count.flatMap { AnnotationColour.presets[safe: $0 - 1]?.colour } ?? preferences.highlightColour
            return highlight(selection, colour: colour, note: "")
        case .addNote:
            mode = .reading
            guard let highlights = highlights(of: selection, colour: preferences.highlightColour) else { return [] }
            openNotePrompt(for: .highlights(highlights))
            return []
        case .searchForward:
            openSearchPrompt(.forward, extending: selection)
            return []
        case .inverseSearch:
            mode = .reading
            return findSource(of: selection.cursor)
        case .swapEnds:
            swap(&selection.anchor, &selection.cursor)
        default:
            for _ in 0..<min(count ?? 1, 1000) {
                let next = moved(selection.cursor, by: command)
                // The pages of a selection are held as long as it runs over no more than the
                // pages the reader keeps beside the current one.
                guard abs(next.page - selection.anchor.page) <= Self.windowRadius else {
                    message = .selectionLimit(pages: Self.windowRadius + 1)
                    break
                }
                selection.cursor = next
            }
        }
        mode = .textSelection(selection)
        return keepOnScreen(selection.cursor)
    }

    /// Where `command` takes the cursor at `point`.
    private func moved(_ point: TextSelection.Point, by command: TextSelectionCommand) -> TextSelection.Point {
        let cursor = textCursor
        switch command {
        case .left:
            return point.character > 0 ? cursor.before(point) ?? point : point
        case .right:
            let length = lines(of: point.page)?[safe: point.line]?.text.count ?? 0
            return point.character + 1 < length ? cursor.after(point) ?? point : point
        case .wordForward: return cursor.nextWordStart(from: point)
        case .wordBackward: return cursor.wordStart(from: point)
        case .wordEnd: return cursor.wordEnd(from: point)
        case .lineDown: return cursor.line(1, from: point) ?? point
        case .lineUp: return cursor.line(-1, from: point) ?? point
        case .lineStart: return cursor.lineEdge(of: point, atEnd: false)
        case .lineEnd: return cursor.lineEdge(of: point, atEnd: true)
        case .paragraphForward: return cursor.paragraphEnd(from: point)
        case .paragraphBackward: return cursor.paragraphStart(from: point)
        case .nextMatch, .previousMatch:
            guard let pattern = lastSearch else { return point }
            return cursor.match(of: pattern, from: point, forward: command == .nextMatch) ?? point
        case .swapEnds, .copy, .highlight, .addNote, .searchForward, .inverseSearch, .cancel:
            return point
        }
    }

    /// Shows the page and line the cursor is on: the page turns with a selection running on.
    private mutating func keepOnScreen(_ point: TextSelection.Point) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        if point.page != currentPage {
            let kept = mode
            effects = go(to: point.page)
            mode = kept
        }
        if point.line < viewport.topLine {
            viewport.topLine = point.line
        } else if point.line >= viewport.topLine + textRows {
            viewport.topLine = min(point.line - textRows + 1, maximumTopLine(of: currentPage))
        }
        return effects
    }

    /// The selected text, line by line as the page says it (joined as the reflow view joins
    /// lines), or nil when a page of it is not held.
    func selectedText(_ selection: TextSelection) -> String? {
        var pieces: [String] = []
        for page in selection.pages {
            guard let text = cache.text(of: page), let characters = pageCharacters(of: selection, on: page) else {
                return nil
            }
            let marked = text.markedText(under: text.quads(ofCharacters: characters))
            if !marked.isEmpty { pieces.append(marked) }
        }
        return pieces.joined(separator: "\n")
    }

    /// The page characters (indices into ``PageText/characters``) the selection covers on
    /// `page`, in page order; nil when the page is not held or the selection holds no
    /// character of it. Each line is found on the page by itself, so lines the view adds (the
    /// `→ p. 5` of a paragraph going on) are passed over, and so is page furniture (running
    /// heads, page numbers) a selection over a page break runs through.
    func pageCharacters(of selection: TextSelection, on page: Int) -> [Int]? {
        guard let text = cache.text(of: page), let pageLines = lines(of: page), !pageLines.isEmpty else { return nil }
        let alignment = PageTextAlignment(text: text, lines: pageLines)
        var found: Set<Int> = []
        for line in pageLines.indices where !pageLines[line].isFurniture || selection.pages.count == 1 {
            guard let chosen = selection.characters(onLine: line, of: page, length: pageLines[line].text.count)
            else { continue }
            let first = PageTextAlignment.LinePosition(line: line, character: chosen.lowerBound)
            let last = PageTextAlignment.LinePosition(line: line, character: chosen.upperBound - 1)
            found.formUnion(alignment.pageCharacters(from: first, through: last) ?? [])
        }
        return found.isEmpty ? nil : found.sorted()
    }

    /// Copies the selected text (OSC 52 and a clipboard program, as other copies go).
    private mutating func copy(_ selection: TextSelection) -> [ReaderEffect] {
        guard let text = selectedText(selection), !text.isEmpty else {
            message = .nothingToSelect
            return []
        }
        let pages = selection.pages
        let place =
            pages.count == 1 ? "page \(pages.lowerBound + 1)" : "pages \(pages.lowerBound + 1)–\(pages.upperBound + 1)"
        return [.copy(text: text, description: "the text selected on \(place)")]
    }

    /// The selection, while text is chosen with `v`.
    public var textSelection: TextSelection? {
        if case .textSelection(let selection) = mode { selection } else { nil }
    }
}

extension TextCursor {
    /// The end of the word `point` is in (the point itself on a mark or a space).
    func wordEnd(fromInside point: TextSelection.Point) -> TextSelection.Point {
        let wordClass = characterClass(at: point)
        guard wordClass == .word else { return point }
        var current = point
        while let next = after(current), next.line == point.line, next.page == point.page,
            characterClass(at: next) == wordClass
        {
            current = next
        }
        return current
    }
}
