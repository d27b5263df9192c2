import FolioDocument
import FolioTestSupport
import Testing

/// The page source against every file of the shared corpus and MuPDF's own results for it.
@Suite struct CorpusTests {
    static let readable = Corpus.entries.filter { $0.opensInMuPDF && !Corpus.slowFiles.contains($0.file) }
    static let broken = Corpus.entries.filter { !$0.opensInMuPDF && !Corpus.slowFiles.contains($0.file) }
    static let encrypted = Corpus.entries.filter { $0.password != nil }

    @Test func manifestIsRead() {
        #expect(Corpus.entries.count >= 60)
        #expect(Self.readable.count >= 40)
        #expect(Self.broken.count >= 5)
    }

    @Test(arguments: readable)
    func pageCountMatchesMuPDF(_ entry: Corpus.Entry) throws {
        let document = try Document(path: Corpus.path(entry.file), password: entry.password)
        #expect(try document.pageCount == entry.pages)
    }

    /// Files whose first page's right-to-left text Folio's plain text gives otherwise than mutool:
    /// in logical order where the PDF stores it in visual order, with the letters rather than the
    /// presentation forms, with the word spaces the page shows (see RightToLeftCorpusTests).
    static let rightToLeftMended: Set<String> = ["pdfjs-ArabicCIDTrueType.pdf", "tika-testXPS_various.xps"]

    @Test(arguments: readable.filter { !rightToLeftMended.contains($0.file) })
    func firstPageTextMatchesMutool(_ entry: Corpus.Entry) throws {
        let expected = try #require(Corpus.expectedText(for: entry))
        let document = try Document(path: Corpus.path(entry.file), password: entry.password)
        // The expected files hold the first 200 characters of mutool's output, page separator included.
        let text = try document.plainText(page: 0) + "\u{0C}\n"
        #expect(String(String.UnicodeScalarView(text.unicodeScalars.prefix(200))) == expected)
    }

    /// Broken files must fail with a typed error when opened or when their first page is read;
    /// either way the process survives. Files MuPDF repairs may instead open.
    @Test(arguments: broken)
    func brokenFileGivesTypedError(_ entry: Corpus.Entry) {
        let outcome: Result<Int, DocumentError> = {
            do throws(DocumentError) {
                let document = try Document(path: Corpus.path(entry.file), password: entry.password)
                let count = try document.pageCount
                for page in 0..<min(count, 3) {
                    _ = try document.plainText(page: page)
                }
                return .success(count)
            } catch {
                return .failure(error)
            }
        }()
        if case .failure(let error) = outcome {
            #expect(!error.description.isEmpty)
        }
    }

    @Test(arguments: encrypted)
    func encryptedFileNeedsItsPassword(_ entry: Corpus.Entry) throws {
        let locked = try Document(path: Corpus.path(entry.file))
        #expect(locked.needsPassword)
        #expect(throws: DocumentError.needsPassword) { try locked.plainText(page: 0) }
        #expect(throws: DocumentError.wrongPassword) {
            try Document(path: Corpus.path(entry.file), password: "not the password")
        }
        let unlocked = try Document(path: Corpus.path(entry.file), password: entry.password)
        #expect(!unlocked.needsPassword)
        #expect(try unlocked.pageCount == entry.pages)
    }

    @Test func emptyUserPasswordOpensWithoutPrompting() throws {
        let document = try Document(path: Corpus.path("pdfjs-empty_protected.pdf"))
        #expect(!document.needsPassword)
        #expect(try document.info().encryption != nil)
    }
}
