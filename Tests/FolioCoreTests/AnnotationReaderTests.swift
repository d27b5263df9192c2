import FolioCore
import Testing

/// The reader's annotation keys as key scripts: the text selection (`v`) and what it makes, the
/// marks drawn on annotated words, the annotation list (`A`) and undo (`u`).
@Suite struct AnnotationReaderTests {
    /// Two paragraphs on page 1, one on page 2 (lines of 38 cells at the default 40 columns).
    private static let firstPage = PageTextFixture.page([
        ["Alpha beta-gamma delta", "epsilon zeta."], ["Second paragraph here."],
    ])
    private static let secondPage = PageTextFixture.page([["Page two begins here."]])

    private func session(screen: ScreenSize = ScreenSize(rows: 10, columns: 40)) -> ReaderSession {
        var session = ReaderSession(pageCount: 4, screen: screen)
        session.deliver(Self.firstPage, for: 0)
        session.deliver(Self.secondPage, for: 1)
        return session
    }

    /// The text `y` copies from the selection as the keys leave it.
    private func copied(_ keys: String, in session: inout ReaderSession) -> String? {
        session.type(keys)
        guard case .copy(let text, _)? = session.type("y").first else { return nil }
        return text
    }

    @Test func vStartsOnTheFirstWordAndMovesByWordsAndLines() {
        var session = session()
        #expect(copied("v", in: &session) == "Alpha")
        #expect(copied("vw", in: &session) == "Alpha b")
        #expect(copied("vee", in: &session) == "Alpha beta")
        // `w` stops at marks, as vim's does: "beta", "-", "gamma".
        #expect(copied("vwww", in: &session) == "Alpha beta-g")
        #expect(copied("v3w", in: &session) == "Alpha beta-g")
        #expect(copied("v$", in: &session) == "Alpha beta-gamma delta epsilon zeta.")
        // `b` from the full stop goes to "zeta", the next `b` to "epsilon".
        #expect(copied("v$bb", in: &session) == "Alpha beta-gamma delta e")
        #expect(copied("ve0", in: &session) == "A")
        #expect(copied("vll", in: &session) == "Alpha b")
        #expect(copied("vhh", in: &session) == "Alp")
    }

    @Test func paragraphsAndSwappingEnds() {
        var session = session()
        #expect(copied("v}", in: &session) == "Alpha beta-gamma delta epsilon zeta.")
        // The second `}` goes on to the end of the next paragraph.
        #expect(copied("v}}", in: &session) == "Alpha beta-gamma delta epsilon zeta. Second paragraph here.")
        // `o` swaps the ends: `b` then moves the start, not the end.
        #expect(copied("v}}{", in: &session) == "Alpha beta-gamma delta epsilon zeta. S")
        #expect(copied("v}}o{", in: &session) == "Alpha beta-gamma delta epsilon zeta. Second paragraph here.")
    }

    @Test func aSelectionRunsOnAcrossAPageBreak() {
        var session = session()
        session.type("v")
        session.type("jjjj")
        #expect(session.state.currentPage == 1)
        #expect(session.state.textSelection?.pages == 0...1)
        session.type("e")
        guard case .copy(let text, let description)? = session.type("y").first else {
            Issue.record("nothing copied")
            return
        }
        // The empty line between the paragraphs takes the cursor to its line's start.
        #expect(text == "Alpha beta-gamma delta epsilon zeta. Second paragraph here.\nPage")
        #expect(description == "the text selected on pages 1–2")
    }

    @Test func escapeCancelsAndTheImageViewRefuses() {
        var session = session()
        session.type("vw")
        #expect(session.press(.escape).isEmpty)
        #expect(session.state.textSelection == nil)
        #expect(session.state.keyMode == .reader)
    }

    @Test func vStartsOnTheMatchShown() {
        var session = session()
        session.type("/delta")
        let effects = session.press(.enter)
        guard case .search(let request)? = effects.first(where: { if case .search = $0 { true } else { false } })
        else {
            // The match is on the page shown: found at once.
            #expect(copied("v", in: &session) == "delta")
            return
        }
        _ = session.state.handle(.searchFound(id: request.id, page: 0))
        #expect(copied("v", in: &session) == "delta")
    }

