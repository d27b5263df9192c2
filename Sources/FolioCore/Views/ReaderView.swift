/// Draws a ``ReaderState`` as a ``Frame``: a pure function of the state.
///
/// Every row passes through ``TerminalSafeText`` on its way into the frame, whatever its
/// source (file name, title, page text, error messages), even if the producer already
/// cleaned it: a control character in a frame would reach the terminal.
public enum ReaderView {
    /// The screen for `state`.
    public static func render(_ state: ReaderState) -> Frame {
        var frame = Frame(size: state.screen)
        frame.colours = state.recolor.map { TextColours(foreground: $0.light, background: $0.dark) }
        if state.isTooSmall {
            TooSmallNotice.draw(needing: ReaderState.minimumScreen, into: &frame)
            return frame
        }
        if state.showingHelp {
            HelpScreen.draw(state, into: &frame)
        } else if state.messagesTop != nil {
            MessagesScreen.draw(state, into: &frame)
        } else if case .linkHints(let hints) = state.overlay {
            drawPage(state, into: &frame)
            drawHints(hints, state: state, into: &frame)
        } else if let overlay = state.overlay {
            OverlayView.draw(overlay, state: state, into: &frame)
        } else if let first = state.placedImages.first {
            frame.image = first.placement
            frame.imagesBelow = state.placedImages.dropFirst().map(\.placement)
        } else if state.scrollsContinuously, state.currentImage != nil {
            // Only the seam below the current page is on screen, the next page's image on its way:
            // the text area stays blank, as the seam it is, until the image comes.
        } else if state.viewMode == .image, let failure = state.currentRenderFailure {
            let message = TerminalSafeText.sanitized(NoticeText.words(for: failure), keeping: ["\n", "\t"])
            let wrapped = LineWrapper.wrap(
                "Page \(state.currentPage + 1) could not be drawn: \(message)".unicodeScalars, width: state.textColumns)
            for (row, line) in wrapped.prefix(state.textRows).enumerated() {
                putText(line.text, style: .error, row: row, of: state, into: &frame)
            }
        } else {
            drawPage(state, into: &frame)
        }
        StatusLine.draw(state, into: &frame)
        return frame
    }

    private static func drawPage(_ state: ReaderState, into frame: inout Frame) {
        let (lines, style) = pageContent(of: state)
        let furniture = Set(
            (state.currentLines ?? []).dropFirst(state.viewMode == .text ? state.topLine : 0).prefix(state.textRows)
                .enumerated().filter(\.element.isFurniture).map(\.offset))
        // In the image view, while the image is rendered, the text stands in from the top.
        let topLine = state.viewMode == .text ? state.topLine : 0
        let showsPageText = state.currentLines?.isEmpty == false
        let highlights = state.lastSearch.map { matchHighlights(of: $0, in: state, topLine: topLine) } ?? [:]
        let marks = state.showsAnnotationMarks ? state.currentAnnotationMarks : AnnotationMarks()
        let syncTeXLines = state.syncTeXMarkedLines
        for (row, text) in lines.prefix(state.textRows).enumerated() {
            guard showsPageText else {
                putText(text, style: style, row: row, of: state, into: &frame)
                continue
            }
            let line = topLine + row
            if let selection = state.selection, selection.lines.contains(line) {
                putText(text.isEmpty ? " " : text, style: .reverse, row: row, of: state, into: &frame)
                continue
            }
            // A forward search's place, for a moment, as the current match is drawn.
            if syncTeXLines.contains(line) {
                putText(text.isEmpty ? " " : text, style: .currentMatch, row: row, of: state, into: &frame)
                continue
            }
            let runs = styledRuns(onLine: line, row: row, matches: highlights, marks: marks, of: state)
            let noteMarker = marks.notes[line].map { ids in
                marks.runs[line]?.first { ids.contains($0.id) }?.style.colour
                    ?? state.currentPageAnnotations.first { ids.contains($0.id) }?.colour
            }
            if runs.isEmpty, noteMarker == nil, state.lastSearch == nil {
                putText(text, style: furniture.contains(row) ? .dim : style, row: row, of: state, into: &frame)
                continue
            }
            let isCurrent =
                state.search.currentMatch?.page == state.currentPage && state.search.currentMatch?.line == line
            putText(
                text, highlighting: runs, of: state.lastSearch, sidewaysStyle: isCurrent ? .currentMatch : .highlight,
                row: row, of: state, into: &frame)
            if let noteMarker {
                let marker = Span(text: "*", style: .annotation(AnnotationStyle(mark: .noteMarker, colour: noteMarker)))
                if frame.rows[row].isEmpty {
                    frame.rows[row] = [marker]
                } else if frame.rows[row][0].text == " " {
                    frame.rows[row][0] = marker
                }
            }
        }
    }

