/// SyncTeX, both ways. Inverse search: `S` (the line at the top of the screen, the cursor of a
/// text selection) or a Ctrl-click (the spot clicked) asks the owner for the source of a point of
/// the page (``ReaderEffect/findSource(page:x:y:)``). Forward search: the owner found the boxes
/// a source line made (``ReaderEvent/syncTeXPlaceFound(page:boxes:)``); the reader goes there
/// and marks them for a moment (the lines in the text views, a frame on the page image).
extension ReaderState {
    /// How long a forward search's place stays marked, in seconds.
    public static let syncTeXMarkTime = 2.0

    /// `S` while reading: the source of the first line of text on screen (the text views), or
    /// of the page at the top of the screen, halfway across the image (the image view).
    mutating func findSourceOfScreenTop() -> [ReaderEffect] {
        guard let text = cache.text(of: currentPage) else {
            message = .pageNotLoaded(page: currentPage)
            return []
        }
        if images.viewMode == .image, let placement = imagePlacement {
            // In a spread's image, halfway across the current page's half, as far as it is on screen.
            let middle =
                currentImage?.part(showing: currentPage).map {
                    Int(($0.firstColumn + $0.columns / 2).rounded(.down)) - placement.sourceColumn
                } ?? placement.columns / 2
            return findSource(
                atRow: placement.screenRow, column: placement.screenColumn + min(max(middle, 0), placement.columns - 1))
        }
        let lines = currentLines ?? []
        let shown = min(topLine, lines.count)..<min(topLine + textRows, lines.count)
        let alignment = PageTextAlignment(text: text, lines: lines)
        for line in shown where !lines[line].isFurniture {
            if let point = Self.point(ofLine: line, in: lines, of: text, alignment: alignment, from: 0) {
                return [.findSource(page: currentPage, x: point.x, y: point.y)]
            }
        }
        message = .sourceNotFound(reason: "no text on screen")
        return []
    }

    /// A Ctrl-click: the source of the spot under the cell at (`row`, `column`), in the text
    /// views the character there (or the line's first, past its end).
    mutating func findSource(atRow row: Int, column: Int) -> [ReaderEffect] {
        guard let text = cache.text(of: currentPage) else {
            message = .pageNotLoaded(page: currentPage)
            return []
        }
        if images.viewMode == .image {
            guard let point = pagePoint(atRow: row, column: column) else { return [] }
            return [.findSource(page: point.page, x: point.x, y: point.y)]
        }
        let lines = currentLines ?? []
        let line = topLine + row
        guard row >= 0, row < textRows, lines.indices.contains(line) else { return [] }
        let character = self.character(onLine: line, atColumn: column)
        let alignment = PageTextAlignment(text: text, lines: lines)
        guard
            let point = Self.point(ofLine: line, in: lines, of: text, alignment: alignment, from: character ?? 0)
                ?? Self.point(ofLine: line, in: lines, of: text, alignment: alignment, from: 0)
        else {
            message = .sourceNotFound(reason: "no text there")
            return []
        }
        return [.findSource(page: currentPage, x: point.x, y: point.y)]
    }

    /// `S` in a text selection: the source of the cursor's character.
    mutating func findSource(of point: TextSelection.Point) -> [ReaderEffect] {
        guard let text = cache.text(of: point.page), let lines = lines(of: point.page) else {
            message = .pageNotLoaded(page: point.page)
            return []
        }
        let alignment = PageTextAlignment(text: text, lines: lines)
        guard
            let spot = Self.point(ofLine: point.line, in: lines, of: text, alignment: alignment, from: point.character)
        else {
            message = .sourceNotFound(reason: "no text there")
            return []
        }
        return [.findSource(page: point.page, x: spot.x, y: spot.y)]
    }

