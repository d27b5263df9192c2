/// The right-hand pane: what the selected entry is, and for a document, its preview.
///
/// A document's pane shows its title (or file name), its format and page count, and the
/// beginning of page 1's text word-wrapped to the pane. The preview is looked up by the
/// selected entry's path, so it is never one made for another entry; while it is being made,
/// the pane says so.
enum BrowserPreviewPane {
    typealias Line = (text: String, style: CellStyle)

    /// Titles longer than this many lines end in "…".
    static let maximumTitleLines = 2

    /// The pane's lines, at most ``BrowserState/paneRows``, each within
    /// ``BrowserState/previewColumns`` cells (not yet made terminal-safe).
    static func lines(for state: BrowserState) -> [Line] {
        guard let entry = state.selectedEntry else {
            return []
        }
        let width = state.previewColumns
        let name = DisplayWidth.shortenedInMiddle(entry.name, toWidth: width)
        let lines: [Line]
        switch entry.kind {
        case .folder:
            let folderName = DisplayWidth.shortenedInMiddle(entry.name, toWidth: width - 1) + "/"
            let open = state.keymap.keyName(for: .own(.open))
            lines = [(folderName, .bold), ("", .normal), ("Folder: \(open) opens it", .dim)]
        case .other(let reason):
            lines = [(name, .bold), ("", .normal)] + wrappedLines("Cannot open: " + reason, width: width, style: .dim)
        case .document:
            switch state.selectedPreview {
            case nil:
                lines = [(name, .bold), ("", .normal), ("Loading preview…", .dim)]
            case .failure(let reason):
                lines =
                    [(name, .bold), ("", .normal)] + wrappedLines("No preview: " + reason, width: width, style: .error)
            case .preview(let preview):
                lines = previewLines(preview, name: name, width: width, rows: state.paneRows)
            }
        }
        return lines.prefix(state.paneRows).map { (BrowserView.fitted($0.text, toWidth: width), $0.style) }
    }

    private static func wrappedLines(_ text: String, width: Int, style: CellStyle) -> [Line] {
        BrowserView.wrapped(text, width: width).map { ($0, style) }
    }

    /// Title, facts, a blank line, then as much of the text as fits in `rows`.
    private static func previewLines(_ preview: BrowserPreview, name: String, width: Int, rows: Int) -> [Line] {
        var lines = titleLines(preview.title, width: width).map { ($0, CellStyle.bold) }
        if lines.isEmpty {
            lines = [(name, .bold)]
        }
        lines.append((facts(of: preview), .dim))
        guard preview.pageCount > 0 else {
            return lines
        }
        lines.append(("", .normal))
        let text = BrowserPreviewText.lines(of: preview.firstLines, width: width, limit: rows - lines.count)
        if text.isEmpty {
            lines.append(("No text on page 1", .dim))
        } else {
            lines += text.map { ($0, .normal) }
        }
        return lines
    }

    /// The title wrapped to at most ``maximumTitleLines`` lines; none when it shows nothing.
    private static func titleLines(_ title: String?, width: Int) -> [String] {
        guard let title, title.unicodeScalars.contains(where: DisplayWidth.isVisible) else {
            return []
        }
        let lines = BrowserView.wrapped(title, width: width)
        guard lines.count > maximumTitleLines else {
            return lines
        }
        let last = DisplayWidth.truncated(lines[maximumTitleLines - 1], toWidth: width - 1) + "…"
        return Array(lines.prefix(maximumTitleLines - 1)) + [last]
    }

    /// "PDF · 12 pages".
    private static func facts(of preview: BrowserPreview) -> String {
        let pages =
            preview.pageCount > 0 ? BrowserState.counted(preview.pageCount, "page", "pages") : "no pages"
        guard preview.format.unicodeScalars.contains(where: DisplayWidth.isVisible) else {
            return pages
        }
        return preview.format + " · " + pages
    }
}

/// The beginning of a page's text as lines for the preview pane.
enum BrowserPreviewText {
    /// The first `limit` lines of `text` word-wrapped to `width` cells.
    ///
    /// Each line of `text` is a paragraph; runs of blank lines become one blank line, and
    /// blank lines at the start are dropped. Only as much of a long paragraph is wrapped as
    /// the lines shown need, so a page of text without a line break costs no more than a
    /// screenful.
    static func lines(of text: String, width: Int, limit: Int) -> [String] {
        guard limit > 0 else {
            return []
        }
        let safe = TerminalSafeText.sanitized(text, keeping: ["\n", "\r", "\t"])
        var lines: [String] = []
        var followsBlank = false
        for paragraph in safe.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            guard lines.count < limit else {
                break
            }
            let wrapped = wrap(paragraph, width: width, rows: limit - lines.count)
            if wrapped.isEmpty {
                followsBlank = !lines.isEmpty
                continue
            }
            if followsBlank {
                lines.append("")
                followsBlank = false
            }
            lines += wrapped
        }
        return Array(lines.prefix(limit))
    }

    /// The first `rows` lines of `paragraph` wrapped to `width`, when it has that many.
    ///
    /// A line holds at most `width` cells and ends at one run of white space, so `rows + 1`
    /// lines' worth of cells (zero-width marks count for nothing, a run of white space for
    /// one) yields at least `rows + 1` lines. Only the line the cut lands on can differ from
    /// the whole paragraph's, so it is dropped.
    private static func wrap(_ paragraph: Substring.UnicodeScalarView, width: Int, rows: Int) -> [String] {
        let width = max(width, 1)
        let budget = (rows + 1) * (width + 1)
        var cells = 0
        var followsSpace = false
        var index = paragraph.startIndex
        while index != paragraph.endIndex {
            let scalar = paragraph[index]
            if scalar.properties.isWhitespace {
                cells += followsSpace ? 0 : 1
                followsSpace = true
            } else {
                cells += DisplayWidth.of(scalar)
                followsSpace = false
            }
            if cells > budget {
                return LineWrapper.wrap(paragraph[..<index], width: width).dropLast().map(\.text)
            }
            paragraph.formIndex(after: &index)
        }
        return LineWrapper.wrap(paragraph, width: width).map(\.text)
    }
}