    /// The styled runs of laid-out `line` (on screen at `row`), in the Characters of its text
    /// as drawn, least important first: the annotations' marks, the links (where no match is),
    /// the search's matches, the text selection.
    private static func styledRuns(
        onLine line: Int, row: Int, matches: [Int: [(range: Range<Int>, style: CellStyle)]], marks: AnnotationMarks,
        of state: ReaderState
    ) -> [(range: Range<Int>, style: CellStyle)] {
        let shownLine = state.currentLines?[safe: line]
        let found = matches[row] ?? []
        let linkWords = state.linkRuns(onLine: line).filter { run in
            !found.contains { $0.range.overlaps(run.range) }
        }
        var logical: [(range: Range<Int>, style: CellStyle)] = (marks.runs[line] ?? []).map {
            ($0.characters, .annotation($0.style))
        }
        logical += linkWords.map { ($0.range, CellStyle.link) } + found
        if let selection = state.textSelection, let shownLine,
            let chosen = selection.characters(onLine: line, of: state.currentPage, length: shownLine.text.count)
        {
            logical.append((chosen, .reverse))
        }
        // Found in the logical text; drawn where the line shows those characters.
        let shown = logical.flatMap { run in
            (shownLine?.shownRuns(of: run.range, inColumns: state.textColumns) ?? [run.range]).map {
                (range: $0, style: run.style)
            }
        }
        guard state.horizontalOffset > 0, let shownLine else { return shown }
        return clipped(shown, of: shownLine.shown(inColumns: state.textColumns), from: state.horizontalOffset)
    }

    /// `runs` of the Characters of `shown` as they fall in what shows of it from cell `offset`
    /// on (``DisplayWidth/clipped(_:from:width:)``: a wide character cut by the edge shows as
    /// spaces); runs wholly left of the edge go.
    private static func clipped(
        _ runs: [(range: Range<Int>, style: CellStyle)], of shown: String, from offset: Int
    ) -> [(range: Range<Int>, style: CellStyle)] {
        var mapping: [Int?] = []
        var column = 0
        var clippedIndex = 0
        for character in shown {
            let start = column
            column += DisplayWidth.of(String(character))
            guard column > offset else {
                mapping.append(nil)
                continue
            }
            mapping.append(clippedIndex)
            clippedIndex += start < offset ? column - offset : 1
        }
        return runs.compactMap { run in
            let kept = run.range.clamped(to: 0..<mapping.count).compactMap { mapping[$0] }
            guard let first = kept.first, let last = kept.last else { return nil }
            return (first..<(last + 1), run.style)
        }
    }

    /// Redraws each row with a link hint: the line's text with the hint's letters (in reverse,
    /// bold) just before the link's words; the letters typed so far are dimmed.
    private static func drawHints(_ hints: LinkHints, state: ReaderState, into frame: inout Frame) {
        guard let lines = state.currentLines else { return }
        let byLine = Dictionary(grouping: hints.hints.filter { $0.label.hasPrefix(hints.typed) }, by: \.line)
        for (line, lineHints) in byLine {
            let row = line - state.topLine
            guard row >= 0, row < state.textRows, line < lines.count else { continue }
            let laidOut = lines[line]
            let logical = Array(laidOut.text)
            // Where each hint goes in the line as shown: before the first character of its
            // words as they are read, which in right-to-left text is to its right.
            let placed = lineHints.map { hint -> (offset: Int, label: String) in
                let shownAt = laidOut.shownRuns(of: hint.offset..<(hint.offset + 1), inColumns: state.textColumns)
                let readsLeftward =
                    hint.offset < logical.count
                    && logical[hint.offset].unicodeScalars.first
                        .map(RightToLeft.isStrong) == true
                let offset = shownAt.first.map { readsLeftward ? $0.upperBound : $0.lowerBound } ?? hint.offset
                return (offset, hint.label)
            }.sorted { $0.offset < $1.offset }
            // A line set against the right edge gives up margin for the labels.
            let labelWidth = placed.reduce(0) { $0 + $1.label.count }
            let margin = min(laidOut.margin(inColumns: state.textColumns), labelWidth)
            let characters = Array(TerminalSafeText.sanitized(laidOut.shown(inColumns: state.textColumns)))
            var spans = [Span(text: " ")]
            var position = margin
            for hint in placed where hint.offset <= characters.count && hint.offset >= position {
                if hint.offset > position {
                    spans.append(Span(text: String(characters[position..<hint.offset])))
                }
                if !hints.typed.isEmpty {
                    spans.append(Span(text: hints.typed, style: .dim))
                }
                spans.append(Span(text: String(hint.label.dropFirst(hints.typed.count)), style: .hint))
                position = hint.offset
            }
            if position < characters.count {
                spans.append(Span(text: String(characters[position...])))
            }
            var budget = state.textColumns + 1
            frame.rows[row] = spans.compactMap { span in
                guard budget > 0 else { return nil }
                let text = DisplayWidth.truncated(span.text, toWidth: budget)
                budget -= DisplayWidth.of(text)
                return Span(text: text, style: span.style)
            }
        }
    }

