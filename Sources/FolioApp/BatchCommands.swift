public import FolioCommandLine
import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import Glibc

/// The non-interactive modes: `--info`, `--text`, `--outline`, `--search`, `--sixel`, `--image`,
/// `--preview` (in BatchCommands+Preview.swift) and `--annotations` (in
/// BatchCommands+Annotations.swift). Each returns the process exit status (0
/// success, 1 document error or no match).
public struct BatchCommands {
    let options: Options
    let path: String
    let output: Output

    /// The batch modes of `options` on the document at `path`, printing to `output`.
    public init(options: Options, path: String, output: Output) {
        self.options = options
        self.path = path
        self.output = output
    }

    /// Stop after this many unreadable pages in a row: the rest of the document is likely gone too.
    static let maxConsecutiveFailures = 20

    private static let textControls: Set<Unicode.Scalar> = ["\n", "\t", "\u{0C}"]

    /// Runs `mode` and returns the exit status.
    public func run(_ mode: Options.Mode) -> Int32 {
        if case .preview = mode {
            return preview()
        }
        do throws(DocumentError) {
            let document = try Document(path: path, password: options.password)
            if case .info = mode {
                return try info(document)
            }
            if document.needsPassword {
                throw .needsPassword
            }
            switch mode {
            case .info: return 0
            case .text: return try text(document)
            case .outline: return try outline(document)
            case .search(let pattern): return try search(document, SearchPattern(pattern))
            case .sixel: return try sixel(document)
            case .image: return try image(document)
            case .preview: return preview()
            case .annotations: return try annotations(document)
            }
        } catch {
            report(error.description)
            return 1
        }
    }

    func report(_ reason: String) {
        Errors.report("\(path): \(reason)")
    }

    private func safe(_ text: String) -> String {
        TerminalSafeText.sanitized(text)
    }

    private func info(_ document: Document) throws(DocumentError) -> Int32 {
        let locked = document.needsPassword
        let info = try document.info()
        // A document with no readable page is an error here too, as in --text: "Pages: 0" with
        // status 0 would look like success.
        guard locked || info.pageCount > 0 else { throw .noPages }
        let labels = locked ? nil : try document.pageLabels()
        var lines = [
            ("File", path),
            ("Format", info.format),
            ("Pages", String(info.pageCount)),
            ("Page labels", labels.map { $0.isEmpty ? "no" : "yes: " + $0.summary } ?? ""),
            ("Title", info.title ?? ""),
            ("Author", info.author ?? ""),
            ("Subject", info.subject ?? ""),
            ("Creator", info.creator ?? ""),
            ("Producer", info.producer ?? ""),
            ("Encrypted", info.encryption == nil && !locked ? "no" : "yes"),
        ]
        if locked {
            lines.append(("Locked", "yes: give --password to read it"))
        }
        if let declared = info.declaredPageCount {
            lines.append(("Damaged", "the page tree declares \(declared) pages; \(info.pageCount) can be read"))
        }
        if options.json {
            output.write(Self.infoJSON(info, path: path, labels: labels, locked: locked).text + "\n")
        } else {
            for (key, value) in lines {
                output.write("\(key): \(safe(value))\n")
            }
        }
        output.flush()
        return 0
    }

    /// `--info --json`: the facts `--info` prints, as one object (docs/schema/info.json).
    private static func infoJSON(
        _ info: DocumentInfo, path: String, labels: PageLabels?, locked: Bool
    ) -> JSONValue {
        .object([
            ("file", .string(path)),
            ("format", .string(info.format)),
            ("pages", .integer(info.pageCount)),
            ("declaredPages", info.declaredPageCount.map { .integer($0) } ?? .null),
            ("pageLabels", .string(labels.flatMap { $0.isEmpty ? nil : $0.summary })),
            ("title", .string(info.title)),
            ("author", .string(info.author)),
            ("subject", .string(info.subject)),
            ("creator", .string(info.creator)),
            ("producer", .string(info.producer)),
            ("encrypted", .bool(info.encryption != nil || locked)),
            ("locked", .bool(locked)),
        ])
    }

