import FolioCore
import Foundation
import Testing

/// Arabic letters drawn in their joined shapes for terminals that do not shape. The table is
/// checked against Unicode's own data as the Swift runtime and Foundation carry it: each
/// presentation form's name and compatibility decomposition (NFKC) name the letter it shapes.
@Suite struct ArabicShapingTests {
    /// Every presentation form of the Arabic blocks, with the letter its NFKC form is, where
    /// that is one scalar: what Unicode says each form stands for.
    static let presentationForms: [(form: Unicode.Scalar, letter: Unicode.Scalar, name: String)] = {
        (Array(0xFB50...0xFDFF) + Array(0xFE70...0xFEFC)).compactMap { value in
            guard let form = Unicode.Scalar(UInt32(value)), let name = form.properties.name else { return nil }
            let letters = Array(String(Character(form)).precomposedStringWithCompatibilityMapping.unicodeScalars)
            guard letters.count == 1, (0x0620...0x06FF).contains(letters[0].value) else { return nil }
            return (form, letters[0], name)
        }
    }()

    func shaped(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: ArabicShaping.shaped(Array(text.unicodeScalars)).drawn.compactMap { $0 })
        return String(view)
    }

    /// A letter Unicode gives an initial or medial form joins on both sides; one it gives only
    /// a final form joins at least on its right. (Letters without forms are not covered here.)
    @Test func joiningTypesAgreeWithTheFormsUnicodeDefines() {
        var checked = 0
        for (_, letter, name) in Self.presentationForms {
            let type = ArabicShaping.joiningType(of: letter)
            if name.hasSuffix(" INITIAL FORM") || name.hasSuffix(" MEDIAL FORM") {
                #expect(type == .dual, "\(name): U+\(String(letter.value, radix: 16))")
                checked += 1
            } else if name.hasSuffix(" FINAL FORM") {
                #expect(type == .dual || type == .right, "\(name)")
                checked += 1
            }
        }
        #expect(checked > 150)
        #expect(ArabicShaping.joiningType(of: "\u{0621}") == .none, "hamza joins nothing")
        #expect(ArabicShaping.joiningType(of: "\u{064E}") == .transparent, "a fatha is passed over")
        #expect(ArabicShaping.joiningType(of: "\u{0640}") == .causing, "the tatweel joins both ways")
        #expect(ArabicShaping.joiningType(of: "a") == .none)
    }

    /// Each letter shaped alone, at the start, inside and at the end of a word of behs (which
    /// join both ways) comes out as the form Unicode names for that position.
    @Test func eachLetterTakesTheFormUnicodeNamesForItsPosition() throws {
        let beh: Unicode.Scalar = "\u{0628}"
        var checked = 0
        for value in Array(0x0622...0x064A) + [0x067E, 0x0686, 0x0698, 0x06A9, 0x06AF, 0x06CC] {
            let letter = try #require(Unicode.Scalar(UInt32(value)))
            let forms = Self.presentationForms.filter { $0.letter == letter }
            guard !forms.isEmpty else { continue }
            func form(_ scalars: [Unicode.Scalar], at index: Int) -> String? {
                ArabicShaping.shaped(scalars).drawn[index]?.properties.name
            }
            let isolated = form([letter], at: 0)
            #expect(forms.contains { $0.name == isolated && $0.name.hasSuffix("ISOLATED FORM") })
            let final = form([beh, letter], at: 1)
            #expect(forms.contains { $0.name == final && $0.name.hasSuffix("FINAL FORM") })
            if ArabicShaping.joiningType(of: letter) == .dual {
                let initial = try #require(ArabicShaping.shaped([letter, beh]).drawn[0])
                let medial = try #require(ArabicShaping.shaped([beh, letter, beh]).drawn[1])
                #expect(forms.contains { $0.form == initial && $0.name.hasSuffix("INITIAL FORM") })
                #expect(forms.contains { $0.form == medial && $0.name.hasSuffix("MEDIAL FORM") })
            }
            checked += 1
        }
        #expect(checked == 41, "35 letters of U+0622–U+064A and 6 of Persian and Urdu")
    }

    /// "كتاب" (book): kaf initial, teh medial, alef final, beh isolated (alef does not join on).
    @Test func aWordJoinsUpToALetterThatDoesNotJoinOn() {
        #expect(shaped("كتاب") == "\u{FEDB}\u{FE98}\u{FE8E}\u{FE8F}")
        #expect(shaped("ماء") == "\u{FEE3}\u{FE8E}\u{0621}", "hamza stays as it is")
        #expect(shaped("كتاب جديد") == "\u{FEDB}\u{FE98}\u{FE8E}\u{FE8F} \u{FE9F}\u{FEAA}\u{FEF3}\u{FEAA}")
    }

    /// Marks are transparent: "كَتَبَ" joins as "كتب" does, each mark kept after its letter.
    @Test func marksAreTransparentAndKept() {
        #expect(shaped("كَتَبَ") == "\u{FEDB}\u{064E}\u{FE98}\u{064E}\u{FE90}\u{064E}")
        #expect(shaped("كـتـب") == "\u{FEDB}\u{0640}\u{FE98}\u{0640}\u{FE90}", "the tatweel joins both ways")
    }

    /// Lam and alef make one ligature, isolated or final; NFKC takes it back to the two letters.
    @Test func lamAndAlefBecomeOneLigature() {
        #expect(shaped("لا") == "\u{FEFB}")
        #expect(shaped("سلام") == "\u{FEB3}\u{FEFC}\u{FEE1}")
        #expect(shaped("الأول") == "\u{FE8D}\u{FEF7}\u{FEED}\u{FEDD}", "nothing joins on after an alef")
        for ligature in ["\u{FEF5}", "\u{FEF7}", "\u{FEF9}", "\u{FEFB}"] {
            #expect(ligature.precomposedStringWithCompatibilityMapping.unicodeScalars.first == "\u{0644}")
        }
        #expect(shaped("لَا") == "\u{FEFB}\u{064E}", "a mark on the lam goes on the ligature")
        let withMarkOnAlef = ArabicShaping.shaped(Array("لاً".unicodeScalars))
        #expect(withMarkOnAlef.drawn[0] == "\u{FEDF}", "a mark on the alef keeps the two apart")
        #expect(withMarkOnAlef.mergedInto.isEmpty)
    }

    @Test func textWithoutArabicLettersIsLeftAlone() {
        #expect(shaped("שלום abc 12") == "שלום abc 12")
    }

    /// "سلام" drawn in visual order, shaped: meem, the lam-alef ligature, seen, from the left; the
    /// logical lam and alef are both drawn in the ligature's cell, and the line is one cell
    /// narrower, so a right-aligned line keeps its right edge.
    @Test func theVisualOrderOfAShapedLineMapsBothLettersOfALigature() throws {
        let visual = try #require(
            VisualOrder(of: "سلام", rightToLeft: true, bidi: FixedLevels(levels: [1, 1, 1, 1]), shapingArabic: true))
        #expect(visual.text == "\u{FEE1}\u{FEFC}\u{FEB3}")
        #expect(visual.width == 3)
        #expect(visual.drawnAt == [2, 1, 1, 0])
        #expect(visual.runs(of: 2..<4) == [0..<2])
        var line = LaidOutLine(text: "سلام")
        line.isRightToLeft = true
        line.visual = visual
        #expect(line.shown(inColumns: 10) == String(repeating: " ", count: 7) + visual.text)
    }
}

