import FolioCore
import Testing

/// Messages are seen: several waiting at the start are shown in turn, the important first; a
/// tip never hides one; a long message ends at a word; `M` lists them all in full.
@Suite struct ReaderStateMessageTests {
    static let tip = Notice.tip(.turnOnTmuxPassthrough)

    private func session(notes: [Notice], screen: ScreenSize = ScreenSize(rows: 10, columns: 80)) -> ReaderSession {
        var session = ReaderSession(startPage: 4, screen: screen)
        _ = session.state.start(notes: notes)
        session.deliverNumbered(4, lineCount: 30)
        return session
    }

    private func statusLine(_ session: ReaderSession) -> String {
        session.screenLines.last ?? ""
    }

    @Test func theTipWaitsForWhereReadingResumed() {
        var session = session(notes: [Self.tip, .resumed(page: 4)])
        #expect(session.state.message == .resumed(page: 4), "the tip was given first, but it waits")
        #expect(statusLine(session).contains("Page 5, where you left off (Home: first page)"))
        session.press(.character("j"))
        #expect(session.state.message == Self.tip, "the next key shows the next message")
        #expect(statusLine(session).contains("Sharper images: tmux set -g allow-passthrough on"))
        session.press(.character("j"))
        #expect(session.state.message == nil)
    }

    @Test(arguments: [
        Notice.openedLastPage(number: 9999, pageCount: 36),
        .notALabel(typed: "abc", page: 0, pageCount: 36),
        .configurationProblems(first: "~/.config/folio/config:4: invalid wrap 'tru' (true or false)", more: 0),
    ])
    func theTipNeverReplacesAMessageThatMatters(first: Notice) {
        var session = session(notes: [Self.tip, first])
        #expect(session.state.message == first)
        session.press(.character("j"))
        #expect(session.state.message == Self.tip)
    }

    @Test func messagesOfTheSamePriorityKeepTheirOrder() {
        var session = session(notes: [
            .resumed(page: 4), Self.tip, .configurationProblems(first: "config:2: unknown option 'colour'", more: 0),
        ])
        #expect(session.state.message == .resumed(page: 4))
        session.press(.character("j"))
        #expect(session.state.message == .configurationProblems(first: "config:2: unknown option 'colour'", more: 0))
        session.press(.character("k"))
        #expect(session.state.message == Self.tip)
    }

    private func reportsTheTip(_ effects: [ReaderEffect]) -> Bool {
        effects.contains(.tipShown(.turnOnTmuxPassthrough))
    }

