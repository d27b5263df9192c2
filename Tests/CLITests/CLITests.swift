import FolioTestSupport
import Foundation
import Testing

/// The command line, run as a user would: the built binary, real corpus files, exit codes, and
/// output compared with mutool's.
@Suite struct CLITests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    @Test func helpListsEveryOption() throws {
        let result = try FolioProcess.run(["--help"])
        #expect(result.status == 0)
        for option in [
            "--info", "--text", "--pages RANGE", "--outline", "--search PATTERN", "--password PW",
            "-p, --page N", "--version", "-h, --help", "--image", "--size COLSxROWS", "--graphics MODE",
            "--preview", "--cell-size WxH", "kitty-placeholders",
        ] {
            #expect(result.output.contains(option), "usage lacks \(option)")
        }
    }

    /// The version line names the MuPDF and ncurses Folio is built with (Debian 12's: MuPDF
    /// 1.21, ncurses 6.4).
    @Test func versionNamesMuPDFAndNcurses() throws {
        let result = try FolioProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(
            result.output.wholeMatch(of: /folio \d+\.\d+\.\d+ \(MuPDF 1\.21\.\d+, ncurses 6\.\d+\.\d+\)\n/) != nil,
            "\(result.output)")
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--pages", "5-3", "--text", "x.pdf"], "invalid page range '5-3'"),
        (["--pages", "0", "--text", "x.pdf"], "invalid page range '0'"),
        (["--text"], "a FILE is needed"),
        (["--text", "--info", "x.pdf"], "cannot be combined"),
        (["--search"], "--search needs a value"),
        (
            ["--pages", "2", "--outline", "x.pdf"],
            "--pages applies to --text, --search, --annotations, --sixel, --image and --preview"
        ),
        (["--preview", "x.pdf"], "--preview needs --size COLSxROWS"),
        (["--preview", "x.pdf", "--size", "80x24", "--cell-size", "10"], "invalid cell size '10' (WxH in pixels"),
        (["--text", "x.pdf", "--cell-size", "10x20"], "--cell-size applies to --preview and --image"),
        (
            ["--image", "x.pdf", "--graphics", "kitty-placeholders"],
            "--graphics kitty-placeholders applies to --preview"
        ),
        (["--preview", "x.pdf", "--size", "80x24", "--width", "300"], "--width applies to"),
        (
            ["--width", "300", "--text", "x.pdf"],
            "--width applies to --sixel, --image, --text --reflow and --text --layout"
        ),
        (
            ["--graphics", "sixels", "x.pdf"],
            "invalid --graphics 'sixels' (auto, kitty, sixel, iterm, halfblock or none)"
        ),
        (["--image", "--size", "80", "x.pdf"], "invalid size '80' (COLSxROWS"),
        (["--image", "--size", "80x24", "--width", "300", "x.pdf"], "--width and --size cannot be combined"),
        (["--size", "80x24", "--sixel", "x.pdf"], "--size applies to --image"),
        (["--image", "--graphics", "none", "x.pdf"], "--image needs a protocol"),
        (["--compact-sixel", "yes", "x.pdf"], "invalid --compact-sixel 'yes' (auto, on or off)"),
        (["a.pdf", "b.pdf"], "only one FILE or DIR"),
        (["--page", "0", "a.pdf"], "invalid page '0'"),
        (["--pages", "ii-", "--pages", "1,,2", "--text", "x.pdf"], "invalid page range '1,,2'"),
        (["--info=yes", "a.pdf"], "--info takes no value"),
        (["--remote"], "--remote needs a COMMAND (goto, reload, search, page, view, synctex, quit) or --list"),
        (["--to", "3", "x.pdf"], "--to applies to --remote"),
        (["--list"], "--list applies to --remote"),
        (["--remote", "--list", "page"], "--remote --list takes no COMMAND"),
        (["--remote", "jump", "3"], "--remote: unknown command 'jump'"),
        (["--remote", "view", "sixel"], "--remote: unknown view 'sixel' (text or image)"),
        (["x.pdf", "--remote", "page"], "--remote cannot be combined with a FILE"),
        (["--synctex-forward", "12:0:a.tex"], "--synctex-forward needs the document: a FILE"),
        (["--synctex-forward", "a.tex:12", "x.pdf"], "--synctex-forward: 'a.tex:12' is not LINE:COLUMN:TEXFILE"),
        (["--remote", "synctex", "junk"], "--remote synctex: 'junk' is not LINE:COLUMN:TEXFILE"),
        (["--synctex-editor", " ", "x.pdf"], "--synctex-editor needs a COMMAND"),
        (["--synctex-editor", "vim", "--info", "x.pdf"], "--synctex-editor applies to the reader, not to a mode"),
        (["--synctex-editor", "vim %{file}", "x.pdf"], "invalid --synctex-editor 'vim %{file}' (quotes closed;"),
    ])
    func usageErrorsExitWithStatus2(arguments: [String], message: String) throws {
        let result = try FolioProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("folio: "))
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
        #expect(result.stderr.contains("Try 'folio --help'"))
        #expect(result.stdout.isEmpty)
    }

    /// `--remote` with no reader running says so in one line on standard output, exit 1 (in a
    /// runtime folder of the test's own, never the user's).
    @Test func remoteWithNoReaderRunningSaysSo() throws {
        let runtime = NSTemporaryDirectory() + "folio-cli-remote-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let result = try FolioProcess.run(["--remote", "page"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(result.status == 1)
        #expect(result.output == "error: no Folio reader is running\n")
        #expect(result.stderr.isEmpty)
        let listing = try FolioProcess.run(["--remote", "--list"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(listing.status == 0)
        #expect(listing.output.isEmpty)
    }

    @Test func infoPrintsKeyValueLines() throws {
        let result = try FolioProcess.run(["--info", tracemonkey])
        #expect(result.status == 0)
        let keys = result.output.split(separator: "\n").map { $0.prefix { $0 != ":" } }
        #expect(
            keys == [
                "File", "Format", "Pages", "Page labels", "Title", "Author", "Subject", "Creator", "Producer",
                "Encrypted",
            ])
        #expect(result.output.contains("Page labels: no\n"))
        #expect(result.output.contains("Pages: 14\n"))
        #expect(result.output.contains("Format: PDF 1.4\n"))
        #expect(result.output.contains("Producer: pdfeTeX-1.21a\n"))
        #expect(result.output.contains("Encrypted: no\n"))
    }

    /// MuPDF names a comic book by its archive's format ("zip"); Folio says what it is.
    @Test func infoNamesEachFormat() throws {
        for (name, format) in [
            ("idpf-haruko-manga.cbz", "CBZ"), ("idpf-moby-dick.epub", "EPUB"), ("tika-testXPS_various.xps", "XPS"),
        ] {
            let result = try FolioProcess.run(["--info", Corpus.path(name)])
            #expect(result.status == 0)
            #expect(result.output.contains("Format: \(format)\n"), "\(name): \(result.output)")
        }
    }

    @Test func infoReportsEncryptionAndLock() throws {
        let locked = try FolioProcess.run(["--info", Corpus.path("qpdf-20-pages-encrypted.pdf")])
        #expect(locked.status == 0)
        #expect(locked.output.contains("Encrypted: yes\n"))
        #expect(locked.output.contains("Locked: yes"))
        let unlocked = try FolioProcess.run([
            "--info", "--password", "user", Corpus.path("qpdf-20-pages-encrypted.pdf"),
        ])
        #expect(unlocked.output.contains("Encrypted: yes\n"))
        #expect(!unlocked.output.contains("Locked"))
    }

    @Test func infoOnLyingPageTreeReportsReadablePages() throws {
        let result = try FolioProcess.run(["--info", Corpus.path("pdfjs-poppler-67295-0-billion-pages.pdf")])
        #expect(result.status == 0)
        #expect(result.output.contains("Pages: 1\n"))
        #expect(result.output.contains("declares 1410065407 pages"))
    }

    @Test(arguments: [
        "pdfjs-tracemonkey.pdf", "pypdf-multicolumn.pdf", "idpf-childrens-literature.epub",
        "tika-testPPT.xps", "tika-test.fb2", "pdfjs-javauninstall-japanese.pdf",
    ])
    func textAgreesWithMutool(file: String) throws {
        let expected = try Mutool.pageTexts(Corpus.path(file))
        let result = try FolioProcess.run(["--text", Corpus.path(file)])
        #expect(result.status == 0)
        var pages = result.output.components(separatedBy: "\u{0C}")
        #expect(pages.removeLast() == "", "output must end with a form feed")
        #expect(pages == expected)
    }

    @Test func textOfSelectedPages() throws {
        let expected = try Mutool.pageTexts(tracemonkey)
        let result = try FolioProcess.run(["--text", "--pages", "2,4-5,13-", tracemonkey])
        #expect(result.status == 0)
        let wanted = [1, 3, 4, 12, 13].map { expected[$0] + "\u{0C}" }.joined()
        #expect(result.output == wanted)
    }

    @Test func infoListsPageLabels() throws {
        let labelled = try FolioProcess.run(["--info", Corpus.path("pdfjs-labelled_pages.pdf")])
        #expect(labelled.output.contains("Page labels: yes: i–iv, 1–3, a–b, 4–5\n"))
        let octave = try FolioProcess.run(["--info", Corpus.path("debian-octave.pdf")])
        #expect(octave.output.contains("Page labels: yes: T-1–T-2, i–xiv, 1–1142\n"))
    }

    /// `--pages` counts pages from 1, as pdftotext, qpdf and mutool do, and takes printed labels
    /// after `@` (a word that is no number without it). Each page of qpdf's file says its 0-based
    /// index ("Potato 4"), and its labels run i–v, vi–vii, 2–4, 6–9, 12–13, 16059, l–lv, liv.
    @Test func pagesByNumberAndByLabel() throws {
        let path = Corpus.path("qpdf-page-labels-and-outlines.pdf")
        func potatoes(_ pages: String) throws -> [String] {
            let result = try FolioProcess.run(["--text", "--pages", pages, path])
            #expect(result.status == 0, "\(result.stderr)")
            return result.output.split(separator: "\u{0C}").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        #expect(
            try potatoes("iii,@16059,@liv,@3-4") == ["Potato 4", "Potato 22", "Potato 27", "Potato 13", "Potato 14"])
        #expect(try potatoes("3-4,16") == ["Potato 2", "Potato 3", "Potato 15"], "numbers are pages, not labels")
        #expect(try potatoes("@iii-@v,@2-").prefix(4) == ["Potato 4", "Potato 5", "Potato 6", "Potato 12"])
        let unknown = try FolioProcess.run(["--text", "--pages", "iii-zz", path])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no page labelled 'zz' (i–v, vi–vii, 2–4, 6–9,"), "\(unknown.stderr)")
        let noSuchLabel = try FolioProcess.run(["--text", "--pages", "@5", path])
        #expect(noSuchLabel.stderr.contains("no page labelled '5' (i–v,"), "\(noSuchLabel.stderr)")
        let beyond = try FolioProcess.run(["--text", "--pages", "16059", path])
        #expect(beyond.stderr.contains("no page 16059 (the document has 30)"), "\(beyond.stderr)")
        let reversed = try FolioProcess.run(["--text", "--pages", "v-ii", path])
        #expect(reversed.stderr.contains("the range 'v-ii' ends before it starts"), "\(reversed.stderr)")
    }

    @Test func pageBeyondTheEndIsADocumentError() throws {
        let result = try FolioProcess.run(["--text", "--pages", "12-40", tracemonkey])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: \(tracemonkey): no page 40 (the document has 14)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        "pdfjs-nested_outline.pdf", "pypdf-GeoTopo-komprimiert.pdf", "debian-octave.pdf",
        "pdf20-utf8-test.pdf", "docs/sample.pdf",
    ])
    func outlineAgreesWithMutool(file: String) throws {
        let path = file.hasPrefix("docs/") ? Corpus.repositoryRoot.appendingPathComponent(file).path : Corpus.path(file)
        // mutool escapes a newline inside a title as "\\n"; Folio neutralises it to U+FFFD.
        let expected = try Mutool.outline(path).map { entry in
            var entry = entry
            entry.title = entry.title.replacingOccurrences(of: "\\n", with: "\u{FFFD}")
            return entry
        }
        #expect(!expected.isEmpty)
        let result = try FolioProcess.run(["--outline", path])
        #expect(result.status == 0)
        let entries = result.output.split(separator: "\n").map { line -> Mutool.OutlineEntry in
            let indent = line.prefix { $0 == " " }.count
            let fields = line.dropFirst(indent).split(separator: "\t", omittingEmptySubsequences: false)
            return Mutool.OutlineEntry(level: indent / 2, title: String(fields[0]), page: Int(fields[1]))
        }
        #expect(entries == expected)
    }

    /// `--sixel` output decoded by libsixel matches mutool's render of the same page and width.
    @Test(arguments: [("pdfjs-tracemonkey.pdf", 48.0), ("pdfjs-pdkids.pdf", 32.0)])
    func sixelMatchesMutoolsRender(file: String, minimumPSNR: Double) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-sixel-\(getpid())-\(file)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Corpus.path(file)
        let result = try FolioProcess.shell(
            """
            cd '\(directory.path)' && "$FOLIO" --sixel --compact-sixel off --pages 1 --width 600 '\(path)' > page.six && \
            sixel2png -i page.six -o page.png && mutool draw -F png -w 600 -o ref.png '\(path)' 1 2>/dev/null && \
            compare -metric PSNR ref.png page.png null: 2>&1
            """)
        #expect(result.status == 0 || result.status == 1, "pipeline failed: \(result.stderr)")
        let psnr = Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(psnr >= minimumPSNR, "PSNR \(result.output)")
    }

    /// `--image` in kitty's and iTerm2's protocols carries a PNG of the page: decoded, it is
    /// mutool's render at the same width pixel for pixel (PSNR inf); kitty's chunks are keyed as
    /// the protocol says.
    @Test(arguments: ["kitty", "iterm"])
    func imageCarriesThePageAsPNG(protocolName: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-image-\(getpid())-\(protocolName)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try FolioProcess.shell(
            """
            cd '\(directory.path)' && "$FOLIO" --image --graphics \(protocolName) --pages 1-2 --width 600 \
            '\(tracemonkey)' > pages && mutool draw -F png -w 600 -o ref.png '\(tracemonkey)' 1 2>/dev/null
            """)
        #expect(written.status == 0, "\(written.stderr)")
        let bytes = Array(try Data(contentsOf: directory.appendingPathComponent("pages")))
        // Two pages, each ending in a newline.
        let pages = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        try #require(pages.count == 2)
        let base64: [UInt8]
        if protocolName == "kitty" {
            let commands = try #require(KittyCommand.all(in: Array(pages[0])))
            #expect(commands.first?.keys["a"] == "T" && commands.first?.keys["f"] == "100")
            #expect(commands.last?.keys["m"] == "0")
            #expect(commands.dropLast().allSatisfy { $0.keys["m"] == "1" && $0.payload.count == 4096 })
            base64 = commands.flatMap(\.payload)
        } else {
            let text = String(decoding: pages[0], as: UTF8.self)
            #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size="))
            #expect(text.hasSuffix("\u{07}"))
            base64 = Array(try #require(text.split(separator: ":").last).dropLast().utf8)
        }
        let png = try #require(Data(base64Encoded: Data(base64)))
        try png.write(to: directory.appendingPathComponent("page.png"))
        let compared = try FolioProcess.shell(
            "cd '\(directory.path)' && compare -metric PSNR ref.png page.png null: 2>&1")
        #expect(compared.output.trimmingCharacters(in: .whitespacesAndNewlines) == "inf", "PSNR \(compared.output)")
    }

    /// `--image --size` in kitty's and iTerm2's protocols, the cell size not known (no
    /// terminal: 10×20 px assumed): the PNG is exactly as large as the cells it is fitted to
    /// (`c`/`r`, or iTerm2's width and height, keeping its shape), so that the terminal draws
    /// it unscaled: mutool's render of the page at the box's height (619 px wide; folio's, of
    /// the same zoom, ends a column earlier), then white to the cells' edge. (Scaled to those cells by nearest neighbour, a PNG two pixels narrower scored
    /// 17 dB.)
    @Test(arguments: ["kitty", "iterm"])
    func imageFittedToCellsIsExactlyTheirSize(protocolName: String) throws {
        let directory = try TemporaryDirectory()
        let written = try FolioProcess.shell(
            """
            cd '\(directory.url.path)' && "$FOLIO" --image --graphics \(protocolName) --pages 1 --size 80x40 \
            '\(tracemonkey)' </dev/null > page && mutool draw -F png -h 800 -o ref.png '\(tracemonkey)' 1 2>/dev/null
            """)
        #expect(written.status == 0, "\(written.stderr)")
        let bytes = Array(try Data(contentsOf: directory.url.appendingPathComponent("page")).dropLast())
        let base64: [UInt8]
        let cells: (columns: String?, rows: String?)
        if protocolName == "kitty" {
            let commands = try #require(KittyCommand.all(in: bytes))
            cells = (commands.first?.keys["c"], commands.first?.keys["r"])
            base64 = commands.flatMap(\.payload)
        } else {
            let text = String(decoding: bytes, as: UTF8.self)
            let header = try #require(text.split(separator: ":").first)
            #expect(header.hasSuffix(";preserveAspectRatio=1"))
            let fields = header.split(separator: ";")
            cells = (
                fields.first { $0.hasPrefix("width=") }.map { String($0.dropFirst(6)) },
                fields.first { $0.hasPrefix("height=") }.map { String($0.dropFirst(7)) }
            )
            base64 = Array(try #require(text.split(separator: ":").last).dropLast().utf8)
        }
        // A letter page in 800 × 800 px: 618 × 800, on 62 × 40 cells of 10 × 20.
        #expect(cells.columns == "62" && cells.rows == "40")
        let png = try #require(Data(base64Encoded: Data(base64)))
        try png.write(to: directory.url.appendingPathComponent("page.png"))
        let measured = try FolioProcess.shell(
            """
            cd '\(directory.url.path)' && identify -format '%wx%h ' page.png ref.png && \
            convert page.png -crop 618x800+0+0 +repage page-crop.png && \
            convert ref.png -crop 618x800+0+0 +repage ref-crop.png && \
            compare -metric PSNR ref-crop.png page-crop.png null: 2>&1; echo; \
            convert page.png -crop 2x800+618+0 +repage -format '%[fx:minima.r*255]' info:
            """)
        let lines = measured.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "620x800 619x800 inf", "\(measured.output) \(measured.stderr)")
        #expect(lines.last == "255", "the two columns past the page are white")
    }

    /// `--image --size` with `--cell-size`, in kitty's and iTerm2's protocols: the PNG is exactly
    /// the pixels of the cells it covers (mutool's width rounded up to whole cells, the box's
    /// height), mutool's render where the page is and white right of it; kitty draws it at its
    /// own pixels (no `c`/`r`), iTerm2 is told those cells keeping its shape.
    @Test(arguments: ["kitty", "iterm"], ["80x40@10x20", "60x20@8x17"])
    func imageWithAGivenCellIsExactlyItsCells(protocolName: String, box: String) throws {
        let (cells, cell) = try #require(PreviewCLITests.boxAndCell(box))
        let result = try FolioProcess.run([
            "--image", "--graphics", protocolName, "--pages", "1", "--size", cells.joined(separator: "x"),
            "--cell-size", cell.map(String.init).joined(separator: "x"), tracemonkey,
        ])
        try PreviewCLITests.expectExactCells(
            result, of: tracemonkey, protocolName: protocolName, cells: cells, cell: cell)
    }

    /// `--image --graphics sixel --size` fits the page in whole six-pixel bands within the box:
    /// a terminal draws a sixel image's last band whole (Konsole drew a page 680 px tall as
    /// 684, 4 px past a box of 40 rows of 17 px). No terminal here: cells of 10×20 px assumed,
    /// a box 800 px tall, 798 of it whole bands.
    @Test func sixelFittedToCellsEndsWithinTheBox() throws {
        let result = try FolioProcess.run([
            "--image", "--graphics", "sixel", "--size", "80x40", "--pages", "1", tracemonkey,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let raster = try #require(result.output.split(separator: "\"").dropFirst().first)
        let size = raster.split(separator: ";").prefix(4).compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(size.count == 4 && size[3] == 798, "raster attributes \(raster.prefix(20))")
    }

    /// `--image --graphics sixel --size` on Konsole's cells of 8×17 px (`--cell-size`): the
    /// image is whole bands no taller than the box's 40 rows of 17 px (680), the sixel decoded
    /// by libsixel as tall as it declares.
    @Test func sixelWithAGivenCellIsNoTallerThanItsRows() throws {
        let directory = try TemporaryDirectory()
        let result = try FolioProcess.shell(
            """
            cd '\(directory.url.path)' && "$FOLIO" --image --graphics sixel --pages 1 --size 80x40 \
            --cell-size 8x17 '\(tracemonkey)' > page.six && sixel2png -i page.six -o page.png && \
            identify -format '%h' page.png
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let height = try #require(Int(result.output))
        #expect(height <= 40 * 17 && height % 6 == 0 && height > 40 * 17 - 17, "height \(height)")
    }

    /// `--image --graphics sixel` is `--sixel`; half blocks fit `--size` in cells, two pixels
    /// a cell down.
    @Test func imageInSixelAndHalfBlocks() throws {
        let sixel = try FolioProcess.run(["--sixel", "--pages", "1", "--width", "300", tracemonkey])
        let image = try FolioProcess.run([
            "--image", "--graphics", "sixel", "--pages", "1", "--width", "300", tracemonkey,
        ])
        #expect(image.status == 0 && image.output == sixel.output)
        let blocks = try FolioProcess.run([
            "--image", "--graphics", "halfblock", "--size", "60x20", "--pages", "1", tracemonkey,
        ])
        #expect(blocks.status == 0)
        let rows = blocks.output.split(separator: "\n")
        // A letter page (612 × 792 pt) in 60×40 pixels: as tall as the box, 31 columns wide.
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0.filter { $0 == "▀" }.count == 31 })
    }

    /// `--compact-sixel on` writes a text page in a dozen greys: about half the bytes; `auto` is
    /// compact over ssh (`SSH_CONNECTION`) only.
    @Test func compactSixelIsSmallerAndChosenOverSSH() throws {
        let arguments = ["--sixel", "--pages", "1", "--width", "600", tracemonkey]
        let exact = try FolioProcess.run(["--compact-sixel", "off"] + arguments)
        let compact = try FolioProcess.run(["--compact-sixel", "on"] + arguments)
        #expect(exact.status == 0 && compact.status == 0)
        #expect(Double(compact.output.utf8.count) < 0.7 * Double(exact.output.utf8.count))
        let overSSH = try FolioProcess.shell(
            "SSH_CONNECTION='192.0.2.1 5000 192.0.2.2 22' \"$FOLIO\" \(arguments.map { "'\($0)'" }.joined(separator: " "))"
        )
        #expect(overSSH.output == compact.output)
        let local = try FolioProcess.shell(
            "env -u SSH_CONNECTION \"$FOLIO\" \(arguments.map { "'\($0)'" }.joined(separator: " "))")
        #expect(local.output == exact.output)
    }

    @Test func sixelOfAPageBeyondTheEnd() throws {
        let result = try FolioProcess.run(["--sixel", "--pages", "15", tracemonkey])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: \(tracemonkey): no page 15 (the document has 14)\n")
    }

    @Test func loopingOutlineIsAnErrorNotAHang() throws {
        let result = try FolioProcess.run(["--outline", Corpus.path("qpdf-outlines-with-loop.pdf")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Cycle detected in outlines"))
        let text = try FolioProcess.run(["--text", "--pages", "30", Corpus.path("qpdf-outlines-with-loop.pdf")])
        #expect(text.status == 0)
    }

    /// `--outline` is for scripts: right-to-left titles come in logical order, as stored and
    /// typed (the reader's outline shows them in visual order).
    @Test func rightToLeftOutlineTitlesPrintInLogicalOrder() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Fixtures.rightToLeftOutline(), to: "outline.pdf")
        let result = try FolioProcess.run(["--outline", path])
        #expect(result.status == 0)
        let expected = Fixtures.rightToLeftOutlineTitles.enumerated().map { "\($0.element)\t\($0.offset + 1)\n" }
        #expect(result.output == expected.joined())
    }

    @Test func documentWithoutOutlinePrintsNothing() throws {
        let result = try FolioProcess.run(["--outline", tracemonkey])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    /// `--search` is grep over MuPDF's text: the same pages and lines as `mutool draw -F txt | grep -i`.
    @Test(arguments: [
        ("pdfjs-tracemonkey.pdf", "trace"), ("pypdf-GeoTopo-komprimiert.pdf", "raum"),
        ("idpf-moby-dick.epub", "whale"), ("pdfjs-javauninstall-japanese.pdf", "インストール"),
        ("pdfjs-tracemonkey.pdf", "Trace"),
    ])
    func searchAgreesWithMutool(file: String, word: String) throws {
        let pages = try Mutool.pageTexts(Corpus.path(file))
        let caseSensitive = word != word.lowercased()
        var expected: [String] = []
        for (index, text) in pages.enumerated() {
            for line in text.split(separator: "\n") {
                let hit = caseSensitive ? line.contains(word) : line.lowercased().contains(word)
                if hit { expected.append("\(index + 1):\(line)") }
            }
        }
        #expect(!expected.isEmpty)
        let result = try FolioProcess.run(["--search", word, Corpus.path(file)])
        #expect(result.status == 0)
        // The lines holding the word itself are grep's; the others hold a match of it split
        // over a line break (the line it starts on is `PAGE:`, the next one `PAGE-`).
        let output = result.output.split(separator: "\n").map(String.init)
        let ownMatches = output.filter { line in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy(\.isNumber) else { return false }
            let text = line[line.index(after: colon)...]
            return caseSensitive ? text.contains(word) : text.lowercased().contains(word)
        }
        #expect(ownMatches == expected)
        #expect(output.count - ownMatches.count <= max(2, expected.count / 50), "few words are split over lines")
    }

    /// A phrase split over two lines and a word hyphenated at a line's end are found; the
    /// lines expected are the ones `pdftotext` shows there (page 2: "…recording nested trace" /
    /// "trees. Our system…", page 13: "…perform type special-" / "ization.").
    @Test func searchFindsMatchesAcrossLineBreaks() throws {
        let phrase = try FolioProcess.run(["--search", "nested trace trees", tracemonkey])
        #expect(phrase.status == 0)
        #expect(
            phrase.output.split(separator: "\n").contains(
                "2:We solve the nested loop problem by recording nested trace"))
        #expect(
            phrase.output.split(separator: "\n").contains(
                "2-trees. Our system traces the inner loop exactly as the na¨ıve version."))
        let word = try FolioProcess.run(["--search", "specialization", tracemonkey])
        let lines = word.output.split(separator: "\n")
        let start = try #require(
            lines.firstIndex(of: "13:Neither call threading nor inline threading perform type special-"))
        #expect(lines.dropFirst(start + 1).first == "13-ization.")
    }

    /// A regular expression that can backtrack exponentially is refused before it runs, one line
    /// and exit 2; one that is only slow ends in bounded time; the indented line of issue 21 is
    /// found.
    @Test func costlyRegularExpressionsEndInBoundedTime() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Fixtures.runsOfA(), to: "runs.pdf")
        let start = ContinuousClock.now
        for pattern in ["re:(a+)+$", "re:(a|aa)*b", "re:(.*)*x"] {
            let refused = try FolioProcess.run(["--search", pattern, path])
            #expect(refused.status == 2, "\(pattern)")
            let message = refused.stderr.split(separator: "\n").first ?? ""
            #expect(message.hasPrefix("folio: --search '\(pattern)' is too costly"), "\(refused.stderr)")
            #expect(message.hasSuffix("(exponential time)"), "\(refused.stderr)")
        }
        let slow = try FolioProcess.run(["--search", "re:.*.*b", path])
        #expect(slow.status == 1 && slow.output.isEmpty)
        let indented = try FolioProcess.run(["--search", "re:^\\s*ind", path])
        #expect(indented.status == 0 && indented.output.contains("indented"))
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func searchIsSmartCase() throws {
        let lower = try FolioProcess.run(["--search", "trace", tracemonkey])
        let upper = try FolioProcess.run(["--search", "Trace", tracemonkey])
        let lowerLines = lower.output.split(separator: "\n")
        let upperLines = upper.output.split(separator: "\n")
        #expect(upperLines.allSatisfy { $0.contains("Trace") })
        #expect(lowerLines.contains { $0.contains("trace") && !$0.contains("Trace") })
        #expect(Set(upperLines).isSubset(of: Set(lowerLines)))
        #expect(lowerLines.count > upperLines.count)
    }

    @Test func searchWithoutMatchExitsWith1() throws {
        let result = try FolioProcess.run(["--search", "zzyzx-no-such-word", tracemonkey])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test func missingFile() throws {
        let result = try FolioProcess.run(["--info", "/nonexistent/file.pdf"])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: /nonexistent/file.pdf: No such file or directory\n")
    }

    @Test func directoryInBatchMode() throws {
        let directory = Corpus.directory.path
        let result = try FolioProcess.run(["--text", directory])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: \(directory): is a directory\n")
    }

    @Test func emptyFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-empty-\(getpid()).pdf").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try FolioProcess.run(["--info", path])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: \(path): empty file (0 bytes)\n")
    }

    @Test func notADocument() throws {
        let path = Corpus.directory.appendingPathComponent("MANIFEST.md").path
        // The browser's words for it, not MuPDF's ("no objects found").
        for mode in [["--text"], ["--info"], []] {
            let result = try FolioProcess.run(mode + [path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("folio: \(path): not a document: "), "\(result.stderr)")
            #expect(result.stderr.hasSuffix(" kB of plain text\n"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func wrongPassword() throws {
        let path = Corpus.path("qpdf-enc-R2-V1-rc4-40bit.pdf")
        let none = try FolioProcess.run(["--text", path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("a password is needed"))
        let wrong = try FolioProcess.run(["--text", "--password", "master?", path])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "folio: \(path): wrong password\n")
        let right = try FolioProcess.run(["--text", "--pages", "1", "--password", "view", path])
        #expect(right.status == 0)
        #expect(right.output == (try Mutool.pageTexts(path, password: "view"))[0] + "\u{0C}")
    }

    @Test func closedPipeEndsQuietly() throws {
        let result = try FolioProcess.shell(
            "set -o pipefail; \"$FOLIO\" --text '\(Corpus.path("debian-octave.pdf"))' | head -c 10; echo \" status=${PIPESTATUS[0]}\""
        )
        #expect(result.output.hasSuffix(" status=0\n"))
        #expect(result.output.utf8.count == 10 + " status=0\n".utf8.count)
        #expect(result.stderr.isEmpty)
    }

    /// An error on a page after the first (where other readers die) is reported for that page only.
    @Test func errorOnALaterPageKeepsTheRest() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-cli-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let combined = directory.appendingPathComponent("bad-page-2.pdf").path
        let qpdf = try FolioProcess.shell(
            "qpdf --empty --pages '\(Corpus.path("pdfjs-paragraph_and_link.pdf"))' 1 '\(Corpus.path("qpdf-issue-1688a-colorspace.pdf"))' 1 '\(Corpus.path("pdfjs-paragraph_and_link.pdf"))' 2 -- '\(combined)'"
        )
        try #require(qpdf.status == 0, "qpdf failed: \(qpdf.stderr)")
        let result = try FolioProcess.run(["--text", combined])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: \(combined): page 2: too many color components (536870913 > 32)\n")
        let pages = result.output.components(separatedBy: "\u{0C}")
        #expect(pages.count == 3)
        #expect(pages[0].contains("The first paragraph."))
        #expect(pages[1].contains("First paragraph on the second page."))
    }

    /// Regression: a document MuPDF opens with no pages printed nothing and exited 0, which a
    /// script cannot tell from an empty document.
    @Test func documentWithoutPagesIsAnError() throws {
        let path = Corpus.path("pdfjs-tracemonkey-truncated.pdf")
        for mode in [["--text"], ["--search", "x"]] {
            let result = try FolioProcess.run(mode + [path])
            #expect(result.status == 1)
            #expect(result.stderr == "folio: \(path): cannot open document: it has no pages\n")
        }
        // --info too: "Pages: 0" with status 0 would look like success.
        let info = try FolioProcess.run(["--info", path])
        #expect(info.status == 1)
        #expect(info.stderr == "folio: \(path): cannot open document: it has no pages\n")
        #expect(info.stdout.isEmpty)
    }

    /// Regression: every failure of stat(2) but EACCES was reported as "No such file or directory".
    @Test func symbolicLinkLoopSaysSo() throws {
        let directory = try TemporaryDirectory()
        let loop = directory.url.appendingPathComponent("loop.pdf").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop2.pdf")
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("loop2.pdf").path, withDestinationPath: "loop.pdf")
        let result = try FolioProcess.run(["--info", loop])
        #expect(result.status == 1)
        #expect(result.stderr == "folio: \(loop): Too many levels of symbolic links\n")
    }

    @Test func notADocumentOfEveryKind() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.url.appendingPathComponent("fifo.pdf").path
        #expect(mkfifo(fifo, 0o644) == 0)
        for (path, reason) in [(fifo, "not a regular file (a FIFO)"), ("/dev/zero", "not a regular file (a device)")] {
            let result = try FolioProcess.run(["--text", path])
            #expect(result.status == 1)
            #expect(result.stderr == "folio: \(path): \(reason)\n")
        }
    }

    /// Nothing a document says reaches the terminal as a control sequence: no ESC, no C1 control
    /// (UTF-8 C2 80–C2 9F), in any batch mode, from text, metadata or outline titles.
    @Test(arguments: [["--info"], ["--text"], ["--outline"], ["--search", "x"]])
    func hostileDocumentPrintsNoControlSequences(mode: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Fixtures.hostileDocument(), to: "hostile.pdf")
        let result = try FolioProcess.run(mode + [path])
        #expect(result.status == 0)
        #expect(result.output.contains("\u{FFFD}]0;pwned\u{FFFD}"), "the sequences show, defused")
        for bytes in [[UInt8](result.stdout), Array(result.stderr.utf8)] {
            #expect(!bytes.contains(0x1B))
            #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
            #expect(!bytes.contains { $0 < 0x20 && ![0x09, 0x0A, 0x0C].contains($0) })
        }
    }

    @Test func closedPipeAfterOneLineEndsQuietly() throws {
        let result = try FolioProcess.shell(
            "set -o pipefail; \"$FOLIO\" --text '\(Corpus.path("debian-octave.pdf"))' | head -1 >/dev/null; echo \"status=${PIPESTATUS[0]}\""
        )
        #expect(result.output == "status=0\n")
        #expect(result.stderr.isEmpty)
    }

    /// The corpus's JBIG2 bomb takes MuPDF minutes, in a decoder that never looks at cancellation:
    /// `--text` gives up on the page at its 10 s limit (plus at most a second's grace).
    @Test(.timeLimit(.minutes(1))) func bombPageGivesUpAfterTenSeconds() throws {
        let path = Corpus.path("pdfjs-bomb_giant.pdf")
        let start = Date()
        let result = try FolioProcess.run(["--text", path])
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 1)
        #expect(result.stderr == "folio: \(path): page 1: gave up after 10 s\n")
        #expect(seconds > 9.5 && seconds < 15, "took \(seconds) s")
    }

    /// Regression (found by scripts/torture's --sixel runs on mutated CBZ files): libjpeg printed
    /// "Corrupt JPEG data: …" straight to stderr, breaking the `folio: FILE: reason` form (and, in
    /// the reader, the screen). The first 60,000 bytes of the corpus manga's first page (the CBZ
    /// stores its JPEGs uncompressed) make a truncated JPEG.
    @Test func libraryMessagesStayOffStderr() throws {
        let cbz = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("idpf-haruko-manga.cbz")))
        let start = try #require(cbz.range(of: Data([0xFF, 0xD8, 0xFF]))).lowerBound
        let directory = try TemporaryDirectory()
        let path = try directory.write(cbz[start..<(start + 60_000)], to: "truncated.jpg")
        let result = try FolioProcess.run(["--sixel", "--width", "100", path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "stderr was: \(result.stderr)")
        let usage = try FolioProcess.run(["--bogus"])
        #expect(usage.stderr == "folio: unknown option '--bogus'\nTry 'folio --help' for more information.\n")
    }
}
