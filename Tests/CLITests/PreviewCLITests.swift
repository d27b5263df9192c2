import FolioTestSupport
import Foundation
import Testing

/// `folio --preview`, the previewer for file managers and fzf: its images decoded and compared
/// with mutool's render at the same size, its cells counted, and its one-line reasons.
@Suite struct PreviewCLITests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    /// A letter page (612 × 792 pt) in 60×20 cells of 10×20 px: the box is 600×400 px, so the
    /// page is 400 px high and 310 wide (MuPDF rounds its edges outwards), 31 cells.
    let box = ["--size", "60x20", "--cell-size", "10x20"]

    /// Runs `command` in a fresh folder, where the test's files go.
    private func inFolder(_ directory: TemporaryDirectory, _ command: String) throws -> FolioProcess.Result {
        try FolioProcess.shell("cd '\(directory.url.path)' && \(command)")
    }

    /// The PSNR (dB, or "inf") of `image` against mutool's render of page 1 of `file` `height`
    /// px high, both cut to mutool's width and height first.
    private func psnrAgainstMutool(
        _ image: String, file: String, height: Int = 400, in directory: TemporaryDirectory
    ) throws -> String {
        let result = try inFolder(
            directory,
            """
            mutool draw -F png -h \(height) -o ref.png '\(file)' 1 2>/dev/null && \
            convert '\(image)' -crop "$(identify -format '%wx%h' ref.png)+0+0" +repage cut.png && \
            compare -metric PSNR ref.png cut.png null: 2>&1
            """)
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sixel: the page in whole six-pixel bands within the box (a terminal draws a sixel
    /// image's last band whole): the box's 400 px are 396 in bands, so the page is 396 px high
    /// and 306 wide, 31 cells across made 310 px of them.
    @Test func sixelPreviewIsMutoolsRenderInWholeBands() throws {
        let directory = try TemporaryDirectory()
        let written = try inFolder(
            directory,
            "\"$FOLIO\" --preview '\(tracemonkey)' \(box.joined(separator: " ")) --graphics sixel > page.six"
                + " && sixel2png -i page.six -o page.png && identify -format '%wx%h' page.png")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.output == "310x396")
        let psnr = try psnrAgainstMutool("page.png", file: tracemonkey, height: 396, in: directory)
        #expect(psnr == "inf" || (Double(psnr) ?? 0) >= 48, "PSNR \(psnr)")
    }

    /// A box larger than xterm draws a sixel image in (1000 × 1000 px by default) gets the
    /// largest whole cells within that: 100 × 50 cells of 10 × 20 px here, 996 px of whole
    /// bands, so the page is 996 px high, 770 wide, 77 cells.
    @Test func sixelPreviewStaysWithinXtermsLargestImage() throws {
        let directory = try TemporaryDirectory()
        let written = try inFolder(
            directory,
            "\"$FOLIO\" --preview '\(tracemonkey)' --size 200x100 --cell-size 10x20 --graphics sixel > page.six"
                + " && sixel2png -i page.six -o page.png && identify -format '%wx%h' page.png")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.output == "770x996")
    }

    /// Konsole's cells of 17 px: a box of 40 rows is 680 px, which a sixel image 680 px high
    /// overruns (Konsole drew it as 684). The page is 678 px high, 113 bands, and covers the
    /// 66 cells of 8 px its 524 px need.
    @Test func sixelPreviewOnCellsOf17PixelsStaysWithinTheBox() throws {
        let result = try FolioProcess.run([
            "--preview", tracemonkey, "--size", "80x40", "--cell-size", "8x17", "--graphics", "sixel",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let raster = try #require(result.output.split(separator: "\"").dropFirst().first)
        let size = raster.split(separator: ";").prefix(4).compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(size == [1, 1, 528, 678], "raster attributes \(raster.prefix(20))")
    }

    /// Placeholders: one quiet transmission under one id, a virtual placement over exactly the
    /// cells the rows of placeholders then fill; the PNG is mutool's render pixel for pixel.
    @Test func placeholderPreviewTransmitsThePageAndFillsItsCells() throws {
        let directory = try TemporaryDirectory()
        let result = try FolioProcess.run(
            ["--preview", tracemonkey, "--graphics", "kitty-placeholders"] + box, environment: ["TMUX": ""])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = Array(result.stdout)
        let firstRow = try #require(bytes.firstRange(of: Array("\u{1B}[38;5;".utf8))).lowerBound
        let commands = try #require(KittyCommand.all(in: Array(bytes[..<firstRow])))
        let placement = try #require(commands.last)
        #expect(placement.keys["a"] == "p" && placement.keys["U"] == "1")
        #expect(placement.keys["c"] == "31" && placement.keys["r"] == "20")
        let transmission = commands.dropLast()
        #expect(transmission.first?.keys["a"] == "t" && transmission.first?.keys["f"] == "100")
        #expect(Set(commands.compactMap { $0.keys["i"] }) == [placement.keys["i"]!])
        let rows = String(decoding: bytes[firstRow...], as: UTF8.self).split(separator: "\n")
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0.unicodeScalars.filter { $0 == "\u{10EEEE}" }.count == 31 })
        let png = try #require(Data(base64Encoded: Data(transmission.flatMap(\.payload))))
        try png.write(to: directory.url.appendingPathComponent("page.png"))
        let size = try inFolder(directory, "identify -format '%wx%h' page.png")
        #expect(size.output == "310x400")
        #expect(try psnrAgainstMutool("page.png", file: tracemonkey, in: directory) == "inf")
    }

    /// Inside tmux, kitty commands go through its passthrough (tmux would take a bare APC string
    /// as the pane's title); the placeholder rows stay plain text for tmux to draw.
    @Test func placeholdersInsideTmuxGoThroughPassthrough() throws {
        let result = try FolioProcess.run(
            ["--preview", tracemonkey, "--graphics", "kitty"] + box, environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_G"))
        // Every kitty command's Escape is doubled: none is bare.
        let bare = text.replacingOccurrences(of: "\u{1B}\u{1B}_G", with: "").contains("\u{1B}_G")
        #expect(!bare)
        #expect(text.split(separator: "\n").filter { $0.contains("\u{10EEEE}") }.count == 20)
    }

    /// Direct kitty graphics and iTerm2 images with a known cell (`--cell-size`): the PNG is
    /// exactly the pixels of the cells it covers (mutool's width rounded up to whole cells, the
    /// box's height: a letter page fills the box's height in both boxes), mutool's render where
    /// the page is and white right of it. kitty is given no `c`/`r`, so it draws the PNG at its
    /// own pixels; iTerm2 is told those cells keeping the shape, which is the PNG's own size.
    @Test(arguments: ["kitty", "iterm"], ["80x40@10x20", "60x20@8x17"])
    func kittyAndITermPreviewsAreExactlyTheirCells(protocolName: String, box: String) throws {
        let (cells, cell) = try #require(Self.boxAndCell(box))
        let result = try FolioProcess.run(
            [
                "--preview", tracemonkey, "--graphics", protocolName, "--size", cells.joined(separator: "x"),
                "--cell-size", cell.map(String.init).joined(separator: "x"),
            ],
            environment: ["TMUX": ""])
        try Self.expectExactCells(result, of: tracemonkey, protocolName: protocolName, cells: cells, cell: cell)
    }

    /// Checks that `result` (of `--image` or `--preview` with `--size` `cells` and `--cell-size`
    /// `cell`) sent a PNG exactly the pixels of the cells it covers: mutool's render of page 1 of
    /// `document` where the page is, white right of it; kitty's drawn at its own pixels (no
    /// `c`/`r`), iTerm2's told those cells, keeping its shape.
    static func expectExactCells(
        _ result: FolioProcess.Result, of document: String, protocolName: String, cells: [String], cell: [Int]
    ) throws {
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try #require(SentImage.decode(Array(result.stdout), protocolName: protocolName))
        let rows = try #require(Int(cells[1]))
        let directory = try TemporaryDirectory()
        let measured = try sent.compared(
            withPageOf: document, height: rows * cell[1], cellWidth: cell[0], in: directory.url)
        #expect(measured.size == measured.cells, "\(measured)")
        #expect(measured.psnr == "inf" || (Double(measured.psnr) ?? 0) >= 40, "PSNR \(measured.psnr)")
        #expect(measured.padding == "255", "past the page is white")
        let width = try #require(Int(measured.size.split(separator: "x").first ?? ""))
        if protocolName == "kitty" {
            #expect(sent.columns == nil && sent.rows == nil, "no c/r: drawn at its own pixels")
        } else {
            #expect(sent.columns == String(width / cell[0]) && sent.rows == cells[1])
            #expect(sent.preserveAspectRatio == "1")
        }
    }

    /// With no cell size given and no terminal to measure (no controlling terminal: `setsid`),
    /// 10×20 px is assumed: the PNG is still exactly the cells it covers, and kitty is told
    /// those cells so that a wrong guess cannot spill past the box.
    @Test func kittyPreviewWithAnAssumedCellIsFittedToItsCells() throws {
        let result = try FolioProcess.shell(
            "setsid \"$FOLIO\" --preview '\(tracemonkey)' --graphics kitty --size 80x40 </dev/null")
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try #require(SentImage.decode(Array(result.stdout), protocolName: "kitty"))
        let directory = try TemporaryDirectory()
        let measured = try sent.compared(withPageOf: tracemonkey, height: 800, cellWidth: 10, in: directory.url)
        #expect(measured.size == "620x800" && measured.cells == "620x800", "\(measured)")
        #expect(sent.columns == "62" && sent.rows == "40")
    }

    /// `80x40@10x20` as the box's cells and the cell's pixels.
    static func boxAndCell(_ text: String) -> (cells: [String], cell: [Int])? {
        let parts = text.split(separator: "@")
        guard parts.count == 2 else { return nil }
        let cell = parts[1].split(separator: "x").compactMap { Int($0) }
        return cell.count == 2 ? (parts[0].split(separator: "x").map(String.init), cell) : nil
    }

    /// Half blocks: the page in cells, two pixels a cell down, as tall as the box.
    @Test func halfBlockPreviewFitsTheBox() throws {
        let result = try FolioProcess.run(["--preview", tracemonkey, "--size", "60x20", "--graphics", "halfblock"])
        #expect(result.status == 0)
        let rows = result.output.split(separator: "\n")
        // 612 × 792 pt in 60 × 40 pixels: 40 high, 31 wide.
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0.filter { $0 == "▀" }.count == 31 })
    }

    /// A file that is no document gets the browser's reason on one line, and status 1.
    @Test func nonDocumentsGetTheBrowsersReason() throws {
        let directory = try TemporaryDirectory()
        let notes = try directory.write(Data("twelve bytes".utf8), to: "notes")
        let empty = try directory.write(Data(), to: "empty.pdf")
        for (path, reason) in [
            (notes, "not a document: 12 bytes of plain text"), (empty, "an empty file"),
            (directory.url.path, "a folder, not a document"),
        ] {
            let result = try FolioProcess.run(["--preview", path, "--size", "40x10"])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "folio: \(path): \(reason)\n")
        }
    }

    /// The file is read every time: a path that now holds another document previews that one.
    @Test func theFileIsReadEveryTime() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("doc.pdf").path
        let arguments = ["--preview", path, "--size", "60x10", "--graphics", "none"]
        try FileManager.default.copyItem(atPath: tracemonkey, toPath: path)
        let first = try FolioProcess.run(arguments)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: Corpus.path("pdfjs-freeculture.pdf"), toPath: path)
        let second = try FolioProcess.run(arguments)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.output.contains("Trace-based"))
        #expect(!second.output.contains("Trace-based") && !second.output.isEmpty)
    }

    /// `--pages` picks the page; a page beyond the end is one line and status 1.
    @Test func pagesPicksThePage() throws {
        let words = try Mutool.pageTexts(tracemonkey)[2].split(whereSeparator: \.isWhitespace).prefix(3)
        let third = try FolioProcess.run([
            "--preview", tracemonkey, "--size", "80x30", "--pages", "3-5", "--graphics", "none",
        ])
        #expect(third.status == 0)
        let previewWords = third.output.split(whereSeparator: \.isWhitespace).prefix(3)
        #expect(previewWords.elementsEqual(words))
        let beyond = try FolioProcess.run(["--preview", tracemonkey, "--size", "80x30", "--pages", "15"])
        #expect(beyond.status == 1)
        #expect(beyond.stderr == "folio: \(tracemonkey): no page 15 (the document has 14)\n")
    }
}
