import FolioGraphics
import FolioTestSupport
import Foundation
import Testing

@Suite struct KittyGraphicsTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 57, 3071, 3072, 3073, 100_000])
    func base64MatchesFoundation(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        let encoded = Base64.encode(bytes)
        #expect(String(decoding: encoded, as: UTF8.self) == Data(bytes).base64EncodedString())
    }

    /// A payload of several chunks: the first carries the keys, the rest only `m` and `q`; all
    /// but the last are full (4096 bytes, a multiple of 4) with `m=1`; the payload decodes back.
    @Test(arguments: [1, 3072, 3073, 10_000, 65_536])
    func transmissionIsChunkedAsTheProtocolSays(size: Int) throws {
        let png = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        let commands = try #require(KittyCommand.all(in: KittyGraphics.transmit(png: png, id: 4242)))
        let expectedChunks = (((size + 2) / 3 * 4) + KittyGraphics.chunkSize - 1) / KittyGraphics.chunkSize
        #expect(commands.count == expectedChunks)
        #expect(
            commands.first?.keys == [
                "a": "t", "f": "100", "t": "d", "i": "4242", "q": "2", "m": commands.count > 1 ? "1" : "0",
            ])
        for (index, command) in commands.enumerated() {
            let last = index == commands.count - 1
            if index > 0 {
                #expect(command.keys == ["m": last ? "0" : "1", "q": "2"])
            }
            #expect(command.payload.count <= KittyGraphics.chunkSize)
            if !last {
                #expect(command.payload.count == KittyGraphics.chunkSize)
            }
        }
        let joined = String(decoding: commands.flatMap(\.payload), as: UTF8.self)
        #expect(Data(base64Encoded: joined).map(Array.init) == png)
    }

    @Test func placementCropsByIDWithoutPixels() throws {
        let rect = PixelRect(x: 8, y: 170, width: 624, height: 493)
        let plain = try #require(KittyCommand.all(in: KittyGraphics.place(id: 7, source: rect, cells: nil)))
        #expect(
            plain == [
                KittyCommand(
                    keys: [
                        "a": "p", "i": "7", "p": "1", "x": "8", "y": "170", "w": "624", "h": "493", "C": "1", "q": "1",
                    ], payload: [])
            ])
        let scaled = try #require(
            KittyCommand.all(in: KittyGraphics.place(id: 7, source: rect, cells: (columns: 78, rows: 29))))
        #expect(scaled.first?.keys["c"] == "78")
        #expect(scaled.first?.keys["r"] == "29")
    }

    @Test func deletionsKeepOrFreeTheData() throws {
        #expect(KittyCommand.all(in: KittyGraphics.deletePlacements)?.first?.keys == ["a": "d", "d": "a", "q": "2"])
        #expect(
            KittyCommand.all(in: KittyGraphics.delete(id: 9))?.first?.keys == ["a": "d", "d": "I", "i": "9", "q": "2"])
    }

    @Test func temporaryFileTransmissionNamesThePathInBase64() throws {
        let path = "/tmp/tty-graphics-protocol-folio-1.png"
        let command = try #require(KittyCommand.all(in: KittyGraphics.transmit(temporaryFile: path, id: 3))?.first)
        #expect(command.keys == ["a": "t", "f": "100", "t": "t", "i": "3", "q": "2"])
        #expect(
            Data(base64Encoded: String(decoding: command.payload, as: UTF8.self)).map {
                String(decoding: $0, as: UTF8.self)
            } == path)
    }

    /// `ESC ] 1337 ; File=inline=1;size=N;width=Cc… : base64 BEL`, the size the PNG's.
    @Test func itermImageHeaderSizesInCells() throws {
        let png = Array("not really a png, but bytes".utf8)
        let bytes = ITermImage.encode(png: png, columns: 78, rows: 29)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size=\(png.count);width=78;height=29;preserveAspectRatio=0:"))
        #expect(bytes.last == 0x07)
        let payload = try #require(text.split(separator: ":").last).dropLast()
        #expect(Data(base64Encoded: String(payload)).map(Array.init) == png)
    }
}