    /// The selected pages as 0-based ranges, or nil after reporting a page beyond the end. A
    /// document without pages is an error: printing nothing would look like success.
    func selectedPages(_ document: Document) throws(DocumentError) -> [ClosedRange<Int>]? {
        let count = try document.pageCount
        guard count > 0 else { throw .noPages }
        guard let range = options.pages else { return [0...(count - 1)] }
        let labels = try document.pageLabels()
        switch range.pages(in: labels) {
        case .success(let ranges): return ranges
        case .failure(.beyondEnd(let page)):
            report(DocumentError.noSuchPage(page - 1, count: count).description)
        case .failure(.unknownLabel(let label)):
            let known = labels.isEmpty ? "1–\(count)" : labels.summary
            report(safe("no page labelled '\(label)' (\(known))"))
        case .failure(.reversed(let piece)):
            report(safe("the range '\(piece)' ends before it starts"))
        }
        return nil
    }

    /// Runs `extract` on every selected page, several pages at a time on worker threads (each with
    /// its own copy of the document, see ``PageWorkers``), and `write` on each result in page
    /// order, so the output is the same as one page after another. Page errors are reported and
    /// counted, and a long run of them stops the loop. Returns the exit status so far (1 when any
    /// page failed).
    ///
    /// `evidence` names pages to read besides the selected ones (given the selected pages, in
    /// order, and the page count): they are extracted and written too, in page order among the
    /// others, but a failure on one of them is no failure of the run. With `inPageOrder` the
    /// selected pages go in page order, each once, whatever order `--pages` gives.
    func forEachPage<Value: Sendable>(
        _ document: Document,
        inPageOrder: Bool = false,
        evidence: (_ selected: [Int], _ count: Int) -> [Int] = { _, _ in [] },
        extract: @escaping @Sendable (Document, Int, Cancellation) throws(DocumentError) -> Value,
        write: (_ page: Int, _ value: Value) -> Void
    ) throws(DocumentError) -> Int32? {
        guard let ranges = try selectedPages(document) else { return nil }
        let selected = ranges.flatMap { Array($0) }
        let extra = Set(evidence(selected, try document.pageCount)).subtracting(selected)
        let pages = extra.isEmpty && !inPageOrder ? selected : Array(Set(selected).union(extra)).sorted()
        let workers = PageWorkers(document: document, pages: pages, timeLimit: TimeLimits.pageText, work: extract)
        defer { workers.stop() }
        var status: Int32 = 0
        var failuresInARow = 0
        while let (page, result) = workers.next() {
            switch result {
            case .success(let value):
                write(page, value)
                failuresInARow = 0
            case .failure where extra.contains(page):
                continue
            case .failure(let error):
                output.flush()
                report("page \(page + 1): \(error.description)")
                status = 1
                failuresInARow += 1
                if failuresInARow == Self.maxConsecutiveFailures {
                    report("stopping after \(failuresInARow) unreadable pages in a row")
                    return status
                }
            }
        }
        return status
    }

    /// Each selected page's text followed by a form feed: MuPDF's own, or what the reader's
    /// reflow or layout view shows (through the same ``TextLayout`` code as the views).
    private func text(_ document: Document) throws(DocumentError) -> Int32 {
        let view = options.textView
        let width = options.width ?? TextLayout.unlimitedWidth
        if view == .reflow {
            return try reflowedText(document, width: width)
        }
        let status = try forEachPage(document) { document, page, cancellation throws(DocumentError) in
            let text: String
            if view == .layout {
                let pageText = try document.text(page: page, cancellation: cancellation)
                text = TextLayout.text(of: pageText, mode: .physical, width: width)
            } else {
                text = try document.plainText(page: page, cancellation: cancellation)
            }
            return Self.printable(text)
        } write: { _, text in
            output.write(text)
        }
        output.flush()
        return status ?? 1
    }

