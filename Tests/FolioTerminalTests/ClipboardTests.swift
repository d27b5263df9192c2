import FolioTerminal
import Foundation
import Testing

@Suite struct ClipboardTests {
    @Test func osc52CarriesBase64OfTheUTF8Text() throws {
        let text = "Grüße, 世界\n"
        let sequence = try #require(Clipboard.osc52Sequence(for: text))
        let string = String(decoding: sequence, as: UTF8.self)
        #expect(string.hasPrefix("\u{1B}]52;c;"))
        #expect(string.hasSuffix("\u{07}"))
        let payload = string.dropFirst("\u{1B}]52;c;".count).dropLast()
        #expect(Data(base64Encoded: String(payload)) == Data(text.utf8))
        // The payload itself holds no control character.
        #expect(!payload.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func payloadsBeyondTheLimitAreRefusedNotCut() {
        // 75,000 bytes encode to exactly 100,000 base64 characters: the largest accepted.
        #expect(Clipboard.osc52Sequence(for: String(repeating: "a", count: 75_000)) != nil)
        #expect(Clipboard.osc52Sequence(for: String(repeating: "a", count: 75_003)) == nil)
    }
}