    /// The centre of the first page character laid out on `line` at or after Character
    /// `character`, or nil when the line holds none (a blank line, a line the view adds).
    private static func point(
        ofLine line: Int, in lines: [LaidOutLine], of text: PageText, alignment: PageTextAlignment, from character: Int
    ) -> (x: Double, y: Double)? {
        let length = lines[line].text.count
        guard character < length else { return nil }
        guard
            let found = alignment.pageCharacters(
                from: .init(line: line, character: max(character, 0)), through: .init(line: line, character: length - 1)
            ),
            let first = found.first, let box = text.characters[safe: first]?.box,
            box.x0.isFinite, box.x1.isFinite, box.y0.isFinite, box.y1.isFinite
        else { return nil }
        return ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    }

    /// A forward search found `boxes` on `page`: goes there (a jump, so Backspace comes back),
    /// with the first box's top near the top of the screen, and marks the boxes for
    /// ``syncTeXMarkTime`` seconds.
    mutating func showSyncTeXPlace(page: Int, boxes: [TextRect]) -> [ReaderEffect] {
        guard page >= 0, page < document.pageCount else {
            message = .notInDocument(pageCount: document.pageCount)
            return []
        }
        // The editor asked to see the place: a list or prompt over the page goes, as for a
        // remote goto, but never a note being typed.
        if case .notePrompt = mode {} else { mode = .reading }
        let boxes = boxes.filter { [$0.x0, $0.y0, $0.x1, $0.y1].allSatisfy(\.isFinite) }.prefix(SyncTeXMark.boxLimit)
        let mark = SyncTeXMark(page: page, boxes: Array(boxes), id: (syncTeXMark?.id ?? 0) + 1)
        syncTeXMark = mark
        // A few lines of what comes before stay above the place, as an editor scrolls.
        let top = boxes.map(\.y0).min().map { max($0 - 3 * (boxes.first?.height ?? 0), 0) }
        var effects = top.map { jump(to: page, landingOn: .point(y: $0)) } ?? jump(to: page)
        if images.viewMode == .image {
            effects += refreshImages()
        }
        return effects + [.clearSyncTeXMark(id: mark.id, after: Self.syncTeXMarkTime)]
    }

    /// The mark `id` has been shown long enough: it goes (unless a newer one took its place).
    mutating func syncTeXMarkTimedOut(id: Int) -> [ReaderEffect] {
        guard syncTeXMark?.id == id else { return [] }
        syncTeXMark = nil
        return images.viewMode == .image ? refreshImages() : []
    }

    /// The laid-out lines of the current page the SyncTeX mark covers: those holding a page
    /// character whose centre lies in one of its boxes; where no character does (a box of
    /// white space), the line at its top.
    var syncTeXMarkedLines: Set<Int> {
        guard let mark = syncTeXMark, mark.page == currentPage, let text = cache.text(of: currentPage),
            let lines = currentLines, !lines.isEmpty
        else { return [] }
        let characters = text.characters.enumerated().compactMap { index, character -> Int? in
            let box = character.box
            let x = (box.x0 + box.x1) / 2
            let y = (box.y0 + box.y1) / 2
            return mark.boxes.contains { ($0.x0...$0.x1).contains(x) && ($0.y0...$0.y1).contains(y) } ? index : nil
        }
        let alignment = PageTextAlignment(text: text, lines: lines)
        let marked = Set(alignment.lineRuns(ofPageCharacters: characters).map(\.line))
        if !marked.isEmpty { return marked }
        guard let top = mark.boxes.map(\.y0).min(), let line = Self.landingLine(in: lines, of: text, y: top) else {
            return []
        }
        return [line]
    }
}

/// The place a forward search found, marked for a moment: boxes on a page, in points from the
/// page's top-left corner, as SyncTeX gives them.
public struct SyncTeXMark: Sendable, Hashable {
    /// The most boxes marked: a source line makes a few; a hostile SyncTeX file's thousands
    /// cost the screen no more.
    static let boxLimit = 64

    /// The page (0-based).
    public var page: Int
    /// The boxes, each a line (or part of one) the source line made.
    public var boxes: [TextRect]
    /// Which forward search made the mark: a later one replaces it, and its time runs anew.
    public var id: Int
}