/// `set arabic-shaping auto` shapes except in terminals that shape Arabic themselves.
@Suite struct ArabicShapingPreferenceTests {
    @Test func autoShapesUnlessTheTerminalShapesItself() {
        let auto = ArabicShapingPreference.auto
        #expect(auto.shapes(environment: [:]), "xterm, kitty, tmux, the console")
        #expect(!auto.shapes(environment: ["VTE_VERSION": "7600"]), "GNOME Terminal shapes since VTE 0.58")
        #expect(auto.shapes(environment: ["VTE_VERSION": "5202"]), "an older VTE does not")
        #expect(auto.shapes(environment: ["VTE_VERSION": "abc"]), "a value that is no version says nothing")
        #expect(ArabicShapingPreference.on.shapes(environment: ["VTE_VERSION": "7600"]))
        #expect(!ArabicShapingPreference.off.shapes(environment: [:]))
    }

    /// With shaping on, the reader draws "سلام" joined, one cell narrower, still against the
    /// right edge, and a search for it highlights the shaped cells; the text itself is unchanged.
    @Test func theReaderDrawsShapedLettersAndHighlightsThem() {
        var session = ReaderSession(pageCount: 1, bidi: ArabicRunsReversed(), shapesArabic: true)
        let line = RightToLeftTests().logicalLine("سلام")
        session.deliver(PageTextFixture.page([TextBlock(lines: [line], box: line.box)]), for: 0)
        let shaped = "\u{FEE1}\u{FEFC}\u{FEB3}"
        #expect(session.screenLines[0] == " " + String(repeating: " ", count: 35) + shaped + " ")
        session.type("/سلام")
        session.press(.enter)
        #expect(ReaderView.render(session.state).rows[0].filter { $0.style == .currentMatch }.map(\.text) == [shaped])
    }
}

/// The layout view's rows are in drawing order already: each Arabic run is shaped as read from
/// the right, and every character keeps its cell so the page's columns stay in place.
@Suite struct ArabicShapingInDrawingOrderTests {
    @Test func aRowInDrawingOrderIsShapedRunByRunKeepingItsCells() throws {
        // "كتاب 12 سلام" drawn: "مالس 12 باتك".
        let drawn = "مالس 12 باتك"
        let shaped = try #require(ArabicShaping.shapedInDrawingOrder(drawn))
        // The alef's cell becomes a space at the word's left end; then meem isolated, lam-alef
        // final, seen initial; beh isolated, alef final, teh medial, kaf initial.
        #expect(shaped.text == " \u{FEE1}\u{FEFC}\u{FEB3} 12 \u{FE8F}\u{FE8E}\u{FE98}\u{FEDB}")
        #expect(shaped.width == DisplayWidth.of(drawn))
        #expect(shaped.drawnAt == [1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], "the alef is drawn in the ligature's cell")
        #expect(ArabicShaping.shapedInDrawingOrder("plain row 12") == nil)
    }

    @Test func theReaderShapesTheLayoutViewToo() {
        var session = ReaderSession(pageCount: 1, layoutMode: .physical, bidi: ArabicRunsReversed(), shapesArabic: true)
        let line = RightToLeftTests().logicalLine("كتاب")
        session.deliver(PageTextFixture.page([TextBlock(lines: [line], box: line.box)]), for: 0)
        #expect(session.screenLines[0].contains("\u{FE8F}\u{FE8E}\u{FE98}\u{FEDB}"))
    }
}
