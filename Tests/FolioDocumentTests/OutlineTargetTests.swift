import FolioCore
import FolioDocument
import FolioTestSupport
import Testing

/// Outline entries come out with the place on their page they land on, as `mutool show FILE
/// outline` reports it (`#page=28&zoom=nan,90,225.49103`: page 28, 225.491 pt from the top).
@Suite struct OutlineTargetTests {
    @Test func entriesLandOnTheirHeadings() throws {
        let document = try Document(path: Corpus.path("debian-octave.pdf"))
        let entries = try document.outline().entries
        let errors = try #require(entries.first { $0.title == "Error Messages" })
        #expect(errors.page == 27)
        #expect(abs((errors.targetY ?? -1) - 225.491) < 0.01, "\(String(describing: errors.targetY))")
        let started = try #require(entries.first { $0.title == "2 Getting Started" })
        #expect(started.page == 30)
        #expect(abs((started.targetY ?? -1) - 72) < 0.01, "\(String(describing: started.targetY))")
    }
}