    @Test func hHighlightsExactlyTheCharactersSelected() {
        var session = session()
        session.type("vee")
        let effects = session.type("H")
        guard case .changeAnnotation(.add(let annotation))? = effects.first, effects.count == 1 else {
            Issue.record("no highlight made: \(effects)")
            return
        }
        #expect(annotation.kind == .highlight)
        #expect(annotation.page == 0)
        #expect(annotation.colour == AnnotationColour.presets[0].colour)
        #expect(annotation.markedText == "Alpha beta")
        #expect(Self.firstPage.markedText(under: annotation.quads) == "Alpha beta")
        // One quad over the first line's "Alpha beta": 10 characters of 6 pt from the margin.
        #expect(annotation.quads == [TextRect(x0: 72, y0: 72, x1: 72 + 10 * 6, y1: 84)])
        #expect(annotation.created == nil && annotation.modified == nil)
        #expect(session.state.keyMode == .reader)
    }

    @Test func aCountPicksAPresetColourAndAHighlightAcrossPagesIsOnePerPage() {
        var session = session()
        session.type("v$")
        guard case .changeAnnotation(.add(let green))? = session.type("2H").first else {
            Issue.record("no highlight made")
            return
        }
        #expect(green.colour == AnnotationColour.presets[1].colour)
        session.type("v}}jje")
        let effects = session.type("H")
        let pages = effects.compactMap { effect -> Int? in
            if case .changeAnnotation(.add(let annotation)) = effect { annotation.page } else { nil }
        }
        #expect(pages == [0, 1])
        // One `u` takes the whole highlight back, both pages' parts.
        let undone = session.type("u")
        #expect(undone.count == 2)
        #expect(undone.allSatisfy { if case .changeAnnotation(.remove) = $0 { true } else { false } })
    }

    @Test func aNoteIsTypedIntoAPromptAndGoesOnTheHighlight() {
        var session = session()
        session.type("vea")
        #expect(session.state.keyMode == .notePrompt)
        session.type("see §2")
        let effects = session.press(.enter)
        guard case .changeAnnotation(.add(let annotation))? = effects.first else {
            Issue.record("no annotation made: \(effects)")
            return
        }
        #expect(annotation.note == "see §2")
        #expect(annotation.markedText == "Alpha beta")
        #expect(session.state.keyMode == .reader)
    }

    @Test func undoReversesEachChangeThenSaysThereIsNoneLeft() {
        var session = session()
        guard case .changeAnnotation(.add(let made))? = session.type("veH").first else {
            Issue.record("no highlight made")
            return
        }
        #expect(session.type("u") == [.changeAnnotation(.remove(made.id, page: 0))])
        #expect(session.type("u").isEmpty)
        #expect(session.state.message == .nothingToUndo)
    }

    @Test func annotatedWordsAreDrawnInTheirStyleAndANoteHasAMarker() {
        var session = session()
        let quads = [TextRect(x0: 72 + 6 * 6, y0: 72, x1: 72 + 10 * 6, y1: 84)]
        let underline = Annotation(
            id: AnnotationID("u"), page: 0, kind: .underline, colour: AnnotationColour(hex: "#ff0000"), quads: quads,
            rect: quads[0], note: "why?")
        _ = session.state.handle(.annotationsLoaded(page: 0, annotations: [underline]))
        let frame = ReaderView.render(session.state)
        let style = CellStyle.annotation(AnnotationStyle(mark: .underline, colour: AnnotationColour(hex: "#ff0000")))
        #expect(frame.rows[0].contains(Span(text: "beta", style: style)))
        #expect(frame.rows[0].first?.text == "*")
        // Selected, the line's note shows on the status line.
        session.type("v")
        #expect(session.screenLines.last?.contains("Note: why?") == true)
    }

