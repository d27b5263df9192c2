import FolioCore
import Testing

/// Previews are made in the background: asked for once per document the selection settles
/// on, kept by path, and never shown for another entry.
@Suite struct BrowserPreviewTests {
    private let attention = BrowserFixture.path("attention.pdf")
    private let chapter2 = BrowserFixture.path("Chapter 2.epub")
    private let hostile = BrowserFixture.path(BrowserFixture.hostileName)

    private func preview(_ title: String) -> BrowserPreview {
        BrowserPreview(title: title, format: "PDF", pageCount: 1, firstLines: "Text of \(title)")
    }

    /// The preview pane's first line (the pane starts at column 36).
    private func paneHeading(_ session: BrowserSession) -> String {
        String(session.screenLines[2].dropFirst(36)).trimmingTrailingSpaces
    }

    /// The preview pane's third line, where notes such as "Loading preview…" go.
    private func paneNote(_ session: BrowserSession) -> String {
        String(session.screenLines[4].dropFirst(36)).trimmingTrailingSpaces
    }

    @Test func settlingOnADocumentAsksForItsPreviewOnce() {
        var session = BrowserSession()
        #expect(session.listingEffects.isEmpty, "a folder is selected first")
        #expect(session.press(.down).isEmpty, "drafts/ is a folder")
        #expect(session.press(.down) == [.preview(hostile)])
        #expect(paneNote(session) == "Loading preview…")
        // Events that leave the selection where it is ask for nothing more.
        #expect(session.deliver(.resize(ScreenSize(rows: 20, columns: 90))).isEmpty)
        #expect(session.press(.character("x")).isEmpty)
        #expect(session.press(.character("?"), .character("?")).isEmpty)
        #expect(session.press(.up).isEmpty)
        #expect(session.press(.down).isEmpty, "its preview is still on its way")
    }

    @Test func movingOnSupersedesTheRequestAndComingBackAsksAgain() {
        var session = BrowserSession()
        session.select(BrowserFixture.hostileName)
        #expect(session.press(.down) == [.preview(attention)])
        #expect(session.press(.up) == [.preview(hostile)])
        #expect(session.press(.up).isEmpty)
        #expect(session.press(.down).isEmpty)
    }

    @Test func jumpingAsksOnlyForTheDocumentLandedOn() {
        var session = BrowserSession(entries: BrowserFixture.numberedDocuments(40))
        #expect(session.listingEffects == [.preview("/home/ada/papers/file 1.pdf")])
        #expect(session.press(.end) == [.preview("/home/ada/papers/file 40.pdf")])
        #expect(session.press(.pageUp) == [.preview("/home/ada/papers/file 28.pdf")])
    }

    @Test func listingThatLandsOnADocumentAsksForItsPreview() {
        let session = BrowserSession(selecting: "attention.pdf")
        #expect(session.listingEffects == [.preview(attention)])
    }

    @Test func thePreviewShowsWhenItArrives() {
        var session = BrowserSession()
        session.select("attention.pdf")
        #expect(session.deliver(.previewReady(path: attention, preview: BrowserFixture.attentionPreview)).isEmpty)
        #expect(paneHeading(session) == "Attention Is All You Need")
    }

    @Test func aPreviewForAnotherEntryIsNeverShown() {
        var session = BrowserSession()
        session.select("attention.pdf")
        session.deliver(.previewReady(path: chapter2, preview: preview("Chapter Two")))
        #expect(paneHeading(session) == "attention.pdf")
        #expect(paneNote(session) == "Loading preview…")
        // The early answer was kept: moving there shows it without asking.
        #expect(session.press(.down).isEmpty)
        #expect(paneHeading(session) == "Chapter Two")
    }

