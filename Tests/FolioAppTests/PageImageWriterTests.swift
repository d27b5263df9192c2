import FolioGraphics
import FolioTestSupport
import Testing

@testable import FolioApp
@testable import FolioCore

/// The kitty images the writer keeps in the terminal, against a model of how kitty 0.26.5 (Debian
/// 12's) stores them (``Kitty026ImageStore``, from its `kitty/graphics.c` at tag v0.26.5).
@Suite struct PageImageWriterTests {
    /// A page's image as the renderer makes it: 624 × 808 px (a letter page 78 cells of 8 px
    /// wide), `serial` saying which render it is.
    private func page(_ serial: UInt64) -> PageImage {
        .kitty(KittyPageImage(serial: serial, width: 624, height: 808, png: Array(repeating: UInt8(serial), count: 64)))
    }

    private func placement(page: Int) -> ImagePlacement {
        ImagePlacement(
            request: RenderRequest(
                page: page, viewport: ScreenSize(rows: 29, columns: 78), fit: .width, zoom: 1, inverted: false),
            sourceRow: 0, sourceColumn: 0, rows: 29, columns: 78, screenRow: 0, screenColumn: 1)
    }

    /// Pages 1 to 11 shown, then back to page 1, as Tab, Right 10 times and Left 10 times do:
    /// every placement finds its image, the pages within reach going back (the eight last shown)
    /// are placed without being sent again, and the three beyond are sent once more each.
    @Test func flippingNinePagesAndBackNeverLosesThePageShown() throws {
        var writer = PageImageWriter(support: TestGraphics.kitty, processID: 4321)
        var kitty = Kitty026ImageStore()
        func show(_ page: Int) throws {
            let bytes = writer.pieces(drawing: self.page(UInt64(page)), at: placement(page: page)).flatMap(\.bytes)
            kitty.run(try #require(KittyCommand.all(in: bytes)))
        }
        for page in 1...11 {
            try show(page)
        }
        #expect(kitty.transmissions == 11)
        #expect(kitty.missing.isEmpty)
        #expect(kitty.placed.count == PageImageWriter.heldImageLimit)
        for page in (4...10).reversed() {
            try show(page)
        }
        #expect(kitty.transmissions == 11, "pages 10 to 4 are still in the terminal")
        for page in (1...3).reversed() {
            try show(page)
        }
        #expect(kitty.transmissions == 14)
        #expect(kitty.missing.isEmpty, "placements of images kitty had freed: \(kitty.missing)")
        #expect(kitty.sentAndFreed.isEmpty, "pages freed in the write that sent them: \(kitty.sentAndFreed)")
        #expect(Set(writer.heldImages.map(\.id)).isSubset(of: writer.imageIDs))
        #expect(kitty.placed.count == PageImageWriter.heldImageLimit)
    }

    /// The ring: eight ids from where the process id says, wrapping within 1 to 255 (an id a
    /// 256-colour placeholder can carry); a ninth page takes the least recently shown's id.
    @Test func theIdsAreARingWithinAByte() throws {
        let writer = PageImageWriter(support: TestGraphics.kitty, processID: 252)
        #expect(writer.imageIDs == [253, 254, 255, 1, 2, 3, 4, 5])

        var kitty = PageImageWriter(support: TestGraphics.kitty, processID: 0)
        var sent: [String] = []
        for serial in [1, 2, 3, 4, 5, 6, 7, 8, 1, 9] as [UInt64] {
            let bytes = kitty.pieces(drawing: page(serial), at: placement(page: Int(serial))).flatMap(\.bytes)
            let commands = try #require(KittyCommand.all(in: bytes))
            #expect(!commands.contains { $0.keys["a"] == "d" && $0.keys["d"] != "a" })
            sent += commands.filter { $0.keys["a"] == "t" }.compactMap { $0.keys["i"] }
        }
        // Page 1 was shown again before page 9: page 2's id is the least recently placed.
        #expect(sent == ["1", "2", "3", "4", "5", "6", "7", "8", "2"])
    }

    /// A neighbour sent ahead: its transmission alone, once; the flip to it then only places it,
    /// and the page on screen keeps its id while the ring is full of pages sent ahead.
    @Test func aPageSentAheadIsOnlyPlacedWhenFlippedTo() throws {
        var writer = PageImageWriter(support: TestGraphics.kitty, processID: 0)
        var kitty = Kitty026ImageStore()
        func run(_ pieces: [ImagePiece]) throws -> [KittyCommand] {
            let commands = try #require(KittyCommand.all(in: pieces.flatMap(\.bytes)))
            kitty.run(commands)
            return commands
        }
        _ = try run(writer.pieces(drawing: page(1), at: placement(page: 1)))
        let ahead = try run(writer.preloading(page(2)))
        #expect(ahead.map { $0.keys["a"] } == ["t"])
        #expect(try run(writer.preloading(page(2))).isEmpty, "sent once")
        let flip = try run(writer.pieces(drawing: page(2), at: placement(page: 2)))
        #expect(flip.map { $0.keys["a"] } == ["d", "p"])
        // Nine pages sent ahead with page 2 on screen: none takes page 2's id.
        for serial in 3...11 as ClosedRange<UInt64> {
            _ = try run(writer.preloading(page(serial)))
        }
        let placedID = try #require(flip.last?.keys["i"])
        #expect(kitty.placed[placedID] == true)
        #expect(writer.heldImages.contains { $0.serial == 2 })
        #expect(writer.heldImages.count == PageImageWriter.heldImageLimit)
        #expect(kitty.missing.isEmpty)
        #expect(kitty.sentAndFreed.isEmpty)
        // After an eviction nothing is held, but the page on screen keeps its id: a page sent
        // ahead then goes under another, not under the first id of the ring, the one on screen.
        var evicted = PageImageWriter(support: TestGraphics.kitty, processID: 0)
        var store = Kitty026ImageStore()
        store.run(
            try #require(
                KittyCommand.all(in: evicted.pieces(drawing: page(1), at: placement(page: 1)).flatMap(\.bytes))))
        #expect(evicted.forget(imageID: Int(evicted.imageIDs[1])) == false)
        let ahead2 = try #require(KittyCommand.all(in: evicted.preloading(page(2)).flatMap(\.bytes)))
        store.run(ahead2)
        #expect(ahead2.first?.keys["i"] != "\(evicted.imageIDs[0])")
        #expect(store.placed["\(evicted.imageIDs[0])"] == true)
        // Outside kitty, or inside tmux, nothing is sent ahead.
        var sixel = PageImageWriter(support: TestGraphics.sixel)
        #expect(sixel.preloading(page(1)).isEmpty)
    }
}