    @Test func theTipIsReportedShownOnceItIsOnTheStatusLine() {
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 36), startPage: 4,
            screen: ScreenSize(rows: 10, columns: 80))
        #expect(!reportsTheTip(state.start(notes: [Self.tip, .resumed(page: 4)])), "the tip waits")
        let shown = state.handle(.key(.character("j")))
        #expect(state.message == Self.tip)
        #expect(reportsTheTip(shown))
        #expect(!reportsTheTip(state.handle(.key(.character("j")))), "reported once")

        var first = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 36), startPage: 4,
            screen: ScreenSize(rows: 10, columns: 80))
        #expect(reportsTheTip(first.start(notes: [Self.tip])), "the only message is shown at the start")
    }

    @Test(arguments: [Key.character("q"), .character("F")])
    func leavingBeforeTheTipLeavesItUnshown(key: Key) {
        var session = session(notes: [.resumed(page: 4), Self.tip])
        let effects = session.press(key)
        #expect(effects.contains(.quit) || effects.contains(.openBrowser), "\(effects)")
        #expect(!reportsTheTip(effects))
        #expect(session.state.message != Self.tip, "no frame would show it")
    }

    @Test func aSearchCountedInManyBatchesKeepsTheMessagesThatMatter() throws {
        let problem = Notice.configurationProblems(first: "config:2: unknown option 'colour'", more: 0)
        var session = session(notes: [problem])
        session.type("/P4L")
        let effects = session.press(.enter)
        let count = try #require(
            effects.compactMap { effect -> MatchCountRequest? in
                if case .countMatches(let request) = effect { return request }
                return nil
            }.first)
        for page in 0..<36 {
            _ = session.state.handle(
                .matchesCounted(
                    id: count.id, matches: [PageMatchCount(page: page, matches: 30)], counted: page + 1, total: 36))
            #expect(session.state.message.map { if case .match = $0 { true } else { false } } == true)
        }
        for _ in 0..<60 {
            session.type("nN")
        }
        session.type("ww")
        let matches = session.state.sessionMessages.filter { if case .match = $0 { true } else { false } }
        #expect(matches.count <= 1, "\(matches.count) match messages kept")
        #expect(session.state.sessionMessages.contains(problem))
        #expect(!session.state.sessionMessages.contains(.wrapAround(on: true)))
    }

    @Test func aMessageWaitsWhileAPromptIsOpen() {
        var session = session(notes: [.resumed(page: 4), Self.tip])
        session.press(.character("g"))
        #expect(session.state.goToPrompt != nil)
        #expect(session.state.message == nil)
        session.press(.escape)
        #expect(session.state.message == Self.tip, "shown once the prompt has closed")
    }

    @Test func stoppingTheReaderDismissesTheMessage() {
        var session = session(notes: [Self.tip])
        #expect(session.state.message == Self.tip)
        _ = session.state.handle(.suspended)
        #expect(session.state.message == nil, "fg does not bring the tip back")
    }

    @Test func aLongMessageEndsWithAnEllipsisAtAWord() {
        let long = Notice.configurationProblems(
            first: "~/.config/folio/config:12: unknown command 'scroll-donw' in reader mode", more: 10)
        let session = session(notes: [long], screen: ScreenSize(rows: 10, columns: 60))
        let status = statusLine(session)
        #expect(status.hasPrefix(" folio: ~/.config/folio/config:12: unknown…   "), "\(status)")
        #expect(status.hasSuffix("reflow  5/36 "))
    }

    @Test func shiftMListsTheSessionsMessagesInFull() {
        let long = Notice.configurationProblems(
            first: "~/.config/folio/config:12: unknown command 'scroll-donw' in reader mode", more: 10)
        var session = session(notes: [long, Self.tip], screen: ScreenSize(rows: 10, columns: 60))
        session.press(.character("j"))
        session.press(.character("M"))
        #expect(session.state.messagesTop != nil)
        #expect(
            session.screenLines.map(\.trimmingTrailingSpaces) == [
                " Messages of this session, the newest last",
                "",
                " - folio: ~/.config/folio/config:12: unknown command",
                "   'scroll-donw' in reader mode (and 10 more: folio",
                "   --check-config)",
                "",
                " - Sharper images: tmux set -g allow-passthrough on",
                "",
                "",
                " doc.pdf  Messages: any key returns     ▾ 33%  reflow  5/36",
            ])
        session.press(.character("x"))
        #expect(session.state.messagesTop == nil)
        #expect(session.state.message == nil, "closing the list runs nothing and says nothing")
        #expect(session.state.currentPage == 4)
    }

    @Test func aLongListOpensAtItsNewestMessageAndScrollsBack() {
        var session = session(notes: [.resumed(page: 4)])
        for letter in "abcdefghi" {
            session.type("'\(letter)")
        }
        session.press(.character("M"))
        // 10 messages, each after a blank line, below the heading: 21 lines in 9 rows.
        let lines = session.screenLines
        #expect(lines[7].hasPrefix(" - No mark i"), "the newest, last above the note: \(lines)")
        #expect(lines[8].hasPrefix(" … lines 14–21 of 21: Up back"), "\(lines)")
        session.press(.character("k"))
        #expect(session.screenLines[8].hasPrefix(" … lines 13–20 of 21: Down more, Up back"))
        session.press(.character("g"))
        #expect(session.state.messagesTop == nil, "g is no scrolling key: it closes the list")
        #expect(session.state.goToPrompt == nil)
    }

    @Test func theMessagesListSaysWhenThereAreNone() {
        var session = session(notes: [])
        session.press(.character("M"))
        #expect(session.screenLines[2].hasPrefix(" No messages yet"))
        #expect(session.state.sessionMessages.isEmpty)
        session.press(.character("n"), .character("n"))
        #expect(session.state.sessionMessages == [.noPreviousSearch], "the first n closed the list")
    }
}