    @Test func theListGoesDeletesEditsAndFilters() {
        var session = session()
        #expect(session.type("A") == [.listAnnotations])
        let first = Annotation(
            id: AnnotationID("a"), page: 0, kind: .highlight, quads: [], rect: TextRect(x0: 72, y0: 72, x1: 90, y1: 84),
            markedText: "Alpha")
        let second = Annotation(
            id: AnnotationID("b"), page: 1, kind: .note, rect: TextRect(x0: 72, y0: 72, x1: 90, y1: 84),
            note: "remember this")
        _ = session.state.handle(.annotationListLoaded([second, first]))
        #expect(session.state.annotationList?.selectedAnnotation == first)
        #expect(session.screenLines[1].contains("highlight Alpha"))
        #expect(session.screenLines[2].contains("note      remember this"))
        session.type("/remem")
        #expect(session.state.annotationList?.shown.count == 1)
        session.press(.enter)
        #expect(session.state.annotationList?.selectedAnnotation == second)
        // `e` edits the note in the prompt, and the list comes back.
        session.type("e")
        session.press(.backspace)
        session.press(.backspace)
        session.press(.backspace)
        session.press(.backspace)
        let edited = session.press(.enter)
        #expect(
            edited == [
                .changeAnnotation(.setNote(AnnotationID("b"), page: 1, note: "remember", modified: nil))
            ])
        #expect(session.state.annotationList?.selectedAnnotation?.note == "remember")
        // `d` deletes; `u` brings the annotation back as it was.
        #expect(session.type("d") == [.changeAnnotation(.remove(AnnotationID("b"), page: 1))])
        session.press(.escape)
        session.press(.escape)
        var restored = second
        restored.note = "remember"
        #expect(session.type("u") == [.changeAnnotation(.add(restored))])
        #expect(
            session.type("u") == [
                .changeAnnotation(.setNote(AnnotationID("b"), page: 1, note: "remember this", modified: nil))
            ])
    }

    @Test func theOpenListTakesAPagesAnnotationsAsReadAgain() {
        var session = session()
        session.type("A")
        let place = TextRect(x0: 72, y0: 72, x1: 90, y1: 84)
        let first = Annotation(id: AnnotationID("#0.0"), page: 0, kind: .note, rect: place, note: "one")
        let second = Annotation(id: AnnotationID("#0.1"), page: 0, kind: .note, rect: place, note: "two")
        _ = session.state.handle(.annotationListLoaded([first, second]))
        session.type("j")
        #expect(session.type("d") == [.changeAnnotation(.remove(AnnotationID("#0.1"), page: 0))])
        // The page read again after the deletion: the direct annotation left is renamed.
        var renamed = first
        renamed.id = AnnotationID("#0.0")
        _ = session.state.handle(.annotationsLoaded(page: 0, annotations: [renamed]))
        #expect(session.state.annotationList?.annotations == [renamed])
        _ = session.state.handle(.annotationsLoaded(page: 0, annotations: []))
        #expect(session.state.annotationList == nil)
    }

    @Test func anEmptyListSaysSo() {
        var session = session()
        session.type("A")
        _ = session.state.handle(.annotationListLoaded([]))
        #expect(session.state.annotationList == nil)
        #expect(session.state.message == .noAnnotations)
    }

    @Test func aChangeTheJournalRefusedLeavesTheUndoStack() {
        var session = session()
        guard case .changeAnnotation(let change)? = session.type("veH").first else {
            Issue.record("no change")
            return
        }
        _ = session.state.handle(.annotationChangeFailed(change, reason: "no space left on the device"))
        #expect(session.state.message == .annotationNotMade(reason: "no space left on the device"))
        #expect(session.type("u").isEmpty)
    }
}

/// An annotation's colour on a terminal: the nearest of the colours it has.
@Suite struct AnnotationColourOnTerminalTests {
    @Test func thePresetsGoToTheColoursTheyLookLike() {
        let presets = AnnotationColour.presets.map(\.colour)
        let eight = presets.map { TerminalColor.nearest(red: $0.red, green: $0.green, blue: $0.blue, available: 8) }
        // Yellow, green, cyan (the blue is a sky blue), red (the pink is a light red).
        #expect(eight == [.indexed(3), .indexed(2), .indexed(6), .indexed(1)])
        // In 256 colours, #ffe94d is the cube's (5, 4, 1): 16 + 36·5 + 6·4 + 1.
        let yellow = presets[0]
        #expect(
            TerminalColor.nearest(red: yellow.red, green: yellow.green, blue: yellow.blue, available: 256)
                == .indexed(221))
        // A grey goes to the grey ramp, black and white to the cube's corners.
        #expect(TerminalColor.nearest(red: 0.5, green: 0.5, blue: 0.5, available: 256) == .indexed(244))
        #expect(TerminalColor.nearest(red: 0, green: 0, blue: 0, available: 256) == .indexed(16))
        #expect(TerminalColor.nearest(red: 1, green: 1, blue: 1, available: 256) == .indexed(231))
        // Out-of-range components are clamped, never a crash.
        #expect(TerminalColor.nearest(red: .infinity, green: -3, blue: .nan, available: 16) != .terminalDefault)
    }
}

/// What a review of the annotation keys found, each kept from coming back.
@Suite struct AnnotationReaderReviewTests {
    private func session(_ pages: [PageText], screen: ScreenSize = ScreenSize(rows: 10, columns: 40))
        -> ReaderSession
    {
        var session = ReaderSession(pageCount: 4, screen: screen)
        for (page, text) in pages.enumerated() {
            session.deliver(text, for: page)
        }
        return session
    }

