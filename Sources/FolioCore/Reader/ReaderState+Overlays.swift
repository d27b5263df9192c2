/// The outline and links as they arrive, the section on the status line, following a link,
/// and copying a page.
extension ReaderState {
    // MARK: Outline

    /// Finds the section the current page belongs to (as the outline's `●` marks it) when the
    /// page or the outline has changed since the last time.
    mutating func findSection() {
        guard let items = outline.items else {
            outline.section = nil
            return
        }
        guard outline.section?.page != currentPage || outline.section?.outlineCount != items.count else { return }
        let title = OutlineList.entry(containing: currentPage, in: items).map { entry in
            // Shown on the status line: a right-to-left title in visual order.
            let title = TerminalSafeText.sanitized(items[entry].title)
            return shown(title, rightToLeft: RightToLeft.isRightToLeftParagraph(title.unicodeScalars))
        }
        outline.section = (currentPage, items.count, title)
    }

    /// `text` (one paragraph, right to left when `rightToLeft`) as the screen must be sent it:
    /// in visual order, Arabic letters joined where the terminal does not shape, when it holds
    /// right-to-left letters. A message that quotes an Arabic pattern reads right this way.
    func shown(_ text: String, rightToLeft: Bool = false) -> String {
        guard let bidi = cache.bidi else { return text }
        return VisualOrder(of: text, rightToLeft: rightToLeft, bidi: bidi, shapingArabic: cache.shapesArabic)?.text
            ?? text
    }

    /// The title of the section the current page belongs to, when the outline is loaded and has
    /// one, as the status line shows it (in visual order where it reads right to left).
    var sectionTitle: String? {
        guard let section = outline.section, section.page == currentPage else { return nil }
        return section.title
    }

    mutating func outlineLoaded(_ items: [OutlineItem]) {
        outline.items = items
        guard pending.outline else { return }
        pending.outline = false
        message = nil
        guard !anotherModeHasTheKeys else { return }
        _ = showOutline()
    }

    /// Whether a prompt, a list, the selection, help or a mark's letter has the keys: a list
    /// that arrives after it opened (the outline, the links) then does not open over it.
    var anotherModeHasTheKeys: Bool { mode != .reading }

    // MARK: Links

    mutating func linksLoaded(page: Int, links: [LinkItem]) -> [ReaderEffect] {
        if let click = pending.linkClick, click.page == page {
            return followClickedLink(page: page, links: links)
        }
        guard page == currentPage, !anotherModeHasTheKeys else { return [] }
        guard !links.isEmpty else {
            message = .noLinks(page: page)
            return []
        }
        let text = cache.text(of: page)
        let named = links.map { link in
            var named = link
            if named.text.isEmpty, let text {
                named.text = text.text(under: link.box)
            }
            return named
        }
        // Hints on the links whose words are on screen; the numbered list when none are.
        if images.viewMode == .text, let lines = currentLines, let text {
            let hints = LinkHints(
                page: page, links: named, text: text, lines: lines, topLine: viewport.topLine, rows: textRows)
            if !hints.hints.isEmpty {
                mode = .linkHints(hints)
                return []
            }
        }
        mode = .links(LinkList(page: page, links: named))
        return []
    }

    /// A link's target as the list shows it: the page by its printed label (`→ xiv (page
    /// 16)`), or the address.
    func targetDescription(of link: LinkItem) -> String {
        if let page = link.page {
            if let label = document.pageLabels.distinctLabel(ofPage: page) {
                return "→ \(label) (page \(page + 1))"
            }
            return "→ page \(page + 1)"
        }
        return link.uri.map { "→ " + $0 } ?? "→ nowhere"
    }

