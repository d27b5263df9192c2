import FolioCore
import Testing

/// The annotation model's names and colours, as exports and the configuration write them.
@Suite struct AnnotationModelTests {
    @Test func kindsRoundTripThroughTheirExportNames() {
        let kinds: [AnnotationKind] = [.highlight, .underline, .strikeOut, .squiggly, .note, .freeText, .ink]
        #expect(kinds.map(\.name) == ["highlight", "underline", "strikeout", "squiggly", "note", "freetext", "ink"])
        for kind in kinds { #expect(AnnotationKind(name: kind.name) == kind) }
        #expect(AnnotationKind(name: "StrikeOut") == .strikeOut, "the PDF subtype name is read too")
        #expect(AnnotationKind(name: "Text") == .note)
        #expect(AnnotationKind(name: "Square").name == "square")
        #expect(kinds.filter(\.marksText) == [.highlight, .underline, .strikeOut, .squiggly])
    }

    @Test func coloursAreWrittenAndReadAsHex() {
        #expect(AnnotationColour(red: 1, green: 0.8, blue: 0).hex == "#ffcc00")
        #expect(AnnotationColour(hex: "#ffcc00") == AnnotationColour(red: 1, green: 0.8, blue: 0))
        #expect(AnnotationColour(hex: "0a0B0c")?.hex == "#0a0b0c")
        for bad in ["", "#fff", "#gggggg", "#ffcc001", "ffcc0"] { #expect(AnnotationColour(hex: bad) == nil, "\(bad)") }
        #expect(AnnotationColour(red: 2, green: -1, blue: .nan).hex == "#ff0000", "components are clamped")
    }

    @Test func uniqueNamesDiffer() {
        let names = (0..<100).map { _ in AnnotationID.unique().value }
        #expect(Set(names).count == 100)
        #expect(names.allSatisfy { $0.hasPrefix("folio-") && $0.count == 38 })
    }
}