    /// Each selected page as the reflow view reads it, followed by a form feed. The workers read
    /// each page in parallel (``PageReflow``); what needs other pages (running headers, paragraphs
    /// going on over a page break, hyphens the page alone does not decide) is decided with them
    /// by ``DocumentReflow``, which settles a page once the pages after it are in, so the text
    /// streams. The pages either side of the selection that the running headers' evidence takes
    /// in are read too. Pages go in page order, each once (the pass reads the document forwards).
    private func reflowedText(_ document: Document, width: Int) throws(DocumentError) -> Int32 {
        var selected: Set<Int> = []
        var reflow = DocumentReflow()
        func write(_ texts: [(page: Int, text: String?)]) {
            for case (_, let text?) in texts {
                output.write(Self.printable(text))
            }
        }
        let status = try forEachPage(document, inPageOrder: true) { pages, count in
            selected = Set(pages)
            let radius = PageReflow.evidenceRadius
            return pages.flatMap { max($0 - radius, 0)...min($0 + radius, count - 1) }
        } extract: { document, page, cancellation throws(DocumentError) in
            DocumentReflow.Page(try document.text(page: page, cancellation: cancellation), width: width)
        } write: { page, read in
            write(reflow.add(read, number: page, printed: selected.contains(page)))
        }
        write(reflow.remaining())
        output.flush()
        return status ?? 1
    }

    /// `text` without controls other than newlines, tabs and form feeds, and a form feed after it.
    private static func printable(_ text: String) -> String {
        TerminalSafeText.sanitized(text, keeping: textControls) + "\u{0C}"
    }

    /// Each selected page as a sixel image (256 colour registers, exact when the page has no
    /// more colours), followed by a newline.
    private func sixel(_ document: Document) throws(DocumentError) -> Int32 {
        let width = options.width ?? TerminalProbe.windowPixelWidth() ?? 800
        let compact = options.compactSixel.isCompact(environment: Environment.values(["SSH_CONNECTION"]))
        let status = try forEachPage(document) { document, page, cancellation throws(DocumentError) in
            let rendered = try document.render(page: page, width: width, cancellation: cancellation)
            let image = IndexedImage(
                page: RGBImage(width: rendered.width, height: rendered.height, pixels: rendered.pixels), maxColors: 256,
                compact: compact)
            return SixelEncoder.encode(image)
        } write: { _, bytes in
            output.write(bytes: bytes)
            output.write("\n")
        }
        output.flush()
        return status ?? 1
    }