    /// A sentence going on from page 1 to page 2, selected from its start to the second page
    /// with `j`.
    private func selectingIntoTheSecondPage() -> ReaderSession {
        var session = session([
            PageTextFixture.page([["The first part of a sentence that"]]),
            PageTextFixture.page([["goes on here and ends."]]),
        ])
        session.type("v")
        for _ in 0..<6 where session.state.currentPage == 0 {
            session.type("j")
        }
        return session
    }

    @Test func aSelectionOverAPageBreakInsideAParagraphTakesBothPagesParts() {
        // The paragraph goes on to page 2: the view ends page 1 with a pointer line of its own.
        var session = selectingIntoTheSecondPage()
        #expect(session.state.currentPage == 1)
        session.type("0e")
        let effects = session.type("H")
        let parts = effects.compactMap { effect -> (Int, String)? in
            if case .changeAnnotation(.add(let annotation)) = effect {
                (annotation.page, annotation.markedText)
            } else {
                nil
            }
        }
        #expect(parts.map(\.0) == [0, 1])
        #expect(parts.first?.1 == "The first part of a sentence that")
        #expect(parts.last?.1 == "goes")
    }

    @Test func enterOnANoteOfSeveralLinesChangesNothing() {
        var session = session([PageTextFixture.page([["Alpha"]])])
        session.type("A")
        let note = Annotation(
            id: AnnotationID("n"), page: 0, kind: .note, rect: TextRect(x0: 72, y0: 72, x1: 80, y1: 80),
            note: "First paragraph.\nSecond paragraph.")
        _ = session.state.handle(.annotationListLoaded([note]))
        session.type("e")
        #expect(session.state.notePrompt?.editor.text == "First paragraph. Second paragraph.")
        #expect(session.press(.enter).isEmpty)
    }

    @Test func aResizeWhileTheNoteIsTypedKeepsTheNoteAndItsHighlight() {
        var session = session([PageTextFixture.page([["Alpha beta gamma delta"]])])
        session.type("vea")
        session.resize(rows: 12, columns: 30)
        session.type("kept")
        guard case .changeAnnotation(.add(let annotation))? = session.press(.enter).first else {
            Issue.record("the note was lost")
            return
        }
        #expect(annotation.note == "kept")
        #expect(annotation.markedText == "Alpha beta")
    }

    @Test func vStopsASearchStillRunning() {
        var session = session([PageTextFixture.page([["Alpha beta"]])])
        session.type("/zebra")
        let started = session.press(.enter)
        guard case .search(let request)? = started.first(where: { if case .search = $0 { true } else { false } }) else {
            Issue.record("no search started")
            return
        }
        #expect(session.type("v") == [.cancelSearch])
        _ = session.state.handle(.searchFound(id: request.id, page: 3))
        #expect(session.state.currentPage == 0)
        #expect(session.state.textSelection != nil)
    }

    @Test func scrolledSidewaysTheSelectionAndTheMarksStillShow() {
        let wide = String(repeating: "word ", count: 20) + "tail"
        var session = ReaderSession(pageCount: 1, screen: ScreenSize(rows: 10, columns: 40), layoutMode: .physical)
        session.deliver(PageTextFixture.page([[wide]]), for: 0)
        session.type(">")
        #expect(session.state.horizontalOffset > 0)
        session.type("v$")
        let row = ReaderView.render(session.state).rows[0]
        // The line runs on past the screen's edge: what shows of the selection is reversed.
        #expect(row.contains { $0.style == .reverse && $0.text.hasSuffix("word wo") }, "\(row)")
    }

    @Test func anInkDrawingIsNotDeletedForUndoCouldNotBringItBack() {
        var session = session([PageTextFixture.page([["Alpha"]])])
        session.type("A")
        let ink = Annotation(
            id: AnnotationID("#4"), page: 0, kind: .ink, rect: TextRect(x0: 72, y0: 72, x1: 80, y1: 80))
        _ = session.state.handle(.annotationListLoaded([ink]))
        #expect(session.type("d").isEmpty)
        #expect(session.state.message == .annotationKept(kind: "ink"))
        #expect(session.state.annotationList?.annotations == [ink])
    }

    @Test func aFailedPartOfAHighlightLeavesTheOtherPartsUndoable() {
        var session = selectingIntoTheSecondPage()
        let made = session.type("0eH").compactMap { effect -> Annotation? in
            if case .changeAnnotation(.add(let annotation)) = effect { annotation } else { nil }
        }
        guard made.count == 2 else {
            Issue.record("expected two parts, got \(made.count)")
            return
        }
        _ = session.state.handle(.annotationChangeFailed(.add(made[1]), reason: "refused"))
        #expect(session.type("u") == [.changeAnnotation(.remove(made[0].id, page: 0))])
    }
}
