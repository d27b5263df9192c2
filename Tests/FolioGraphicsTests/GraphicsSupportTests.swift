import FolioCore
import FolioGraphics
import Foundation
import Testing

/// Detection from recorded replies of real terminals, and from silence.
@Suite struct GraphicsSupportTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// xterm 379 started as `xterm -ti vt340` with 256 colour registers: no 14t/16t replies.
    let xterm = "\u{1B}[?1;0;256S\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;2;3;4;6;8;9;15;16;17;18;21;22;28;29c"
    /// foot answers everything.
    let foot = "\u{1B}[?1;0;1024S\u{1B}[?2;0;10000;10000S\u{1B}[4;800;1200t\u{1B}[6;20;10t\u{1B}[?62;4;22c"
    /// tmux 3.3 answers DA1 only (no sixel attribute); XTSMGRAPHICS comes back as an error.
    let tmux = "\u{1B}[?1;3;0S\u{1B}[?1;2c"

    /// mlterm 3.9.0 under Xvfb (recorded): 1024 registers, then a failure naming item 1 for the
    /// largest-image query (item 2); no XTVERSION, no kitty reply.
    let mlterm = "\u{1B}[?1;0;1024S\u{1B}[?1;3;0S\u{1B}[4;640;960t\u{1B}[6;16;8t\u{1B}[?63;1;2;3;4;6;7;15;18;22;29c"
    /// Konsole 22.12.3 under Xvfb (recorded): everything, kitty's query answered, the
    /// temporary-file query refused.
    let konsole =
        "\u{1B}[?1;0;256S\u{1B}[?2;0;16384;16384S\u{1B}[4;680;960t\u{1B}[6;17;8t\u{1B}P>|Konsole 22.12.3\u{1B}\\"
        + "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;ENOTSUPPORTED:\u{1B}\\\u{1B}[?62;1;4c"

    /// kitty 0.26.5 under Xvfb (recorded): no XTSMGRAPHICS, the window and cell in pixels,
    /// XTVERSION, an OK to the graphics query, DA1 without sixel.
    let kitty =
        "\u{1B}[4;884;1280t\u{1B}[6;17;8t\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c"

    @Test func kittyIsPreferredAndItsAnswersAreTimed() {
        let text = bytes(kitty)
        // The first replies at 40 ms, DA1's at 45 ms.
        let arrivals = text.indices.map { $0 < text.count - 7 ? 40 : 45 }
        let replies = TerminalReplies.parse(text, arrivals: arrivals)
        #expect(replies.kittyGraphics == "OK")
        #expect(replies.terminalVersion == "kitty(0.26.5)")
        #expect(replies.cellPixels == PixelSize(width: 8, height: 17))
        #expect(replies.answers[.kittyGraphics] == .init(text: "ESC _Gi=31;OKESC \\", milliseconds: 40))
        #expect(replies.answers[.deviceAttributes]?.milliseconds == 45)
        #expect(replies.answers[.colorRegisters] == nil)
        let support = GraphicsSupport.decide(
            replies: replies, ioctlPixels: PixelSize(width: 0, height: 0), cells: (160, 52), environment: [:],
            preference: .auto)
        #expect(support.method == .kitty)
        #expect(support.cellSizeKnown)
        #expect(support.explanation[0].contains("kitty(0.26.5)"))
        #expect(!support.kittyTemporaryFiles, "the temporary-file query was not answered")
        let local = GraphicsSupport.decide(
            replies: TerminalReplies.parse(
                bytes(kitty.replacingOccurrences(of: "\u{1B}[?62;c", with: "\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62;c"))),
            ioctlPixels: PixelSize(width: 0, height: 0), cells: (160, 52), environment: [:], preference: .auto)
        #expect(local.kittyTemporaryFiles)
        #expect(local.replies.kittyTemporaryFile == "OK")
        #expect(local.explanation.contains { $0.contains("temporary files") })
        // Forced to sixel, kitty is still asked for what it said.
        let sixel = GraphicsSupport.decide(
            replies: replies, ioctlPixels: PixelSize(width: 0, height: 0), cells: (160, 52), environment: [:],
            preference: .sixel)
        #expect(sixel.method == .sixel(colorRegisters: 256))
    }

    @Test func autoSaysWhyEachProtocolWasPassedOver() {
        let support = GraphicsSupport.decide(
            replies: TerminalReplies.parse(bytes("\u{1B}[?62;22c")), ioctlPixels: PixelSize(width: 0, height: 0),
            cells: (80, 24), environment: ["COLORTERM": "truecolor"], preference: .auto)
        #expect(support.method == .halfBlocks(colors: .trueColor))
        #expect(support.explanation.contains("kitty graphics: not used, the terminal ignored the query"))
        #expect(support.explanation.contains { $0.hasPrefix("sixel: not used") && $0.contains("attribute 4") })
        #expect(support.explanation.contains { $0.hasPrefix("iTerm2 inline images: not used") })
        #expect(!support.cellSizeKnown)
    }

    @Test func itermAndWezTermAreKnownByName() {
        for (environment, version) in [(["TERM_PROGRAM": "iTerm.app"], ""), ([:], "\u{1B}P>|WezTerm 20230712\u{1B}\\")]
        {
            let support = GraphicsSupport.decide(
                replies: TerminalReplies.parse(bytes(version + "\u{1B}[?62;22c")),
                ioctlPixels: PixelSize(width: 1600, height: 1000), cells: (160, 50), environment: environment,
                preference: .auto)
            #expect(support.method == .iterm)
        }
    }

    @Test(arguments: [
        (GraphicsPreference.kitty, GraphicsSupport.Method.kitty), (.iterm, .iterm),
        (.halfblock, .halfBlocks(colors: .palette256)), (.none, .none),
    ])
    func everyProtocolCanBeForced(preference: GraphicsPreference, method: GraphicsSupport.Method) {
        let support = GraphicsSupport.decide(
            replies: TerminalReplies.parse(bytes(xterm)), ioctlPixels: PixelSize(width: 0, height: 0), cells: (80, 24),
            environment: [:], preference: preference)
        #expect(support.method == method)
    }

    /// tmux 3.3a inside kitty 0.26.5 with passthrough on (recorded): tmux's own XTVERSION and
    /// DA1 at once, then kitty's answers passed back, ending with kitty's DA1.
    let tmuxInKitty =
        "\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c"

    /// What is decided from ``tmuxInKitty`` with kitty's version replaced, and `outsideAnswers`
    /// before kitty's DA1.
    private func insideTmux(
        outsideVersion: String, outsideAnswers: String = "", passthrough: Bool = true,
        preference: GraphicsPreference = .auto
    ) -> GraphicsSupport {
        let text = bytes(
            tmuxInKitty.replacingOccurrences(of: "kitty(0.26.5)", with: outsideVersion)
                .replacingOccurrences(of: "\u{1B}[?62;c", with: outsideAnswers + "\u{1B}[?62;c"))
        let split = TerminalReplies.endOfFirstDeviceAttributes(in: text) ?? text.count
        return GraphicsSupport.decide(
            replies: TerminalReplies.parse(Array(text[..<split])), ioctlPixels: PixelSize(width: 900, height: 540),
            cells: (100, 30), environment: ["TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": "truecolor"],
            preference: preference, tmux: TmuxState(passthrough: passthrough, clientTerminal: "xterm-kitty"),
            outside: passthrough ? TerminalReplies.parse(Array(text[split...])) : nil)
    }

    @Test func theTerminalOutsideTmuxAnswersAfterTmux() {
        let text = bytes(tmuxInKitty)
        #expect(TerminalReplies.deviceAttributesAnswers(in: text) == 2)
        let split = TerminalReplies.endOfFirstDeviceAttributes(in: text)
        #expect(split == "\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8.count)
        let support = insideTmux(outsideVersion: "kitty(0.26.5)")
        #expect(support.replies.terminalVersion == "tmux 3.3a")
        #expect(support.outsideReplies?.terminalVersion == "kitty(0.26.5)")
        #expect(support.outsideReplies?.kittyGraphics == "OK")
    }

    /// kitty before 0.28 has no Unicode placeholders: an image passed through would be drawn
    /// over other panes, so half blocks, saying why; from 0.28 (and Ghostty), the kitty protocol
    /// through tmux.
    @Test func insideTmuxKittyNeedsPlaceholders() {
        let old = insideTmux(outsideVersion: "kitty(0.26.5)")
        #expect(old.method == .halfBlocks(colors: .trueColor) && !old.throughTmux)
        #expect(old.explanation[0].contains("no Unicode placeholders"))
        for version in ["kitty(0.28.0)", "kitty(0.35.2)", "ghostty 1.1.3"] {
            let new = insideTmux(outsideVersion: version)
            #expect(new.method == .kitty && new.throughTmux, "\(version)")
            #expect(new.advice == nil)
        }
    }

    /// tmux gives the pane a pixel size it may have guessed (16×32 px a cell when its client's
    /// terminal does not say), so the cell size the terminal outside reports comes first.
    @Test func insideTmuxTheCellSizeComesFromTheTerminalOutside() {
        #expect(insideTmux(outsideVersion: "kitty(0.35.2)").cellPixels == PixelSize(width: 9, height: 18))
        let reported = insideTmux(outsideVersion: "kitty(0.35.2)", outsideAnswers: "\u{1B}[6;20;10t")
        #expect(reported.cellPixels == PixelSize(width: 10, height: 20))
        #expect(reported.explanation.contains("cell size 10×20 px (reported by the terminal outside tmux)"))
    }

    @Test func insideTmuxWithoutPassthroughSaysHowToTurnItOn() {
        let support = insideTmux(outsideVersion: "kitty(0.35.2)", passthrough: false)
        #expect(support.method == .halfBlocks(colors: .trueColor))
        #expect(support.advice == .turnOnTmuxPassthrough)
        #expect(support.explanation.contains(GraphicsSupport.passthroughAdvice))
        #expect(support.explanation[0].contains("xterm-kitty"))
    }

    @Test func tmuxStateFromItsFormat() {
        #expect(TmuxState.parse("1\txterm-kitty\n") == TmuxState(passthrough: true, clientTerminal: "xterm-kitty"))
        #expect(TmuxState.parse("all\txterm-ghostty\n").passthrough)
        #expect(TmuxState.parse("0\t\n") == TmuxState(passthrough: false, clientTerminal: ""))
        #expect(TmuxState.parse("") == TmuxState(passthrough: false, clientTerminal: ""))
    }

    /// tmux takes an APC string as the pane's title, screen as its hardstatus, and the Linux
    /// console prints it: there kitty's queries are left out (tmux's terminal outside is asked
    /// through passthrough).
    @Test func kittyQueriesStayOutOfTmuxScreenAndTheConsole() {
        #expect(TerminalReplies.acceptsAPC(environment: ["TERM": "xterm-kitty"]))
        #expect(TerminalReplies.acceptsAPC(environment: ["TERM": "xterm-256color"]))
        for environment in [
            ["TERM": "tmux-256color"], ["TERM": "screen-256color"], ["TERM": "xterm-256color", "TMUX": "/tmp/t,1,0"],
            ["TERM": "screen", "STY": "1234.pts-0"], ["TERM": "linux"],
        ] {
            #expect(!TerminalReplies.acceptsAPC(environment: environment), "\(environment)")
        }
        #expect(!TerminalReplies.queriesWithoutAPC.contains("\u{1B}_"))
        #expect(TerminalReplies.queriesWithoutAPC.hasSuffix("\u{1B}[c"))
        #expect(TerminalReplies.queries.contains("\u{1B}_Gi=31,"))
    }

    @Test func compactSixelOverSSHOrWhenAsked() {
        let replies = TerminalReplies.parse(bytes(xterm))
        func decide(_ environment: [String: String], _ compact: CompactSixelPreference) -> GraphicsSupport {
            GraphicsSupport.decide(
                replies: replies, ioctlPixels: PixelSize(width: 1600, height: 1000), cells: (160, 50),
                environment: environment, preference: .auto, compactSixel: compact)
        }
        let ssh = ["SSH_CONNECTION": "192.0.2.1 5000 192.0.2.2 22"]
        #expect(decide(ssh, .auto).compactGreys)
        #expect(decide(ssh, .auto).explanation.contains { $0.contains("over ssh") })
        #expect(!decide([:], .auto).compactGreys)
        #expect(decide([:], .on).compactGreys)
        #expect(!decide(ssh, .off).compactGreys)
    }

    @Test func parsesXtermVT340() {
        let replies = TerminalReplies.parse(bytes(xterm))
        #expect(replies.colorRegisters == 256)
        #expect(replies.maxImageSize == PixelSize(width: 1000, height: 1000))
        #expect(replies.deviceAttributes?.contains(4) == true)
        #expect(replies.cellPixels == nil)
        let support = GraphicsSupport.decide(
            replies: replies, ioctlPixels: PixelSize(width: 1600, height: 1000), cells: (160, 50),
            environment: [:], preference: .auto)
        #expect(support.method == .sixel(colorRegisters: 256))
        #expect(support.cellPixels == PixelSize(width: 10, height: 20))
        #expect(support.explanation[0].hasPrefix("sixel"))
    }

    @Test func parsesMlterm() {
        let replies = TerminalReplies.parse(bytes(mlterm))
        #expect(replies.colorRegisters == 1024)
        #expect(replies.answers[.colorRegisters]?.text == "ESC [?1;0;1024S")
        #expect(replies.maxImageSize == nil)
        #expect(replies.answers[.maxImageSize]?.text == "ESC [?1;3;0S", "the failure answers the second query")
        let support = GraphicsSupport.decide(
            replies: replies, ioctlPixels: PixelSize(width: 0, height: 0), cells: (120, 40), environment: [:],
            preference: .auto)
        #expect(support.method == .sixel(colorRegisters: 1024))
        #expect(support.cellPixels == PixelSize(width: 8, height: 16))
        #expect(support.maxImageSize == GraphicsSupport.assumedMaxImage)
    }

    @Test func parsesKonsole() {
        let replies = TerminalReplies.parse(bytes(konsole))
        #expect(replies.terminalVersion == "Konsole 22.12.3")
        #expect(replies.kittyTemporaryFile == "ENOTSUPPORTED:")
        let support = GraphicsSupport.decide(
            replies: replies, ioctlPixels: PixelSize(width: 0, height: 0), cells: (120, 40), environment: [:],
            preference: .auto)
        #expect(support.method == .kitty)
        #expect(!support.kittyTemporaryFiles, "Konsole reads no temporary files: the pages go through its input")
        #expect(support.cellPixels == PixelSize(width: 8, height: 17))
    }

    @Test func parsesFoot() {
        let replies = TerminalReplies.parse(bytes(foot))
        #expect(replies.colorRegisters == 1024)
        #expect(replies.windowPixels == PixelSize(width: 1200, height: 800))
        #expect(replies.cellPixels == PixelSize(width: 10, height: 20))
        #expect(replies.deviceAttributes == [62, 4, 22])
    }

    @Test func tmuxFallsBackToHalfBlocksAndSaysWhy() {
        let replies = TerminalReplies.parse(bytes(tmux))
        #expect(replies.colorRegisters == nil)
        let support = GraphicsSupport.decide(
            replies: replies, ioctlPixels: PixelSize(width: 0, height: 0), cells: (80, 24),
            environment: ["TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": "truecolor"], preference: .auto)
        #expect(support.method == .halfBlocks(colors: .trueColor))
        #expect(support.explanation[0].contains("tmux"))
        #expect(support.cellPixels == GraphicsSupport.assumedCell)
        #expect(support.explanation.contains { $0.contains("assuming 10×20") })
    }

    @Test func silenceMeansHalfBlocksWithAssumptions() {
        let support = GraphicsSupport.decide(
            replies: TerminalReplies.parse([]), ioctlPixels: PixelSize(width: 0, height: 0), cells: (80, 24),
            environment: [:], preference: .auto)
        #expect(support.method == .halfBlocks(colors: .palette256))
        #expect(support.explanation[0].contains("did not answer"))
    }

    @Test func preferenceOverrides() {
        let replies = TerminalReplies.parse(bytes(tmux))
        let forced = GraphicsSupport.decide(
            replies: replies, ioctlPixels: PixelSize(width: 0, height: 0), cells: (80, 24), environment: [:],
            preference: .sixel)
        // tmux answers DA1 without sixel and no XTSMGRAPHICS: forced, it is taken to have 256.
        #expect(forced.method == .sixel(colorRegisters: 256))
        #expect(forced.explanation[0].contains("assuming 256"))
        let forcedOnXterm = GraphicsSupport.decide(
            replies: TerminalReplies.parse(bytes(xterm)), ioctlPixels: PixelSize(width: 0, height: 0),
            cells: (80, 24), environment: [:], preference: .sixel)
        #expect(forcedOnXterm.method == .sixel(colorRegisters: 256))
        let off = GraphicsSupport.decide(
            replies: TerminalReplies.parse(bytes(xterm)), ioctlPixels: PixelSize(width: 0, height: 0),
            cells: (80, 24), environment: [:], preference: .none)
        #expect(off.method == .none)
    }

    @Test func garbageAndTruncatedRepliesAreSkipped() {
        let replies = TerminalReplies.parse(bytes("noise\u{1B}[?1;0;25\u{1B}[x\u{1B}[6;;t\u{1B}[?99999999999999;4c"))
        #expect(replies.deviceAttributes == [1_000_000, 4])
        #expect(replies.cellPixels == nil)
        #expect(TerminalReplies.parse(bytes("\u{1B}[?")).deviceAttributes == nil)
    }
}

/// kitty's replies while the reader runs: an evicted image is news, other replies are not.
@Suite struct KittyGraphicsReplyTests {
    private func characters(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func evictedImageIsRecognised() throws {
        let following = characters("_Gi=17;ENOENT:No such image\u{1B}\\")
        let reply = try #require(KittyGraphicsReply(afterEscape: following))
        #expect(reply.imageID == 17 && reply.isMissingImage)
        #expect(reply.message == "ENOENT:No such image")
    }

    @Test func otherSequencesAreNoReply() {
        #expect(KittyGraphicsReply(afterEscape: characters("_Gi=17;OK\u{1B}\\"))?.isMissingImage == false)
        #expect(KittyGraphicsReply(afterEscape: characters("_Gp=3;ENOENT\u{1B}\\")) == nil)
        #expect(KittyGraphicsReply(afterEscape: characters("]0;title\u{07}")) == nil)
        #expect(KittyGraphicsReply(afterEscape: characters("[A")) == nil)
        #expect(KittyGraphicsReply(afterEscape: characters("_Gi=17;ENOENT")) == nil)
    }
}
