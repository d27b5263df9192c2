import FolioCore
import FolioTestSupport
import Testing

@Suite struct FileSystemNameTests {
    @Test func utf8NamesAreTheirText() {
        for name in ["paper.pdf", "Übersicht – 2024.pdf", "論文.pdf", "emoji 📄.epub", ""] {
            #expect(FileSystemName.decode(Array(name.utf8)) == name)
            #expect(FileSystemName.bytes(name) == Array(name.utf8))
        }
    }

    @Test func latin1NameKeepsItsBytes() {
        // "café.pdf" written by a Latin-1 program: é is the single byte 0xE9.
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".pdf".utf8)
        let name = FileSystemName.decode(bytes)
        #expect(name.unicodeScalars.count == 8)
        #expect(FileSystemName.bytes(name) == bytes)
        #expect(FileSystemName.displayed(name) == "caf\\xE9.pdf")
        #expect(TerminalSafeText.sanitized(name) == "caf\u{FFFD}.pdf")
        #expect(FileSystemName.cString(name) == bytes.map { CChar(bitPattern: $0) } + [0])
    }

    @Test func validSequencesAroundBadBytesStayText() {
        // A stray continuation byte, a truncated three-byte sequence, an overlong encoding and
        // an encoded surrogate, each between valid characters.
        let bytes: [UInt8] =
            Array("é".utf8) + [0x80] + Array("ü".utf8) + [0xE2, 0x82] + Array("x".utf8)
            + [0xC0, 0xAF] + [0xED, 0xA0, 0x80] + Array("€".utf8)
        let name = FileSystemName.decode(bytes)
        #expect(FileSystemName.bytes(name) == bytes)
        #expect(FileSystemName.displayed(name) == "é\\x80ü\\xE2\\x82x\\xC0\\xAF\\xED\\xA0\\x80€")
    }

    @Test func anyBytesSurviveTheRoundTrip() {
        var random = SeededRandom(seed: 0x5EED_F11E)
        for _ in 0..<2000 {
            let count = Int.random(in: 0...24, using: &random)
            let bytes = (0..<count).map { _ in
                // Mostly high bytes, where UTF-8 goes wrong, with some ASCII between.
                Bool.random(using: &random)
                    ? UInt8.random(in: 0x80...0xFF, using: &random)
                    : UInt8.random(in: 0x20...0x7E, using: &random)
            }
            let name = FileSystemName.decode(bytes)
            #expect(FileSystemName.bytes(name) == bytes, "\(bytes)")
            // Shown in a message: every bad byte as text, nothing a terminal would act on.
            let shown = TerminalSafeText.sanitized(FileSystemName.displayed(name)).unicodeScalars
            #expect(!shown.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            #expect(!shown.contains { (0xF780...0xF7FF).contains($0.value) })
        }
    }
}
