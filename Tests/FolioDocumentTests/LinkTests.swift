import FolioCore
import FolioDocument
import FolioTestSupport
import Testing

/// Links come out of the document as the reader's ``LinkItem``s: their areas and targets as
/// `mutool run` reports them (`page.getLinks()`).
@Suite struct LinkTests {
    /// Every page of this file holds the same four GoTo links, to pages 1 to 4, 50 pt apart.
    @Test(arguments: 0..<4)
    func internalLinksResolveToPages(page: Int) throws {
        let document = try Document(path: Corpus.path("qpdf-link-annots.pdf"))
        let expected = (0..<4).map { target in
            let top = 84 + 50 * Double(target)
            return LinkItem(box: TextRect(x0: 54, y0: top, x1: 100, y1: top + 13), page: target, uri: nil)
        }
        #expect(try document.links(page: page) == expected)
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

    @Test func pageWithoutLinksHasNone() throws {
        let document = try Document(path: Corpus.path("pdfjs-paragraph_and_link.pdf"))
        #expect(try document.links(page: 1).isEmpty)
    }
}
