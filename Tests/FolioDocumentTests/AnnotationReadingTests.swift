import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// Annotations made by another program (pikepdf, with known QuadPoints, colours, notes and
/// authors, and no appearance streams) come out of the document with the text they mark, as
/// the typeset source says it.
@Suite(.enabled(if: PikePDF.isAvailable, "needs python3-pikepdf (scripts/setup --test)"))
struct AnnotationReadingTests {
    @Test func annotationsOfAnotherProgramAreListedWithTheirText() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try AnnotationFixture.annotatedDocument(in: directory))
        let annotations = try document.annotations(page: 0)
        // The popup and the link are left out; the rest in the page's order.
        #expect(annotations.map(\.kind) == [.highlight, .underline, .squiggly, .strikeOut, .note])
        #expect(
            annotations.map(\.markedText) == [
                "highlighted passage.", "interactive record", "every page", "Reading", "",
            ])
        #expect(annotations.map(\.note) == ["The thesis.", "", "", "", AnnotationFixture.hostileNote])
        #expect(annotations.map(\.author) == ["Ada", nil, nil, nil, "Grace"])
        // RGB as given; CMYK yellow and a grey made RGB.
        #expect(annotations.map { $0.colour?.hex } == ["#ffff00", "#0000ff", "#ffff00", "#808080", "#ff8000"])
        #expect(annotations[0].id == AnnotationID("pikepdf-highlight"))
        #expect(annotations[1].id.value.hasPrefix("#"))
        // D:20240501123000Z, and the same moment written +02'00'.
        #expect(annotations[0].created == AnnotationTime(secondsSince1970: 1_714_566_600))
        #expect(annotations[0].modified == AnnotationTime(secondsSince1970: 1_714_566_600))
        #expect(annotations[1].created == nil)
        #expect(annotations.allSatisfy { $0.page == 0 })
    }

    /// Quads come out in MuPDF's page coordinates (origin top-left), as structured text has them.
    @Test func quadsAreInPageCoordinates() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try AnnotationFixture.annotatedDocument(in: directory))
        let underline = try document.annotations(page: 0)[1]
        let expected = [
            AnnotationFixture.area(line: 1, from: "inter-"),
            AnnotationFixture.area(line: 2, from: "active", to: "record"),
        ].map { area in
            TextRect(
                x0: area[0], y0: AnnotationFixture.pageHeight - area[3], x1: area[2],
                y1: AnnotationFixture.pageHeight - area[1])
        }
        try #require(underline.quads.count == 2)
        for (quad, area) in zip(underline.quads, expected) {
            #expect(abs(quad.x0 - area.x0) < 0.01 && abs(quad.y0 - area.y0) < 0.01, "\(quad) \(area)")
            #expect(abs(quad.x1 - area.x1) < 0.01 && abs(quad.y1 - area.y1) < 0.01, "\(quad) \(area)")
        }
    }

    /// fpdf2 writes annotations straight into the page's /Annots (no object numbers): each is
    /// named by its place, and can be changed and removed by that name.
    @Test func directAnnotationsOfACorpusFileAreNamedByTheirPlace() throws {
        let document = try Document(path: Corpus.path("pypdf-annotated_pdf.pdf"))
        let annotations = try document.annotations(page: 0)
        #expect(annotations.map(\.kind) == [.note, .highlight, .ink])
        #expect(annotations.map(\.note) == ["This is a text annotation.", "Highlight comment", "Hello world!"])
        #expect(annotations.map(\.author) == [nil, nil, "Lucas"])
        #expect(annotations.map(\.id.value) == ["#0.0", "#0.1", "#0.2"])
        // The highlight's two quads hold the page's "Line 1" and "Line 2".
        let marked = annotations[1].markedText
        #expect(marked.contains("Line 1") && marked.contains("Line 2") && marked.count == 13, "\(marked)")
        try document.apply(.setNote(annotations[2].id, page: 0, note: "Changed.", modified: nil))
        try document.apply(.remove(annotations[0].id, page: 0))
        let after = try document.annotations(page: 0)
        #expect(after.map(\.kind) == [.highlight, .ink] && after.map(\.note) == ["Highlight comment", "Changed."])
        #expect(after.map(\.id.value) == ["#0.0", "#0.1"])
    }

    /// A hostile file's counts are bounded: an annotation with 20,000 quads is read with
    /// 10,000 of them.
    @Test func quadsAreBounded() throws {
        let directory = try TemporaryDirectory()
        let plain = try directory.write(AnnotationFixture.document(), to: "plain.pdf")
        let path = directory.url.appendingPathComponent("many.pdf").path
        let area = AnnotationFixture.area(line: 0, from: "Reading")
        let quads = AnnotationFixture.quadPoints(Array(repeating: area, count: 20_000))
        try PikePDF.annotate(
            plain, to: path,
            annotations: [PikePDF.Markup(subtype: "Highlight", rect: AnnotationFixture.bounds([area]), quads: quads)])
        let read = try Document(path: path).annotations(page: 0)
        #expect(read.map(\.quads.count) == [Document.annotationLimits.quadsPerAnnotation])
        #expect(read.map(\.markedText) == ["Reading"])
    }

    @Test func documentsWithoutAnnotationsAndOtherFormatsListNone() throws {
        let directory = try TemporaryDirectory()
        let plain = try Document(path: try directory.write(AnnotationFixture.document(), to: "plain.pdf"))
        #expect(try plain.annotations(page: 0).isEmpty)
        let book = try Document(path: Corpus.path("idpf-moby-dick.epub"))
        #expect(try book.annotations(page: 0).isEmpty)
        #expect(!book.canWriteAnnotations)
        #expect(plain.canWriteAnnotations)
        #expect(!plain.isSigned)
    }
}