    /// Once the page a jump led to is here, puts the line it lands on at the top: the line at a
    /// link's or an outline entry's point (in the image view, the image's row at that point),
    /// a mark's or the history's line.
    mutating func scrollToPendingLanding() {
        guard let landing = pending.landing, landing.page == currentPage,
            let height = contentHeight(of: currentPage)
        else { return }
        switch landing.place {
        case .line(let line, let lineCount):
            pending.landing = nil
            viewport.topLine = min(
                Self.relaidLine(line, of: lineCount, at: height), maximumTopLine(of: currentPage))
        case .point(let y):
            guard let text = cache.text(of: currentPage) else { return }
            pending.landing = nil
            // The document's numbers: a point that is not one lands on the top of the page.
            guard !y.isNaN else { return }
            switch images.viewMode {
            case .text:
                guard let lines = currentLines, let line = Self.landingLine(in: lines, of: text, y: y) else { return }
                viewport.topLine = min(line, maximumTopLine(of: currentPage))
            case .image:
                guard let row = Self.imageRow(atPoint: y, of: text, rows: height, cropBox: currentImageCropBox)
                else { return }
                viewport.topLine = min(row, maximumTopLine(of: currentPage))
            }
        }
    }

    /// Line `line` of a layout `lineCount` lines long, in one `height` lines long: the same line
    /// in the same layout (or one of unknown length), else the line at the same share of the page.
    static func relaidLine(_ line: Int, of lineCount: Int?, at height: Int) -> Int {
        let kept = max(line, 0)
        guard let lineCount, lineCount > 0, lineCount != height else { return kept }
        let within = min(kept, lineCount)
        return lineCount.dividingFullWidth(within.multipliedFullWidth(by: height)).quotient
    }

    /// Goes to `page` as a jump, landing on `place` there once the page is here.
    mutating func jump(to page: Int, landingOn place: Landing) -> [ReaderEffect] {
        let effects = jump(to: page)
        guard currentPage == page else { return effects }
        pending.landing = (page, place)
        scrollToPendingLanding()
        return effects
    }

    /// The laid-out line where the page's text at `y` points from the top begins: a line holding
    /// the start of the first text line at or below `y` (reflowing joins and re-wraps lines, so
    /// the words are looked for, not the line number). Where the same words are on several
    /// lines (a heading named in a line above it, a running head), or the line's first words are
    /// wrapped apart, the one nearest the share of the page above `y` is taken; with no line
    /// holding even the first word, the line at that share.
    static func landingLine(in lines: [LaidOutLine], of text: PageText, y: Double) -> Int? {
        let textLines = text.blocks.flatMap(\.lines).filter {
            !$0.text.allSatisfy(\.isWhitespace) && $0.box.y0.isFinite && $0.box.y1.isFinite
        }
        guard !lines.isEmpty, !y.isNaN, let top = textLines.map(\.box.y0).min(),
            let bottom = textLines.map(\.box.y1).max()
        else { return nil }
        // A destination names the top of the heading, which sits a little below it.
        guard let target = text.firstLineText(atOrBelow: y - 1) else { return nil }
        let share = bottom > top ? min(max((y - top) / (bottom - top), 0), 1) : 0
        let estimate = Int((share * Double(lines.count - 1)).rounded())
        let words = target.split(whereSeparator: \.isWhitespace)
        let shownLines = lines.map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for count in stride(from: min(words.count, 3), through: 1, by: -1) {
            let start = words.prefix(count).joined(separator: " ")
            let holding = shownLines.indices.filter { shownLines[$0].contains(start) }
            if let nearest = holding.min(by: { abs($0 - estimate) < abs($1 - estimate) }) {
                return nearest
            }
        }
        return estimate
    }

    /// Follows `link`: an internal one to its page, at the place it names; an external one's
    /// address is copied (OSC 52), never opened or run.
    mutating func follow(_ link: LinkItem) -> [ReaderEffect] {
        closePageMode()
        if let page = link.page {
            guard let y = link.targetY else { return jump(to: page) }
            return jump(to: page, landingOn: .point(y: y))
        }
        if let uri = link.uri {
            return [.copy(text: uri, description: "the link address \(uri) (links are never opened)")]
        }
        message = .linkLeadsNowhere
        return []
    }

    // MARK: Copying

    mutating func copyCurrentPage() -> [ReaderEffect] {
        guard let text = cache.text(of: currentPage) else {
            message = .pageNotLoaded(page: currentPage)
            return []
        }
        return [.copy(text: text.plainText, description: "page \(currentPage + 1)")]
    }
}
