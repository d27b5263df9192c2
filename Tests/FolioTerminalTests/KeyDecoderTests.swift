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

    /// What xterm, VT220-style terminals (tmux, screen, the Linux console), rxvt and vt100 send,
    /// each known whatever TERM's entry lists.
    @Test(arguments: [
        ("\u{1B}[1~", Key.home), ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[7~", .home),
        ("\u{1B}[4~", .end), ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
        ("\u{1B}[A", .up), ("\u{1B}OA", .up), ("\u{1B}[D", .left), ("\u{1B}OC", .right), ("\u{1B}[Z", .backTab),
        ("\u{1B}OP", .function(1)), ("\u{1B}[11~", .function(1)), ("\u{1B}[[A", .function(1)),
        ("\u{1B}OS", .function(4)), ("\u{1B}[15~", .function(5)), ("\u{1B}[[E", .function(5)),
        ("\u{1B}[17~", .function(6)), ("\u{1B}[21~", .function(10)), ("\u{1B}[24~", .function(12)),
    ])
    func knowsTheCommonSequence(_ sequence: String, _ key: Key) throws {
        let code = try #require(KeyDecoder.commonSequences.first { $0.sequence == sequence }?.code)
        #expect(KeyDecoder.decode(.keyCode(code)) == key)
    }

    @Test func namesEachSequenceOnce() {
        let sequences = KeyDecoder.commonSequences.map(\.sequence)
        #expect(Set(sequences).count == sequences.count)
    }

    @Test(arguments: [
        ("", KeyDecoder.AfterEscape.escapeKey),
        ("x", .escapeKey),
        ("[", .incomplete),
        ("[99", .incomplete),
        ("[99~", .unrecognisedSequence),
        ("[<0;12;4M", .mouse(KeyDecoder.MouseReport(button: 0, column: 12, row: 4, isPress: true))),
        ("[<65;3;9m", .mouse(KeyDecoder.MouseReport(button: 65, column: 3, row: 9, isPress: false))),
        ("[<0;0;4M", .unrecognisedSequence),
        ("[<0;12M", .unrecognisedSequence),
        ("[<0;65535;65535M", .mouse(KeyDecoder.MouseReport(button: 0, column: 65535, row: 65535, isPress: true))),
        ("[<0;65536;4M", .unrecognisedSequence),
        ("[<0;12;9223372036854775807M", .unrecognisedSequence),
        ("[<0;99999999999999999999;4M", .unrecognisedSequence),
        ("[200~", .pasteStart),
        ("[M", .incomplete),
        ("[M`!", .incomplete),
        ("[M`!5", .unrecognisedSequence),
        ("[201~", .unrecognisedSequence),
        ("[1;5P", .unrecognisedSequence),
        ("O", .incomplete),
        ("OX", .unrecognisedSequence),
        ("Ox~", .escapeKey),
        ("]11;rgb:0000/0000/0000", .incomplete),
        ("]11;rgb:0000/0000/0000\u{07}", .unrecognisedSequence),
        ("P1$r0m\u{1B}\\", .unrecognisedSequence),
        ("[あ", .escapeKey),
    ])
    func classifiesWhatFollowsEscape(_ following: String, _ expected: KeyDecoder.AfterEscape) {
        #expect(KeyDecoder.classify(afterEscape: following.unicodeScalars.map(\.value)) == expected)
    }

    @Test func mouseReportsBecomeEvents() {
        func event(_ button: Int, press: Bool = true, clicks: Int = 1) -> MouseEvent? {
            KeyDecoder.MouseReport(button: button, column: 12, row: 4, isPress: press).event(clicks: clicks)
        }
        #expect(event(0) == MouseEvent(action: .click(clicks: 1), row: 3, column: 11))
        #expect(event(0, clicks: 2) == MouseEvent(action: .click(clicks: 2), row: 3, column: 11))
        #expect(
            event(0 | 16) == MouseEvent(action: .click(clicks: 1), row: 3, column: 11, withControl: true),
            "Ctrl-click is a click, with Control")
        #expect(event(0 | 4)?.withControl == false, "Shift is not Control")
        #expect(event(64)?.action == .wheelUp)
        #expect(event(65)?.action == .wheelDown)
        // xterm's buttons 6 and 7 (codes 66, 67): the wheel tilted, or a touchpad swiped.
        #expect(event(66) == MouseEvent(action: .wheelLeft, row: 3, column: 11))
        #expect(event(67)?.action == .wheelRight)
        #expect(event(66 | 16)?.action == .wheelLeft, "Control does not change the way")
        // Shift with the wheel turns it sideways, as GUI programs take it.
        #expect(event(64 | 4)?.action == .wheelLeft)
        #expect(event(65 | 4)?.action == .wheelRight)
        #expect(event(66 | 4)?.action == .wheelLeft)
        #expect(event(67, press: false) == nil, "a wheel's release is ignored")
        #expect(event(2)?.action == .otherButton)
        #expect(event(0, press: false) == nil, "releases are ignored")
        #expect(event(32) == nil, "motion is ignored")
    }
}

/// kitty's replies while the reader runs are not keys: the decoder leaves them to
/// ``KittyGraphicsReply``.
@Suite struct KittyReplyDecodingTests {
    @Test func anEvictedImageReplyIsNoKey() {
        let following = "_Gi=17;ENOENT:No such image\u{1B}\\".unicodeScalars.map(\.value)
        #expect(KeyDecoder.classify(afterEscape: following) == .unrecognisedSequence)
    }
}
