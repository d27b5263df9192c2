import FolioCore
import FolioTerminal
import Testing

@Suite struct KeyDecoderTests {
    @Test(arguments: [
        (KeyDecoder.Input.keyCode(0o405), Key.right),
        (.keyCode(0o404), .left),
        (.keyCode(0o402), .down),
        (.keyCode(0o403), .up),
        (.keyCode(0o522), .pageDown),
        (.keyCode(0o523), .pageUp),
        (.keyCode(0o406), .home),
        (.keyCode(0o550), .end),
        (.keyCode(0o407), .backspace),
        (.keyCode(0o527), .enter),
        (.keyCode(0o411), .function(1)),
        (.character(0x0D), .enter),
        (.character(0x7F), .backspace),
        (.character(0x08), .backspace),
        (.character(0x1B), .escape),
        (.character(0x09), .tab),
        (.character(0x04), .control("d")),
        (.character(0x0C), .control("l")),
        (.character(0x6C), .character("l")),
        (.character(0x3042), .character("あ")),
    ])
    func decodes(_ input: KeyDecoder.Input, _ key: Key) {
        #expect(KeyDecoder.decode(input) == key)
    }

    @Test(arguments: [KeyDecoder.Input.keyCode(0o632), .keyCode(0o777), .character(0), .character(0x9B)])
    func ignores(_ input: KeyDecoder.Input) {
        #expect(KeyDecoder.decode(input) == nil)
    }
}
