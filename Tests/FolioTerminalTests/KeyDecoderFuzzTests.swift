import FolioCore
import FolioTerminal
import FolioTestSupport
import Testing

/// Everything `wget_wch` could hand over, and random values beyond: the decoder never crashes,
/// and no key it produces carries a control character into the reader.
@Suite struct KeyDecoderFuzzTests {
    @Test func everyCharacterAndRandomValues() {
        var random = SeededRandom(seed: 3)
        let randomValues = (0..<100_000).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
        for value in Array(0...0x10_FFFF) + randomValues {
            let key = KeyDecoder.decode(.character(value))
            if case .character(let scalar) = key {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "\(value)")
                #expect(scalar.value == value)
            }
            if case .control(let letter) = key {
                #expect(("a"..."z").contains(letter), "\(value)")
            }
        }
    }

    @Test func everyKeyCodeAndRandomValues() {
        var random = SeededRandom(seed: 4)
        let randomCodes = (0..<100_000).map { _ in Int32.random(in: .min ... .max, using: &random) }
        for code in Array(-1...0o2000) + randomCodes + [.min, .max] {
            if case .function(let number) = KeyDecoder.decode(.keyCode(code)) {
                #expect((1...63).contains(number), "\(code)")
            }
        }
        #expect(KeyDecoder.decode(.keyCode(KeyDecoder.Code.resize)) == nil)
    }
}
