import FolioCore
import FolioDocument
import FolioTestSupport
import Testing

/// Page labels read from the corpus through the C boundary (MuPDF 1.21 has no API for them).
@Suite struct PageLabelTests {
    /// pdf.js's own test expects these labels of `labelled_pages.pdf`.
    @Test func pdfjsLabelledPages() throws {
        let labels = try Document(path: Corpus.path("pdfjs-labelled_pages.pdf")).pageLabels()
        #expect(
            (0..<11).map { labels.label(ofPage: $0) } == ["i", "ii", "iii", "iv", "1", "2", "3", "a", "b", "4", "5"])
    }

    /// The Octave manual: a title part with a prefix, roman front matter, then the body.
    @Test func octaveManual() throws {
        let labels = try Document(path: Corpus.path("debian-octave.pdf")).pageLabels()
        #expect(labels.label(ofPage: 0) == "T-1")
        #expect(labels.label(ofPage: 15) == "xiv")
        #expect(labels.label(ofPage: 16) == "1")
        #expect(labels.page(labelled: "714") == 729)
    }

    /// qpdf's test file: ranges with only an empty prefix (no label), start values, and two
    /// ranges that give the same label.
    @Test func qpdfLabelsAndGaps() throws {
        let labels = try Document(path: Corpus.path("qpdf-page-labels-and-outlines.pdf")).pageLabels()
        #expect(labels.label(ofPage: 0) == nil)
        #expect(labels.label(ofPage: 2) == "i")
        #expect(labels.label(ofPage: 22) == "16059")
        #expect(labels.label(ofPage: 23) == "l")
        #expect(labels.label(ofPage: 29) == "liv")
        #expect(labels.page(labelled: "liv") == 27)
    }

    @Test(arguments: ["pdfjs-tracemonkey.pdf", "idpf-moby-dick.epub", "tika-testPPT.xps"])
    func documentsWithoutLabels(_ file: String) throws {
        #expect(try Document(path: Corpus.path(file)).pageLabels().isEmpty)
    }
}
