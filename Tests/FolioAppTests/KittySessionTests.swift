import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// The image view speaking the kitty graphics protocol, through the fake terminal: each page is
/// sent once under an id, scrolling re-places it with a source rectangle, another page replaces
/// it, the text view deletes it, an eviction sends it again, and leaving frees it.
@Suite struct KittySessionTests {
    /// kitty's cells (8×17 px) on an 80×30 terminal: a text area of 78 × 29 cells.
    let cell = (width: 8, height: 17)

    private func commands(_ write: FakeTerminal.ImageWrite) throws -> [KittyCommand] {
        try #require(KittyCommand.all(in: write.pieces.flatMap(\.bytes)))
    }

    /// The next page, rendered while the first is read, is sent to the terminal then, on its own
    /// (a transmission and no placement); the flip to it only places it.
    @Test func theNextPageIsSentAheadAndTheFlipOnlyPlacesIt() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.kitty)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        func transmissionsAlone(_ terminal: FakeTerminal) -> [[KittyCommand]] {
            terminal.images.compactMap { KittyCommand.all(in: $0.pieces.flatMap(\.bytes)) }.filter { commands in
                !commands.isEmpty && commands.allSatisfy { $0.keys["a"] == "t" || $0.keys["a"] == nil }
            }
        }
        // Page 2 (page 1 has none before it) goes alone.
        #expect(reader.terminal.waitUntil { !transmissionsAlone($0).isEmpty })
        let ahead = try #require(transmissionsAlone(reader.terminal).first?.first?.keys["i"])
        let seen = reader.terminal.images.count
        reader.terminal.type("l")
        #expect(
            reader.terminal.waitUntil { terminal in
                terminal.images.dropFirst(seen).contains { write in
                    (KittyCommand.all(in: write.pieces.flatMap(\.bytes)) ?? []).contains { $0.keys["a"] == "p" }
                }
            })
        let flip = try #require(
            reader.terminal.images.dropFirst(seen).first { write in
                (KittyCommand.all(in: write.pieces.flatMap(\.bytes)) ?? []).contains { $0.keys["a"] == "p" }
            })
        let commands = try commands(flip)
        #expect(commands.map { $0.keys["a"] } == ["d", "p"])
        #expect(commands.last?.keys["i"] == ahead)
        #expect(flip.pieces.flatMap(\.bytes).count < 200)
        _ = reader.quit()
    }

    @Test func pageIsSentOnceThenCroppedReplacedAndDeleted() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.kitty)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let first = try #require(reader.terminal.images.first)
        #expect(first.pieces.map(\.position) == [FramePosition(row: 0, column: 1)])
        let sent = try commands(first)
        let transmission = sent.filter { $0.keys["a"] == "t" || $0.keys["a"] == nil }
        let id = try #require(sent.first?.keys["i"])
        #expect(sent.first?.keys["a"] == "t" && sent.first?.keys["f"] == "100" && sent.first?.keys["t"] == "d")
        #expect(transmission.count > 1)
        #expect(transmission.last?.keys["m"] == "0")
        #expect(transmission.dropLast().allSatisfy { $0.keys["m"] == "1" && $0.payload.count == 4096 })
        // The visible part: 78 cells across, the 29 text rows down — never the status line.
        let placed = try #require(sent.last)
        #expect(placed.keys["a"] == "p" && placed.keys["i"] == id)
        #expect(placed.keys["x"] == "0" && placed.keys["y"] == "0" && placed.keys["w"] == "\(78 * cell.width)")
        #expect(placed.keys["h"] == "\(29 * cell.height)")
        #expect(placed.keys["r"] == nil, "the cell size was reported, so the crop is not scaled")

        // The PNG carried is the page as rendered: decoded by MuPDF, pixel for pixel.
        let png = try #require(
            Data(base64Encoded: String(decoding: transmission.flatMap(\.payload), as: UTF8.self)))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-kitty-\(UUID()).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let decoded = try Document(path: file.path).render(page: 0, width: 78 * cell.width)
        let expected = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf")).render(page: 0, width: 78 * cell.width)
        #expect(decoded.width == expected.width && decoded.height == expected.height)
        #expect(decoded.pixels == expected.pixels)

        // Scrolling a row re-places the same image one cell lower in the page: no pixels sent.
        var seen = reader.terminal.images.count
        reader.terminal.type("j")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        let scrolled = try commands(try #require(reader.terminal.images.last))
        #expect(scrolled.map { $0.keys["a"] } == ["p"])
        #expect(scrolled.first?.keys["i"] == id && scrolled.first?.keys["y"] == "\(cell.height)")
        #expect(reader.terminal.images.last!.pieces.flatMap(\.bytes).count < 1024)

        // The next page: the old placement goes in the same write as the new page's placement
        // (page 2 itself may have been sent ahead already, or go in that write too).
        seen = reader.terminal.images.count
        reader.terminal.type("l")
        func placing(_ write: FakeTerminal.ImageWrite) -> Bool {
            (KittyCommand.all(in: write.pieces.flatMap(\.bytes)) ?? []).contains { $0.keys["a"] == "p" }
        }
        #expect(reader.terminal.waitUntil { $0.images.dropFirst(seen).contains(where: placing) })
        // Until page 2's image is ready its text stands in: either way page 1's placement is
        // deleted before page 2's is made (page 1 kept in the terminal for going back).
        let writes = reader.terminal.images.dropFirst(seen)
        let placingIndex = try #require(writes.firstIndex(where: placing))
        let flip = try writes[...placingIndex].flatMap { try commands($0) }
        let firstPlacement = try #require(flip.firstIndex { $0.keys["a"] == "p" })
        #expect(flip[..<firstPlacement].contains { $0.keys == ["a": "d", "d": "a", "q": "2"] })
        #expect(!flip.contains { $0.keys["d"] == "I" })
        let secondID = try #require(flip.last { $0.keys["a"] == "p" }?.keys["i"])
        #expect(secondID != id)

        // Evicted by the terminal: the image on screen is sent again, and placed.
        seen = reader.terminal.images.count
        reader.terminal.send(.imageEvicted(id: Int(secondID)!))
        reader.terminal.type("j")
        func resending(_ write: FakeTerminal.ImageWrite) -> Bool {
            let sent = KittyCommand.all(in: write.pieces.flatMap(\.bytes)) ?? []
            guard let placed = sent.last(where: { $0.keys["a"] == "p" })?.keys["i"] else { return false }
            return sent.contains { $0.keys["a"] == "t" && $0.keys["i"] == placed }
        }
        #expect(reader.terminal.waitUntil { $0.images.dropFirst(seen).contains(where: resending) })
        let resent = try commands(try #require(reader.terminal.images.dropFirst(seen).first(where: resending)))
        let secondResentID = try #require(resent.last { $0.keys["a"] == "p" }?.keys["i"])

        // Back to page 1: after an eviction kitty may have dropped every page it held (Ctrl-Z
        // drops them all), so page 1 is sent again with its placement, never placed missing.
        seen = reader.terminal.images.count
        reader.terminal.type("h")
        #expect(
            reader.terminal.waitUntil { terminal in
                terminal.images.dropFirst(seen).contains { write in
                    (KittyCommand.all(in: write.pieces.flatMap(\.bytes)) ?? []).contains { $0.keys["a"] == "p" }
                }
            })
        let back = try commands(try #require(reader.terminal.images.last))
        let resentID = try #require(back.first { $0.keys["a"] == "t" }?.keys["i"])
        #expect(back.last?.keys["a"] == "p" && back.last?.keys["i"] == resentID)

        // The text view: the placement is deleted, the images kept.
        seen = reader.terminal.images.count
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        #expect(
            try commands(try #require(reader.terminal.images.last)).map(\.keys) == [["a": "d", "d": "a", "q": "2"]])

        // Leaving frees the images sent since the eviction: page 1's, page 2's sent again, and
        // any page sent ahead meanwhile.
        _ = reader.quit()
        let farewell = try commands(try #require(reader.terminal.images.last))
        let freed = Set(farewell.filter { $0.keys["d"] == "I" }.compactMap { $0.keys["i"] })
        #expect(freed.isSuperset(of: [resentID, secondResentID]))
        #expect(freed.count <= PageImageWriter.heldImageLimit)
    }

    /// Tab, then Right eight times (pages 1 to 9) and Left four times (back to page 5), as issue
    /// 24 found in kitty 0.26.5: run on a model of that kitty's image store, the session's
    /// writes never free the page just sent and never place an image freed, nothing that frees
    /// image data is sent while reading, and pages 8 to 5, among the six last shown, are placed
    /// again without being sent.
    @Test func flippingPastSixPagesNeverFreesThePageJustSent() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.kitty)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        /// Types `key`, then waits for page `page` on the status line and a placement after the key.
        func show(_ key: Key, page: Int) {
            let seen = reader.terminal.images.count
            reader.terminal.type(key)
            #expect(reader.terminal.waitForScreen(containing: " \(page)/14") != nil)
            #expect(
                reader.terminal.waitUntil { terminal in
                    terminal.images.dropFirst(seen).contains { write in
                        (KittyCommand.all(in: write.pieces.flatMap(\.bytes)) ?? []).contains { $0.keys["a"] == "p" }
                    }
                }, "page \(page) placed")
        }
        show(.tab, page: 1)
        for page in 2...9 {
            show(.right, page: page)
        }
        let forward = reader.terminal.images.count
        for page in (5...8).reversed() {
            show(.left, page: page)
        }
        let writes = try reader.terminal.images.map { try commands($0) }
        // Going back, pages 8 to 5 are placed as held; the most sent meanwhile is page 4, the
        // neighbour sent ahead.
        let sentGoingBack = writes.dropFirst(forward).joined().filter { $0.keys["a"] == "t" }
        _ = reader.quit()

        var kitty = Kitty026ImageStore()
        for write in writes {
            kitty.run(write)
        }
        #expect(kitty.sentAndFreed.isEmpty, "pages freed in the write that sent them: \(kitty.sentAndFreed)")
        #expect(kitty.missing.isEmpty, "placements of images kitty had freed (ENOENT): \(kitty.missing)")
        // An upper-case deletion frees data, in kitty 0.26.5 of every image not placed.
        let freeing = writes.joined().filter { command in
            command.keys["a"] == "d" && command.keys["d"].map { $0 == $0.uppercased() } == true
        }
        #expect(freeing.isEmpty, "data-freeing deletions while reading: \(freeing.map(\.keys))")
        #expect(sentGoingBack.count <= 1, "pages 8 to 5 are still held: \(sentGoingBack.map(\.keys))")
        // Pages 1 to 9 once each, and the neighbours sent ahead: page 10, and page 4 going back.
        #expect((9...11).contains(kitty.transmissions))
    }

    /// The ids of the images sent (transmitted) in `writes`.
    private func sentIDs(in writes: some Sequence<FakeTerminal.ImageWrite>) throws -> [String] {
        try writes.flatMap { try commands($0) }.filter { $0.keys["a"] == "t" }.compactMap { $0.keys["i"] }
    }

    /// With no room in the cache for pages left behind, the images the reader shows or prefetches
    /// are kept all the same: going back to the page before, prefetched, draws it at once from
    /// its bytes (placed by id, not left blank while the frame names it). A page the reader left
    /// for good has gone from the cache, and going back renders it again, under a new id.
    @Test func imagesInUseOutliveTheCacheBoundAndOthersGo() throws {
        var services = RecordingServices().services
        services.pageImageCacheCapacity = 0
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.kitty,
            services: services)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let firstID = try #require(try sentIDs(in: reader.terminal.images).first)

        // Page 2's image arrives (page 1 stays, as the page before).
        var seen = reader.terminal.images.count
        reader.terminal.type("l")
        #expect(reader.terminal.waitUntil { (try? sentIDs(in: $0.images.dropFirst(seen)).isEmpty) == false })
        let secondID = try #require(try sentIDs(in: reader.terminal.images.dropFirst(seen)).first)
        #expect(secondID != firstID)

        seen = reader.terminal.images.count
        reader.terminal.type("h")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        let back = try commands(reader.terminal.images[seen])
        #expect(!back.contains { $0.keys["a"] == "t" })
        #expect(back.last?.keys["a"] == "p" && back.last?.keys["i"] == firstID)

        // Page 4 (page 1 is no longer in use), then the first page: rendered again.
        seen = reader.terminal.images.count
        reader.terminal.type("3l")
        #expect(reader.terminal.waitForScreen(containing: " 4/14") != nil)
        #expect(reader.terminal.waitUntil { (try? sentIDs(in: $0.images.dropFirst(seen)).isEmpty) == false })
        seen = reader.terminal.images.count
        reader.terminal.type(.home)
        var placedAtLast: String?
        #expect(
            reader.terminal.waitUntil { terminal in
                let sent = (try? sentIDs(in: terminal.images.dropFirst(seen))) ?? []
                let last = terminal.images.last.flatMap { try? commands($0) }?.last
                guard last?.keys["a"] == "p", let id = last?.keys["i"], sent.contains(id) else { return false }
                placedAtLast = id
                return true
            })
        #expect(reader.terminal.screen.last?.contains(" 1/14") == true)
        #expect(placedAtLast != nil && placedAtLast != firstID)
        _ = reader.quit()
    }

    /// Inside tmux: the page goes through passthrough (each command wrapped, Escapes doubled) with
    /// a virtual placement, and the text area is rows of placeholder cells numbering the image's
    /// rows; scrolling writes the next rows' placeholders and no image data.
    @Test func insideTmuxTheImageIsPlaceholderCells() throws {
        try #require(TestGraphics.kittyThroughTmux.throughTmux)
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.kittyThroughTmux)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let pieces = try #require(reader.terminal.images.first?.pieces)
        let passthrough = try #require(pieces.first)
        #expect(passthrough.bytes.starts(with: Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100,t=d,i=".utf8)))
        let unwrapped = String(decoding: passthrough.bytes, as: UTF8.self)
            .replacingOccurrences(of: "\u{1B}Ptmux;", with: "").replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
            .replacingOccurrences(of: "\u{1B}\\\u{1B}\\", with: "\u{1B}\\")
        let commands = try #require(KittyCommand.all(in: Array(unwrapped.utf8)))
        let id = try #require(commands.first?.keys["i"])
        // 612 pt at 78 columns of 8 px: 624 × 808 px, a grid of 78 × 48 cells.
        #expect(commands.last?.keys == ["a": "p", "U": "1", "i": id, "c": "78", "r": "48", "q": "2"])
        // Then the 29 text rows, each placeholder cells from the row's first image column.
        let rows = pieces.dropFirst()
        #expect(rows.map(\.position) == (0..<29).map { FramePosition(row: $0, column: 1) })
        for (index, row) in rows.enumerated() {
            let cells = Array(String(decoding: row.bytes, as: UTF8.self).unicodeScalars)
            #expect(String(String.UnicodeScalarView(cells.prefix(while: { $0 != "m" }))) == "\u{1B}[38;5;\(id)")
            let placeholders = cells.filter { $0 == "\u{10EEEE}" }
            #expect(placeholders.count == 78)
            let marks = cells.drop { $0 != "\u{10EEEE}" }.dropFirst().prefix(2).map(\.value)
            #expect(marks == [KittyPlaceholder.diacritics[index], KittyPlaceholder.diacritics[0]])
        }

        let seen = reader.terminal.images.count
        reader.terminal.type("j")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        let scrolled = try #require(reader.terminal.images.last?.pieces)
        #expect(scrolled.count == 29)
        #expect(!scrolled.contains { $0.bytes.starts(with: Array("\u{1B}Ptmux;".utf8)) })
        let firstMarks = String(decoding: scrolled[0].bytes, as: UTF8.self).unicodeScalars
            .drop { $0 != "\u{10EEEE}" }.dropFirst().prefix(2).map(\.value)
        #expect(firstMarks == [KittyPlaceholder.diacritics[1], KittyPlaceholder.diacritics[0]])
        _ = reader.quit()
    }

    /// A terminal that reads this machine's files gets each page as a temporary file: the
    /// command names the file (in /tmp, named as kitty asks), which holds the page's PNG.
    @Test func aLocalTerminalReadsThePageFromATemporaryFile() throws {
        try #require(TestGraphics.kittyReadingFiles.kittyTemporaryFiles)
        #expect(!TestGraphics.kitty.kittyTemporaryFiles)
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.kittyReadingFiles)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let write = try #require(reader.terminal.images.first)
        #expect(write.pieces.flatMap(\.bytes).count < 1024)
        let sent = try commands(write)
        let transmission = try #require(sent.first)
        #expect(transmission.keys["a"] == "t" && transmission.keys["t"] == "t" && transmission.keys["f"] == "100")
        let path = try #require(
            Data(base64Encoded: String(decoding: transmission.payload, as: UTF8.self)).map {
                String(decoding: $0, as: UTF8.self)
            })
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(path.hasPrefix("/tmp/") && path.contains("tty-graphics-protocol"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let decoded = try Document(path: path).render(page: 0, width: 78 * cell.width)
        let expected = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf")).render(page: 0, width: 78 * cell.width)
        #expect(decoded.pixels == expected.pixels)
        #expect(sent.last?.keys["a"] == "p")
        _ = reader.quit()
    }

    /// A photo page: through a temporary file (no wire cost) the lossless PNG, through the
    /// terminal's input the smaller 256-colour palette PNG (colour type 3).
    @Test func photoPageIsLosslessThroughAFileAndPalettedThroughTheInput() throws {
        let expected = try Document(path: Corpus.path("pypdf-cmyk-image.pdf")).render(page: 0, width: 78 * cell.width)
        let lossless = try PNGEncoder.encode(width: expected.width, height: expected.height, rgb: expected.pixels)
        for graphics in [TestGraphics.kittyReadingFiles, TestGraphics.kitty] {
            let reader = try ReaderUnderTest(
                "pypdf-cmyk-image.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: graphics)
            reader.terminal.type(.tab)
            #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
            let sent = try commands(try #require(reader.terminal.images.first))
            let payload = sent.filter { $0.keys["a"] != "p" }.flatMap(\.payload)
            var png = try #require(Data(base64Encoded: String(decoding: payload, as: UTF8.self)))
            if graphics.kittyTemporaryFiles {
                let path = String(decoding: png, as: UTF8.self)
                defer { try? FileManager.default.removeItem(atPath: path) }
                png = try Data(contentsOf: URL(fileURLWithPath: path))
                #expect([UInt8](png) == lossless)
            } else {
                #expect(png[25] == 3, "colour type: palette")
                #expect(Double(png.count) < 0.5 * Double(lossless.count))
            }
            _ = reader.quit()
        }
    }

    /// A zoom step re-places the image already sent, its crop scaled to the cells, at once (no
    /// pixels); the sharp render at the new zoom follows and replaces it. Zooming back out, the
    /// first image, still cached and held by the terminal, is placed at once, not sent.
    @Test func zoomRePlacesTheSentImageThenSendsASharpOne() throws {
        let reader = try ReaderUnderTest(
            "pdfjs-tracemonkey.pdf", size: ScreenSize(rows: 30, columns: 80), graphics: TestGraphics.kitty)
        _ = try #require(reader.terminal.waitForScreen(containing: "Trace-based"))
        reader.terminal.type(.tab)
        #expect(reader.terminal.waitUntil { !$0.images.isEmpty })
        let firstWrite = try #require(reader.terminal.images.first)
        let firstID = try #require(try commands(firstWrite).first?.keys["i"])

        /// Types `key`; checks that the next write re-places image `id` scaled by `scale` with no
        /// pixels; returns the commands written after it until an unscaled placement came.
        func zoom(_ key: String, showing id: String, scale: Double) throws -> [KittyCommand] {
            let seen = reader.terminal.images.count
            reader.terminal.type(key)
            #expect(reader.terminal.waitUntil { $0.images.count > seen })
            let quick = reader.terminal.images[seen]
            #expect(quick.pieces.flatMap(\.bytes).count < 1024)
            let scaled = try commands(quick)
            #expect(scaled.map { $0.keys["a"] } == ["p"])
            // In: the top-left 78/1.25 × 29/1.25 cells' worth of the image sent, scaled to fill
            // the 78 × 29 cells; out: 78 × 1.25 by 29 × 1.25 of it, scaled down.
            let placed = try #require(scaled.first)
            #expect(placed.keys["i"] == id && placed.keys["x"] == "0" && placed.keys["y"] == "0")
            #expect(placed.keys["w"] == "\(Int((Double(78 * cell.width) / scale).rounded()))")
            #expect(placed.keys["h"] == "\(Int((Double(29 * cell.height) / scale).rounded()))")
            #expect(placed.keys["c"] == "78" && placed.keys["r"] == "29")
            #expect(
                reader.terminal.waitUntil { terminal in
                    terminal.images.dropFirst(seen + 1).contains { write in
                        (KittyCommand.all(in: write.pieces.flatMap(\.bytes)) ?? []).contains {
                            $0.keys["a"] == "p" && $0.keys["c"] == nil
                        }
                    }
                })
            let after = try reader.terminal.images.dropFirst(seen + 1).flatMap { try commands($0) }
            let sharp = try #require(after.last { $0.keys["a"] == "p" })
            #expect(sharp.keys["c"] == nil && sharp.keys["w"] == "\(78 * cell.width)")
            return after
        }

        let zoomedIn = try zoom("+", showing: firstID, scale: 1.25)
        let sharpID = try #require(zoomedIn.first { $0.keys["a"] == "t" }?.keys["i"])
        #expect(sharpID != firstID)
        #expect(zoomedIn.last { $0.keys["a"] == "p" }?.keys["i"] == sharpID)

        // Zooming back out: the first image is still cached, so it is drawn in the first frame,
        // sharp, and placed, not sent (the terminal still holds it).
        let seen = reader.terminal.images.count
        reader.terminal.type("-")
        #expect(reader.terminal.waitUntil { $0.images.count > seen })
        let zoomedOut = try commands(reader.terminal.images[seen])
        #expect(!zoomedOut.contains { $0.keys["a"] == "t" })
        let placed = try #require(zoomedOut.last)
        #expect(placed.keys["a"] == "p" && placed.keys["i"] == firstID)
        #expect(placed.keys["c"] == nil && placed.keys["w"] == "\(78 * cell.width)")
        _ = reader.quit()
    }
}