    @Test func aLateAnswerIsKeptForWhenTheUserComesBack() {
        var session = BrowserSession()
        session.select("attention.pdf")
        #expect(session.press(.down) == [.preview(chapter2)])
        session.deliver(.previewReady(path: attention, preview: BrowserFixture.attentionPreview))
        #expect(paneHeading(session) == "Chapter 2.epub")
        #expect(paneNote(session) == "Loading preview…")
        #expect(session.press(.up).isEmpty)
        #expect(paneHeading(session) == "Attention Is All You Need")
        // Chapter 2's request is still the one outstanding: going back asks nothing.
        #expect(session.press(.down).isEmpty)
    }

    @Test func aFailedPreviewSaysWhyAndIsNotAskedForAgain() {
        var session = BrowserSession()
        session.select("attention.pdf")
        session.deliver(.previewFailed(path: attention, reason: "damaged xref table"))
        #expect(paneNote(session) == "No preview: damaged xref table")
        #expect(
            BrowserView.render(session.state).rows[4].last
                == Span(text: "No preview: damaged xref table", style: .error))
        session.press(.up)
        #expect(session.press(.down).isEmpty)
    }

    @Test func answersForADuplicatePathAreHarmless() {
        var session = BrowserSession()
        session.select("attention.pdf")
        session.deliver(.previewFailed(path: attention, reason: "busy"))
        session.deliver(.previewReady(path: attention, preview: BrowserFixture.attentionPreview))
        #expect(paneHeading(session) == "Attention Is All You Need")
    }

    @Test func previewsAreKeptAcrossFolders() {
        var session = BrowserSession()
        session.select("attention.pdf")
        session.deliver(.previewReady(path: attention, preview: BrowserFixture.attentionPreview))
        session.select("drafts")
        session.press(.enter)
        session.deliver(
            .listed(
                path: BrowserFixture.path("drafts"), entries: [BrowserEntry(name: "attention.pdf", kind: .document)]))
        #expect(
            session.state.selectedPath == "/home/ada/papers/drafts/attention.pdf",
            "same name, other folder: a preview of its own is needed")
        #expect(paneNote(session) == "Loading preview…")
        session.press(.left)
        let effects = session.deliver(.listed(path: BrowserFixture.folder, entries: BrowserFixture.entries))
        #expect(effects.isEmpty, "drafts/ is selected")
        session.select("attention.pdf")
        #expect(paneHeading(session) == "Attention Is All You Need")
    }

    @Test func theCacheKeepsTheMostRecent32() {
        var session = BrowserSession(entries: BrowserFixture.numberedDocuments(40))
        for number in 1...40 {
            session.deliver(
                .previewReady(path: "/home/ada/papers/file \(number).pdf", preview: preview("File \(number)")))
        }
        // file 1 is selected, so it stays; files 2 to 9 made room for the last eight.
        #expect(paneHeading(session) == "File 1")
        for number in 2...9 {
            #expect(session.press(.down) == [.preview("/home/ada/papers/file \(number).pdf")])
        }
        #expect(session.press(.down).isEmpty)
        #expect(paneHeading(session) == "File 10")
        #expect(session.press(.end).isEmpty)
    }

    @Test func lookingAtAPreviewKeepsItFromBeingForgotten() {
        var session = BrowserSession(entries: BrowserFixture.numberedDocuments(40))
        for number in 1...32 {
            session.deliver(
                .previewReady(path: "/home/ada/papers/file \(number).pdf", preview: preview("File \(number)")))
        }
        // Looking at file 2 makes it recent; file 3 is now the least recently used.
        #expect(session.press(.down, .up).isEmpty)
        session.deliver(.previewReady(path: "/home/ada/papers/file 33.pdf", preview: preview("File 33")))
        #expect(session.press(.down).isEmpty)
        #expect(session.press(.down) == [.preview("/home/ada/papers/file 3.pdf")])
    }
}

extension String {
    /// The string without the spaces that pad a screen row.
    var trimmingTrailingSpaces: String {
        var result = self
        while result.hasSuffix(" ") {
            result.removeLast()
        }
        return result
    }
}
