/// Links marked in the text view: the words of each link of the page, found in the laid-out
/// lines as link hints find them, are underlined, and a click on them follows the link.
extension ReaderState {
    /// The links of `page` arrived with its text: kept, with their words, while the page cache
    /// holds the page.
    mutating func pageLinksLoaded(page: Int, links: [LinkItem]) {
        guard let text = cache.text(of: page) else { return }
        pageLinks = pageLinks.filter { cache.text(of: $0.key) != nil }
        pageLinks[page] = links.map { link in
            var named = link
            if named.text.isEmpty {
                named.text = text.text(under: link.box)
            }
            return named
        }
    }

    /// The links whose words show on the current page's laid-out lines `lines`, by line: the
    /// characters of the line their words cover (from the first word to the end of the link's
    /// words or of the line, whichever comes first).
    func linkRuns(onLines lines: Range<Int>) -> [Int: [(range: Range<Int>, link: LinkItem)]] {
        guard viewMode == .text, let links = pageLinks[currentPage], let laidOut = currentLines,
            let text = cache.text(of: currentPage)
        else { return [:] }
        let candidates = lines.clamped(to: 0..<laidOut.count)
        var runs: [Int: [(range: Range<Int>, link: LinkItem)]] = [:]
        for place in LinkHints.places(of: links, text: text, lines: laidOut, among: candidates) {
            let length = laidOut[place.line].text.count
            let words = place.link.text.split(whereSeparator: \.isWhitespace).joined(separator: " ").count
            let end = min(place.offset + words, length)
            guard end > place.offset else { continue }
            runs[place.line, default: []].append((place.offset..<end, place.link))
        }
        return runs.mapValues { $0.sorted { $0.range.lowerBound < $1.range.lowerBound } }
    }

    /// A click on row `row`, column `column` of the text view: follows the link marked there.
    mutating func followLink(atRow row: Int, column: Int) -> [ReaderEffect]? {
        let line = topLine + row
        guard let laidOut = currentLines, laidOut.indices.contains(line), horizontalOffset == 0,
            let runs = linkRuns(onLines: line..<(line + 1))[line]
        else { return nil }
        // The text starts after a one-cell margin; find the character under the column.
        var cell = 1
        var offset: Int?
        for (index, character) in laidOut[line].text.enumerated() {
            let width = DisplayWidth.of(String(character))
            if column < cell + width {
                offset = index
                break
            }
            cell += width
        }
        guard let offset, let hit = runs.first(where: { $0.range.contains(offset) }) else { return nil }
        return follow(hit.link)
    }
}
