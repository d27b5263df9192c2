import FolioCommandLine
import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import Glibc

/// `folio --preview FILE --size COLSxROWS`: one page fitted to a box of cells, for file managers
/// and `fzf --preview` (docs/INTEGRATION.md). The file is read afresh every time, the terminal
/// is never asked anything, and nothing but the page is written: no mode set, no cursor moved
/// beyond what the page's own output moves it.
extension BatchCommands {
    /// The kitty image id previews use: one id, so each preview replaces the last one's image in
    /// the terminal instead of piling up; below 256, as placeholder cells carry it as a
    /// 256-colour foreground.
    static let previewImageID: UInt32 = 173

    /// Runs the preview and returns the exit status: 1, with one line saying why, for a file
    /// that is no document (as the browser says it) or a page that cannot be read.
    func preview() -> Int32 {
        guard let box = options.size else { return 2 }
        switch FileSniffer.classify(path) {
        case .document: break
        case .folder:
            report("a folder, not a document")
            return 1
        case .other(let reason):
            report(reason)
            return 1
        }
        let environment = Environment.values(PreviewForm.environmentNames + ["SSH_CONNECTION"])
        let form = PreviewForm.decide(
            preference: options.graphics, placeholders: options.kittyPlaceholders, environment: environment)
        do throws(DocumentError) {
            let document = try Document(path: path, password: options.password)
            if document.needsPassword {
                throw .needsPassword
            }
            guard let page = try selectedPages(document)?.first?.lowerBound else { return 1 }
            let cancellation = Cancellation(timeLimit: TimeLimits.pageImage)
            let compact = options.compactSixel.isCompact(environment: environment)
            let cell = previewCell(form)
            func fitted() throws(DocumentError) -> FittedPage {
                // xterm draws nothing of a sixel image beyond its limit (1000 × 1000 px unless
                // configured): a box larger than that is cut to the cells within it.
                let limit = GraphicsSupport.assumedMaxImage
                let imageBox =
                    form == .sixel
                    ? Options.CellBox(
                        columns: min(box.columns, max(limit.width / cell.pixels.width, 1)),
                        rows: min(box.rows, max(limit.height / cell.pixels.height, 1)))
                    : box
                return try FittedPage.fit(
                    document: document, page: page, box: imageBox, cell: cell.pixels, sixelBands: form == .sixel,
                    cancellation: cancellation)
            }
            let bytes: [UInt8]
            switch form {
            case .text:
                bytes = try previewText(document, page: page, box: box, cancellation: cancellation)
            case .kitty:
                let page = try fitted()
                bytes = page.kittyDisplay(png: try WirePNG.encode(page.image), cellKnown: cell.known)
            case .kittyPlaceholders(let throughTmux):
                let page = try fitted()
                bytes = Self.placeholders(page, png: try WirePNG.encode(page.image), throughTmux: throughTmux)
            case .sixel:
                bytes = SixelEncoder.encode(IndexedImage(page: try fitted().image, maxColors: 256, compact: compact))
            case .iterm:
                let page = try fitted()
                bytes = page.itermImage(png: try WirePNG.encode(page.image))
            case .halfBlocks(let colors):
                let page = try fitted()
                bytes = (0..<page.rows).flatMap { row in
                    HalfBlockEncoder.encodeRow(
                        page.image, cellRow: row, firstColumn: 0, columns: page.columns, colors: colors) + [0x0A]
                }
            }
            output.write(bytes: bytes)
            output.flush()
            return 0
        } catch {
            report(error.description)
            return 1
        }
    }

    /// The page's text as the reader's reflow view shows it in `box.columns` cells, cut to
    /// `box.rows` lines, each ending in a newline; a page without text says so.
    private func previewText(
        _ document: Document, page: Int, box: Options.CellBox, cancellation: Cancellation
    ) throws(DocumentError) -> [UInt8] {
        let text = try document.text(page: page, cancellation: cancellation)
        var lines = TextLayout.reflow(text, width: box.columns).map {
            TerminalSafeText.sanitized($0.shown(inColumns: box.columns))
        }
        while lines.first?.isEmpty == true {
            lines.removeFirst()
        }
        if lines.isEmpty {
            lines = [DisplayWidth.truncated("(page \(page + 1) has no text)", toWidth: box.columns)]
        }
        return Array(lines.prefix(box.rows).map { $0 + "\n" }.joined().utf8)
    }

    /// The cell size images are rendered for: `--cell-size`, else what the terminal's window
    /// size says (TIOCGWINSZ, which asks the terminal nothing), else a common size.
    private func previewCell(_ form: PreviewForm) -> BatchCell {
        form.cell(given: options.cellSize.map { PixelSize(width: $0.width, height: $0.height) }, window: Self.window())
    }

    /// The size of the terminal on /dev/tty, else on standard output, from TIOCGWINSZ: a system
    /// call, not a query the terminal answers on its input.
    static func window() -> (cells: (columns: Int, rows: Int), pixels: PixelSize) {
        let tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        defer { if tty >= 0 { close(tty) } }
        return TerminalProbe.windowGeometry(of: tty >= 0 ? tty : STDOUT_FILENO)
    }

    /// `page` as kitty Unicode placeholders: its `png` transmitted under ``previewImageID`` with
    /// a virtual placement over its cells (through tmux's passthrough when `throughTmux`), then
    /// one row of placeholder cells a line.
    private static func placeholders(_ page: FittedPage, png: [UInt8], throughTmux: Bool) -> [UInt8] {
        let id = previewImageID
        var commands = KittyGraphics.transmit(png: png, id: id)
        commands += KittyPlaceholder.virtualPlacement(id: id, columns: page.columns, rows: page.rows)
        if throughTmux {
            commands = TmuxPassthrough.wrapEachCommand(commands)
        }
        return (0..<page.rows).reduce(into: commands) { bytes, row in
            bytes += KittyPlaceholder.row(id: id, row: row, firstColumn: 0, columns: page.columns) + [0x0A]
        }
    }
}
