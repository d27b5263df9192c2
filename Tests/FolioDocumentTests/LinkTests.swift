import FolioCore
import FolioDocument
import FolioTestSupport
import Testing

/// Links come out of the document as the reader's ``LinkItem``s: their areas and targets as
/// `mutool run` reports them (`page.getLinks()`).
@Suite struct LinkTests {
    /// Every page of this file holds the same four GoTo links, to pages 1 to 4, 50 pt apart,
    /// each landing at `/XYZ 56.7 773.189` on a 792 pt page: 18.811 pt from the top.
    @Test(arguments: 0..<4)
    func internalLinksResolveToPagesAndPlaces(page: Int) throws {
        let document = try Document(path: Corpus.path("qpdf-link-annots.pdf"))
        let expected = (0..<4).map { target in
            let top = 84 + 50 * Double(target)
            return TextRect(x0: 54, y0: top, x1: 100, y1: top + 13)
        }
        // Read on the caller's thread, and on the document's own thread under a time limit (as
        // the reader reads them).
        for links in [
            try document.links(page: page), try document.links(page: page, cancellation: Cancellation(timeLimit: 10)),
        ] {
            #expect(links.map(\.box) == expected)
            #expect(links.map(\.page) == [0, 1, 2, 3])
            #expect(links.allSatisfy { $0.uri == nil })
            #expect(links.allSatisfy { abs(($0.targetY ?? -1) - (792 - 773.189)) < 0.01 }, "\(links.map(\.targetY))")
        }
    }

    @Test func externalLinkKeepsItsAddress() throws {
        let document = try Document(path: Corpus.path("pypdf-libre-office-link.pdf"))
        let links = try document.links(page: 0)
        try #require(links.count == 1)
        #expect(links[0].uri == "https://martin-thoma.com/")
        #expect(links[0].page == nil)
        #expect(abs(links[0].box.x0 - 92.043) < 0.01 && abs(links[0].box.y0 - 56.701) < 0.01)
        #expect(abs(links[0].box.x1 - 217.757) < 0.01 && abs(links[0].box.y1 - 70.501) < 0.01)
    }

    /// The words under each link, from MuPDF's structured text of the page, as the link list
    /// shows them (the text a reader sees on the rendered page).
    @Test(arguments: [
        ("pypdf-libre-office-link.pdf", "a link to an awesome blog"),
        ("pdfjs-paragraph_and_link.pdf", "Link to the second page."),
    ])
    func linkTextIsTheWordsUnderTheLink(file: String, words: String) throws {
        let document = try Document(path: Corpus.path(file))
        let links = try document.links(page: 0)
        let text = try document.text(page: 0)
        #expect(links.map { text.text(under: $0.box) } == [words])
    }

    @Test func pageWithoutLinksHasNone() throws {
        let document = try Document(path: Corpus.path("pdfjs-paragraph_and_link.pdf"))
        #expect(try document.links(page: 1).isEmpty)
    }
}
