import FolioCore
import Testing

/// The mouse and pasted text in the file browser.
@Suite struct BrowserMouseTests {
    private func browser() -> BrowserState {
        var state = BrowserState(directory: "/tmp", screen: ScreenSize(rows: 12, columns: 80))
        _ = state.start()
        _ = state.handle(.listed(path: "/tmp", entries: BrowserFixture.numberedNotes(20)))
        return state
    }

    @Test func aClickSelectsAndADoubleClickOpens() {
        var state = browser()
        // The list starts on row 2, below the header and a blank row.
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 5, column: 4)))
        #expect(state.selectedIndex == 3)
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 5, column: 4)))
        if case .cannotOpen = state.message {
            Issue.record("a click, however often, only selects")
        }
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 2), row: 5, column: 4)))
        guard case .cannotOpen(let name, _) = state.message else {
            Issue.record("no cannot-open notice: \(String(describing: state.message))")
            return
        }
        #expect(name == "note 4.txt")
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 5, column: 60)))
        #expect(state.selectedIndex == 3, "a click in the preview selects nothing")
    }

    @Test func aClickAtAnyCellOfAScrolledListIsIgnoredOrUsed() {
        var state = browser()
        _ = state.handle(.key(.end))
        let selected = state.selectedIndex
        for row in [Int.min, -1, Int.max] {
            for column in [Int.min, Int.max] {
                _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: row, column: column)))
            }
            _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: row, column: 4)))
        }
        #expect(state.selectedIndex == selected, "no click off the list selects")
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 2, column: 4)))
        #expect(state.selectedIndex == 20 - 9, "the top row shows the first of the last nine entries")
    }

    @Test func theWheelMovesTheSelection() {
        var state = browser()
        _ = state.handle(.mouse(MouseEvent(action: .wheelDown, row: 5, column: 4)))
        _ = state.handle(.mouse(MouseEvent(action: .wheelDown, row: 5, column: 4)))
        #expect(state.selectedIndex == 6)
        _ = state.handle(.mouse(MouseEvent(action: .wheelUp, row: 5, column: 4)))
        #expect(state.selectedIndex == 3)
    }

    @Test func aPasteFillsTheFilter() {
        var state = browser()
        _ = state.handle(.paste("note"))
        #expect(state.filter.isEmpty)
        _ = state.handle(.key(.character("/")))
        _ = state.handle(.paste("note 17\u{1B}"))
        #expect(state.filter == "note 17", "control characters are dropped")
        #expect(state.visibleEntries.map(\.name) == ["note 17.txt"])
    }

    /// A long password (a paste) shows as many dots as the row holds: the key scripts found one
    /// of 300 characters drawing a row 67 cells wide on a screen of 61 (seed 331268).
    @Test func aLongPasswordKeepsTheStatusRowOnTheScreen() {
        var state = browser()
        _ = state.handle(.passwordNeeded(path: "/tmp/secret.pdf", note: .encrypted(name: "secret.pdf")))
        _ = state.handle(.paste(String(repeating: "A", count: 300)))
        for columns in [61, 40, 12, 3] {
            _ = state.handle(.resize(ScreenSize(rows: 12, columns: columns)))
            let frame = BrowserView.render(state)
            let status = frame.lines[11]
            #expect(DisplayWidth.of(status) <= columns, "\(columns): \(status)")
            #expect(!status.contains("A"))
        }
        _ = state.handle(.key(.home))
        #expect(DisplayWidth.of(BrowserView.render(state).lines[11]) <= 3)
    }

    @Test func thePasswordPromptTakesKeysAndPastesAndKeepsTheListStill() {
        var state = browser()
        _ = state.handle(.passwordNeeded(path: "/tmp/secret.pdf", note: .encrypted(name: "secret.pdf")))
        #expect(state.keyMode == .password)
        _ = state.handle(.paste("pass\n"))
        _ = state.handle(.key(.character("é")))
        _ = state.handle(.key(.backspace))
        _ = state.handle(.mouse(MouseEvent(action: .click(clicks: 2), row: 5, column: 4)))
        #expect(state.selectedIndex == 0, "clicks wait for the password")
        let status = BrowserView.render(state).lines[11]
        #expect(status.hasPrefix(" secret.pdf is encrypted — Password: ••••▏"), "\(status)")
        #expect(!status.contains("pass"))
        #expect(state.handle(.key(.enter)) == [.unlock(path: "/tmp/secret.pdf", password: "pass")])
        #expect(state.keyMode == .browser)
        _ = state.handle(.passwordNeeded(path: "/tmp/secret.pdf", note: .wrongPassword(triesLeft: 2)))
        for key: Key in [.character("a"), .character("c"), .left, .character("b"), .home, .character("_")] {
            _ = state.handle(.key(key))
        }
        #expect(state.passwordEntry?.secret == "_abc", "the prompt edits as the others do")
        #expect(BrowserView.render(state).lines[11].contains("Password: •▏•••"))
        _ = state.handle(.key(.up))
        #expect(state.passwordEntry?.secret == "_abc", "no history of passwords")
        _ = state.handle(.key(.end))
        _ = state.handle(.key(.control("u")))
        #expect(state.passwordEntry?.secret == "")
        _ = state.handle(.interrupted)
        #expect(state.passwordEntry == nil)
        #expect(state.message == .passwordNotGiven(name: "secret.pdf"))
    }
}
