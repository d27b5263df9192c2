import FolioGraphics
import FolioTestSupport
import Testing

/// tmux passthrough and kitty's Unicode placeholders, byte by byte.
@Suite struct TmuxPlaceholderTests {
    @Test func passthroughDoublesEveryEscape() {
        let wrapped = TmuxPassthrough.wrap(Array("\u{1B}_Ga=d,d=a\u{1B}\\".utf8))
        #expect(String(decoding: wrapped, as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=a\u{1B}\u{1B}\\\u{1B}\\")
    }

    /// A transmission of several chunks goes through as one passthrough string per chunk, each
    /// unwrapping to the chunk itself.
    @Test func eachCommandIsWrappedOnItsOwn() throws {
        let png = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let commands = KittyGraphics.transmit(png: png, id: 5) + KittyGraphics.delete(id: 4)
        let wrapped = TmuxPassthrough.wrapEachCommand(commands)
        let prefix = Array("\u{1B}Ptmux;".utf8)
        var unwrapped: [UInt8] = []
        var strings = 0
        var index = 0
        while index < wrapped.count {
            try #require(wrapped[index...].starts(with: prefix))
            index += prefix.count
            // Inside, an Escape is always doubled; a single one followed by `\` ends the string.
            while !(wrapped[index] == 0x1B && wrapped[index + 1] == UInt8(ascii: "\\")) {
                if wrapped[index] == 0x1B {
                    #expect(wrapped[index + 1] == 0x1B)
                    index += 1
                }
                unwrapped.append(wrapped[index])
                index += 1
            }
            index += 2
            strings += 1
        }
        #expect(unwrapped == commands)
        #expect(strings == KittyCommand.all(in: commands)?.count)
        #expect(strings > 2)
    }

    /// kitty's table: 297 marks, each a non-spacing mark drawn above (class 230), none twice.
    @Test func diacriticsAreKittysTable() {
        let table = KittyPlaceholder.diacritics
        #expect(table.count == 297)
        #expect(table.first == 0x0305 && table[1] == 0x030D && table.last == 0x1D244)
        #expect(Set(table).count == table.count && table == table.sorted())
        for value in table {
            let properties = Unicode.Scalar(value)!.properties
            #expect(properties.generalCategory == .nonspacingMark && properties.canonicalCombiningClass == .above)
        }
    }

    /// A row of placeholder cells: the id as a 256-colour foreground, the first cell numbering
    /// its image row and column, the others bare (each continues from the one to its left).
    @Test(arguments: [(0, 0, 78), (5, 3, 10), (120, 296, 4)])
    func placeholderRowNumbersItsFirstCell(row: Int, column: Int, count: Int) throws {
        let bytes = KittyPlaceholder.row(id: 42, row: row, firstColumn: column, columns: count)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[38;5;42m") && text.hasSuffix("\u{1B}[39m"))
        let cells = Array(text.dropFirst("\u{1B}[38;5;42m".count).dropLast("\u{1B}[39m".count).unicodeScalars)
        let visible = min(count, 297 - column)
        #expect(cells.count == visible + 2)
        #expect(cells[0] == "\u{10EEEE}")
        #expect(cells[1].value == KittyPlaceholder.diacritics[row])
        #expect(cells[2].value == KittyPlaceholder.diacritics[column])
        #expect(cells.dropFirst(3).allSatisfy { $0 == "\u{10EEEE}" })
    }

    @Test func rowsAndColumnsBeyondTheTableAreNotWritten() {
        #expect(KittyPlaceholder.row(id: 1, row: 297, firstColumn: 0, columns: 10).isEmpty)
        #expect(KittyPlaceholder.row(id: 1, row: 0, firstColumn: 297, columns: 10).isEmpty)
    }

    @Test func virtualPlacementCoversTheImagesCells() throws {
        let command = try #require(
            KittyCommand.all(in: KittyPlaceholder.virtualPlacement(id: 9, columns: 118, rows: 90))?.first)
        #expect(command.keys == ["a": "p", "U": "1", "i": "9", "c": "118", "r": "90", "q": "2"])
    }
}