    /// Where matches of `pattern` show on each row of the text area (Character offsets in the
    /// row's text), with their style: the match the reader is at is set apart. A match that runs
    /// on across a line break (or a paragraph break the view made) shows on both rows. Scrolled sideways, rows are matched one by one.
    private static func matchHighlights(
        of pattern: SearchPattern, in state: ReaderState, topLine: Int
    ) -> [Int: [(range: Range<Int>, style: CellStyle)]] {
        guard let lines = state.currentLines, state.horizontalOffset == 0 else { return [:] }
        // Two lines above the screen, for a match that runs on into the top row (across a
        // paragraph break the view made, too).
        let first = max(topLine - 2, 0)
        let shown = Array(lines.dropFirst(first).prefix(topLine - first + state.textRows))
        var highlights: [Int: [(range: Range<Int>, style: CellStyle)]] = [:]
        for match in pattern.shownMatches(
            in: shown.map { TerminalSafeText.sanitized($0.text) }, blocks: shown.map(\.block))
        {
            let line = first + match.line
            let isCurrent =
                state.search.currentMatch?.page == state.currentPage && state.search.currentMatch?.line == line
            let style: CellStyle = isCurrent ? .currentMatch : .highlight
            highlights[line - topLine, default: []].append((match.range, style))
            if let continuation = match.continuation {
                highlights[first + continuation.line - topLine, default: []].insert((continuation.range, style), at: 0)
            }
        }
        return highlights
    }

    /// Puts a line of page text on `row` with its matches and links drawn in their styles
    /// (`highlights`, or when the view is scrolled sideways, every match of `pattern` in what
    /// shows, in `sidewaysStyle`).
    private static func putText(
        _ text: String, highlighting highlights: [(range: Range<Int>, style: CellStyle)], of pattern: SearchPattern?,
        sidewaysStyle: CellStyle, row: Int, of state: ReaderState, into frame: inout Frame
    ) {
        let fitted = TerminalSafeText.sanitized(DisplayWidth.truncated(text, toWidth: state.textColumns))
        let characters = Array(fitted)
        var ranges = highlights.compactMap { highlight -> (range: Range<Int>, style: CellStyle)? in
            let range = highlight.range.clamped(to: 0..<characters.count)
            return range.isEmpty ? nil : (range, highlight.style)
        }
        if state.horizontalOffset != 0 {
            // Scrolled sideways, the matches are found in what shows; the selection stays on top.
            let matches = (pattern?.matchRanges(in: fitted) ?? []).map { (range: $0, style: sidewaysStyle) }
            ranges = ranges.filter { $0.style != .reverse } + matches + ranges.filter { $0.style == .reverse }
        }
        guard !ranges.isEmpty else {
            putText(fitted, style: .normal, row: row, of: state, into: &frame)
            return
        }
        // Each Character takes the style of the last run over it: the runs come least
        // important first.
        var styles = [CellStyle](repeating: .normal, count: characters.count)
        for (range, style) in ranges {
            for offset in range { styles[offset] = style }
        }
        var spans = [Span(text: " ")]
        var start = 0
        for offset in 1...characters.count where offset == characters.count || styles[offset] != styles[start] {
            spans.append(Span(text: String(characters[start..<offset]), style: styles[start]))
            start = offset
        }
        frame.rows[row] = spans
    }

    /// The lines of the text area and their style: the page's visible lines, or a note.
    private static func pageContent(of state: ReaderState) -> ([String], CellStyle) {
        let pageNumber = state.currentPage + 1
        if state.document.pageCount <= 0 {
            return (["This document has no pages"], .dim)
        }
        if let lines = state.currentLines {
            guard !lines.isEmpty else {
                if case .available = state.imageAvailability {
                    let note = "No text on this page: \(state.keyName(for: .toggleView)) shows it as an image"
                    return (LineWrapper.wrap(note.unicodeScalars, width: state.textColumns).map(\.text), .dim)
                }
                return (["No text on this page"], .dim)
            }
            let visible = lines.dropFirst(state.viewMode == .text ? state.topLine : 0).prefix(state.textRows).map {
                line in
                // Right-to-left lines go out in visual order, against the right edge.
                DisplayWidth.clipped(
                    line.shown(inColumns: state.textColumns), from: state.horizontalOffset, width: state.textColumns)
            }
            return (visible, .normal)
        }
        if let failure = state.currentFailure {
            // Keeping line breaks and tabs lets the wrapper turn them into spaces.
            let message = TerminalSafeText.sanitized(NoticeText.words(for: failure), keeping: ["\n", "\t"])
            let wrapped = LineWrapper.wrap(
                "Page \(pageNumber) could not be read: \(message)".unicodeScalars, width: state.textColumns)
            return (wrapped.map(\.text), .error)
        }
        return (["Loading page \(pageNumber)…"], .dim)
    }

    /// Puts `text` on `row` of the text area, after the left margin, made terminal-safe and
    /// cut to the text width.
    static func putText(_ text: String, style: CellStyle, row: Int, of state: ReaderState, into frame: inout Frame) {
        let fitted = TerminalSafeText.sanitized(DisplayWidth.truncated(text, toWidth: state.textColumns))
        guard !fitted.isEmpty else {
            return
        }
        frame.rows[row] = [Span(text: " " + fitted, style: style)]
    }
}