    /// Each selected page as an image in the protocol `--graphics` names (detected for `auto`),
    /// followed by a newline: fitted in `--size` cells, or `--width` pixels wide (the terminal's
    /// width, or 800, by default; for half blocks a pixel is a column, and the default the
    /// terminal's columns, or 80).
    private func image(_ document: Document) throws(DocumentError) -> Int32 {
        let preference = options.graphics ?? .auto
        // Only `auto` asks the terminal (which protocol it speaks, and its cell); a named
        // protocol asks nothing, its cell size is `--cell-size`'s or TIOCGWINSZ's.
        let support =
            preference == .auto
            ? TerminalProbe.detect(preference: preference, compactSixel: options.compactSixel)
            : TerminalProbe.assume(preference: preference, compactSixel: options.compactSixel)
        let method = support.method
        let cell: BatchCell
        let defaultWidth: Int
        if case .halfBlocks = method {
            cell = BatchCell(pixels: PixelSize(width: 1, height: 2), known: true)
            let columns = TerminalProbe.windowGeometry(of: STDOUT_FILENO).cells.columns
            defaultWidth = columns > 0 ? columns : 80
        } else {
            let given = options.cellSize.map { PixelSize(width: $0.width, height: $0.height) }
            cell =
                preference == .auto && given == nil
                ? BatchCell(pixels: support.cellPixels, known: support.cellSizeKnown)
                : BatchCell.of(given: given, window: Self.window())
            defaultWidth = TerminalProbe.windowPixelWidth() ?? 800
        }
        let size = options.size
        let width = options.width ?? defaultWidth
        let status = try forEachPage(document) { document, page, cancellation throws(DocumentError) in
            let rgb: RGBImage
            let fitted: FittedPage?
            if let size {
                // Told to fit an image to cells, a terminal scales it (kitty by nearest neighbour):
                // the page goes out exactly as large as the cells it covers, white beyond its
                // edges, so that it is drawn unscaled when the cell size is right.
                var sixelBands = false
                if case .sixel = method { sixelBands = true }
                let page = try FittedPage.fit(
                    document: document, page: page, box: size, cell: cell.pixels, sixelBands: sixelBands,
                    cancellation: cancellation)
                fitted = page
                rgb = page.image
            } else {
                let points = try document.pageSize(page)
                let rendered = try document.render(
                    page: page, zoom: Double(width) / max(points.width, 1), cancellation: cancellation)
                rgb = RGBImage(width: rendered.width, height: rendered.height, pixels: rendered.pixels)
                fitted = nil
            }
            switch method {
            case .kitty:
                let png = try WirePNG.encode(rgb)
                return fitted?.kittyDisplay(png: png, cellKnown: cell.known)
                    ?? KittyGraphics.display(png: png, cells: nil)
            case .iterm:
                let png = try WirePNG.encode(rgb)
                return fitted?.itermImage(png: png) ?? ITermImage.encode(png: png)
            case .sixel(let registers):
                return SixelEncoder.encode(
                    IndexedImage(page: rgb, maxColors: min(registers, 256), compact: support.compactGreys))
            case .halfBlocks(let colors):
                return (0..<((rgb.height + 1) / 2)).flatMap { row in
                    HalfBlockEncoder.encodeRow(
                        rgb, cellRow: row, firstColumn: 0, columns: rgb.width, colors: colors) + [0x0A]
                }
            case .none:
                return []
            }
        } write: { _, bytes in
            output.write(bytes: bytes)
            if case .halfBlocks = method {} else { output.write("\n") }
        }
        output.flush()
        return status ?? 1
    }

    /// The outline: a line per entry (with `--labels`, a column of printed labels), or with
    /// `--json` one object (docs/schema/outline.json).
    private func outline(_ document: Document) throws(DocumentError) -> Int32 {
        let outline = try document.outline()
        let labels = options.showsLabels || options.json ? try document.pageLabels() : .none
        if options.json {
            let entries = outline.entries.map { entry -> JSONValue in
                .object([
                    ("level", .integer(entry.level)),
                    ("title", .string(entry.title)),
                    ("page", entry.page.map { .integer($0 + 1) } ?? .null),
                    ("label", .string(entry.page.flatMap { labels.label(ofPage: $0) })),
                ])
            }
            let value = JSONValue.object([("entries", .array(entries)), ("truncated", .bool(outline.isTruncated))])
            output.write(value.text + "\n")
        }
        for entry in outline.entries where !options.json {
            let indent = String(repeating: "  ", count: entry.level)
            let title = safe(entry.title)
            let page = entry.page.map { String($0 + 1) } ?? ""
            let label = options.showsLabels ? "\t" + labelColumn(entry.page, labels) : ""
            output.write("\(indent)\(title)\t\(page)\(label)\n")
        }
        output.flush()
        if outline.isTruncated {
            report("the outline is too large or too deep (or loops); it was cut short")
        }
        return 0
    }

    /// `@label` for the page's printed label, made safe for a terminal; empty when it has none.
    private func labelColumn(_ page: Int?, _ labels: PageLabels) -> String {
        page.flatMap { labels.label(ofPage: $0) }.map { safe(PageNumberRule.labelMark + $0) } ?? ""
    }

