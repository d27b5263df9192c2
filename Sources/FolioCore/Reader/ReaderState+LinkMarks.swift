/// Links marked in the text view: the words of each link of the page, found in the laid-out
/// lines as link hints find them, are underlined, and a click on them follows the link.
extension ReaderState {
    /// The links of `page` arrived with its text: kept, with their words, while the page cache
    /// holds the page.
    mutating func pageLinksLoaded(page: Int, links: [LinkItem]) {
        guard let text = cache.text(of: page) else { return }
        linkMarks.pageLinks = linkMarks.pageLinks.filter { cache.text(of: $0.key) != nil }
        linkMarks.pageLinks[page] = links.map { link in
            var named = link
            if named.text.isEmpty {
                named.text = text.text(under: link.box)
            }
            return named
        }
    }

    /// Finds where the current page's links show in its laid-out lines, when the page, its
    /// layout or its links have changed since the last time.
    mutating func placeLinks() {
        let lines = images.viewMode == .text ? currentLines : nil
        let key = LinkPlaces.Key(
            page: currentPage, layout: layoutMode, width: textColumns, linksVersion: linkMarks.version,
            lineCount: lines?.count)
        guard key != linkMarks.places.key else { return }
        linkMarks.places = LinkPlaces(key: key, runs: linkRuns(in: lines ?? []))
    }

    /// The links whose words show on the current page's laid-out `lines`, by line: the
    /// characters of the line their words cover (from the first word to the end of the link's
    /// words or of the line, whichever comes first).
    private func linkRuns(in lines: [LaidOutLine]) -> [Int: [LinkPlaces.Run]] {
        guard !lines.isEmpty, let links = linkMarks.pageLinks[currentPage], let text = cache.text(of: currentPage)
        else {
            return [:]
        }
        var runs: [Int: [LinkPlaces.Run]] = [:]
        for place in LinkHints.places(of: links, text: text, lines: lines, among: lines.indices) {
            let length = lines[place.line].text.count
            let words = place.link.text.split(whereSeparator: \.isWhitespace).joined(separator: " ").count
            let end = min(place.offset + words, length)
            guard end > place.offset else { continue }
            runs[place.line, default: []].append(LinkPlaces.Run(range: place.offset..<end, link: place.link))
        }
        return runs.mapValues { $0.sorted { $0.range.lowerBound < $1.range.lowerBound } }
    }

    /// The links marked on laid-out line `line` of the current page.
    func linkRuns(onLine line: Int) -> [LinkPlaces.Run] {
        guard images.viewMode == .text, linkMarks.places.key?.page == currentPage else { return [] }
        return linkMarks.places.runs[line] ?? []
    }

    /// A click on row `row`, column `column` of the text view: follows the link marked there.
    mutating func followLink(atRow row: Int, column: Int) -> [ReaderEffect]? {
        // The row is checked before it is added to: a mouse report may name any row.
        guard (0..<textRows).contains(row) else { return nil }
        let line = viewport.topLine + row
        let runs = linkRuns(onLine: line)
        guard !runs.isEmpty, let offset = character(onLine: line, atColumn: column) else { return nil }
        guard let hit = runs.first(where: { $0.range.contains(offset) }) else { return nil }
        return follow(hit.link)
    }

    /// The Character of laid-out `line` of the current page under screen column `column`, in the
    /// line as it is shown (right-to-left text in visual order, against the right edge; the text
    /// starts after a one-cell margin); nil past the line's end, or while the view is scrolled
    /// sideways.
    func character(onLine line: Int, atColumn column: Int) -> Int? {
        guard let laidOut = currentLines, laidOut.indices.contains(line), viewport.horizontalOffset == 0 else {
            return nil
        }
        var cell = 1
        for (index, character) in laidOut[line].shown(inColumns: textColumns).enumerated() {
            let width = DisplayWidth.of(String(character))
            if column < cell + width {
                return laidOut[line].character(atShownOffset: index, inColumns: textColumns)
            }
            cell += width
        }
        return nil
    }
}

/// Where the current page's links show in its laid-out lines, and for which page and layout.
struct LinkPlaces: Sendable {
    /// What the places were found for.
    struct Key: Sendable, Equatable {
        var page: Int
        var layout: LayoutMode
        var width: Int
        var linksVersion: Int
        var lineCount: Int?
    }

    /// A link's words on a line: the characters they cover.
    struct Run: Sendable {
        var range: Range<Int>
        var link: LinkItem
    }

    var key: Key?
    var runs: [Int: [Run]] = [:]
}
