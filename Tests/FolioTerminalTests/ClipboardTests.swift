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

    @Test func reportsSayWhatHappened() {
        #expect(
            Clipboard.report(characters: 1234, description: "page 12", sentOSC52: true, tool: nil)
                == "Copied 1,234 characters of page 12")
        #expect(
            Clipboard.report(characters: 1, description: "page 1", sentOSC52: true, tool: "xclip")
                == "Copied 1 character of page 1 (terminal and xclip)")
        #expect(
            Clipboard.report(
                characters: 2_000_000, description: "the whole document (9 pages)", sentOSC52: false, tool: nil
            )
            .hasPrefix("Not copied: 2,000,000 characters"))
    }
}