    /// The lines that match, as `PAGE:LINE` (with `--labels`, `PAGE:@LABEL:LINE`), or with
    /// `--json` an object per match.
    private func search(_ document: Document, _ pattern: SearchPattern) throws(DocumentError) -> Int32 {
        if options.json {
            return try searchJSON(document, pattern)
        }
        let labels = options.showsLabels ? try document.pageLabels() : .none
        let showsLabels = options.showsLabels
        var found = false
        let status = try forEachPage(document) { document, page, cancellation throws(DocumentError) in
            let text = try document.plainText(page: page, cancellation: cancellation)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let found: (starts: [Int], continuations: [Int])
            do throws(SearchTooCostly) {
                found = try pattern.matchingLineIndices(in: lines, until: .after(seconds: TimeLimits.searchPage))
            } catch {
                throw .skipped("the pattern is too costly on this page (gave up after \(Int(TimeLimits.searchPage)) s)")
            }
            // A line a match starts on is `PAGE:LINE`; the next line, when the match runs on into
            // it and it has no match of its own, is `PAGE-LINE` (as grep prints context).
            let printed =
                found.starts.map { ($0, ":") } + found.continuations.map { ($0, "-") }
            return printed.sorted { $0.0 < $1.0 }.map { index, separator in
                (separator, TerminalSafeText.sanitized(String(lines[index])))
            }
        } write: { page, lines in
            let label = showsLabels ? labelColumn(page, labels) : nil
            for (separator, line) in lines {
                found = true
                output.write("\(page + 1)\(separator)\(label.map { $0 + separator } ?? "")\(line)\n")
            }
        }
        output.flush()
        guard let status else { return 1 }
        return found ? status : 1
    }

    /// `--search --json`: one object per match, a line each (docs/schema/search.json), read from
    /// the page's structured text, whose lines are the lines `--search` prints, so that each
    /// match has its characters' boxes as MuPDF gives them.
    private func searchJSON(_ document: Document, _ pattern: SearchPattern) throws(DocumentError) -> Int32 {
        let labels = try document.pageLabels()
        var found = false
        let status = try forEachPage(document) { document, page, cancellation throws(DocumentError) in
            let text = try document.text(page: page, cancellation: cancellation)
            do throws(SearchTooCostly) {
                let matches = try pattern.pageMatches(in: text, until: .after(seconds: TimeLimits.searchPage))
                return (text, matches)
            } catch {
                throw .skipped("the pattern is too costly on this page (gave up after \(Int(TimeLimits.searchPage)) s)")
            }
        } write: { page, read in
            let (text, matches) = read
            for match in matches {
                found = true
                let lines = text.blocks[match.block].lines
                func part(_ part: PageMatch.Part) -> [(key: String, value: JSONValue)] {
                    [
                        ("line", .string(lines[part.line].text)),
                        ("start", .integer(part.characters.lowerBound)),
                        ("end", .integer(part.characters.upperBound)),
                        ("rect", part.box.map(Self.rectJSON) ?? .null),
                    ]
                }
                let value = JSONValue.object(
                    [("page", .integer(page + 1)), ("label", .string(labels.label(ofPage: page)))] + part(match.start)
                        + [("continuation", match.continuation.map { .object(part($0)) } ?? .null)])
                output.write(value.text + "\n")
            }
        }
        output.flush()
        guard let status else { return 1 }
        return found ? status : 1
    }

    /// A box in points, as `{"x0":…,"y0":…,"x1":…,"y1":…}` (origin at the page's top left, y
    /// growing down, as MuPDF measures), to a hundredth of a point; `null` when a coordinate is
    /// not a finite number (docs/schema/search.json types each one a number).
    static func rectJSON(_ box: TextRect) -> JSONValue {
        let edges = [box.x0, box.y0, box.x1, box.y1].map { ($0 * 100).rounded() / 100 }
        guard edges.allSatisfy(\.isFinite) else { return .null }
        return .object(zip(["x0", "y0", "x1", "y1"], edges).map { ($0, .number($1)) })
    }
}
