import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// Seeded mutations of small corpus files (truncations, byte flips, spliced and dropped runs,
/// random bytes behind the header): opening and reading each must succeed or throw a
/// ``DocumentError``, never crash or hang. Fast enough to run on every test run.
///
/// Regression: mutation 20 of `tika-testPPT.xps` (seed below) sends MuPDF into a glyph loop for
/// minutes (mutool too). Uncancellable `search` hung here; after its time limit, failing
/// allocations once deadlocked MuPDF's store scavenging under the font lock.
@Suite struct MutatedDocumentTests {
    static let bases = [
        "pdfjs-paragraph_and_link.pdf", "pypdf-pdflatex-outline.pdf", "qpdf-link-annots.pdf",
        "tika-testPPT.xps", "tika-test.fb2", "idpf-childrens-literature.epub",
    ]

    @Test(arguments: bases)
    func mutationsFailCleanly(base: String) throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Corpus.path(base))))
        let directory = try TemporaryDirectory()
        var random = SeededRandom(seed: UInt64(base.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        let started = Date()
        for index in 0..<30 {
            let mutated = Self.mutate(original, using: &random)
            let path = try directory.write(Data(mutated), to: "\(index)-\(base)")
            Self.exercise(path)
        }
        // About a second per base; a hang would show here (each page has a one-second limit).
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// Every reading operation Folio has, on the first pages; errors are expected and ignored.
    static func exercise(_ path: String) {
        guard let document = try? Document(path: path) else { return }
        _ = try? document.info()
        _ = try? document.outline()
        guard let count = try? document.pageCount else { return }
        for page in 0..<min(count, 3) {
            let cancellation = Cancellation(timeLimit: 1)
            _ = try? document.text(page: page, cancellation: cancellation)
            _ = try? document.plainText(page: page, cancellation: cancellation)
            _ = try? document.links(page: page)
            _ = try? document.search(page: page, for: "the", cancellation: cancellation)
            _ = try? document.pageSize(page)
        }
        _ = try? document.render(page: 0, width: 64, cancellation: Cancellation(timeLimit: 1))
    }

    static func mutate(_ bytes: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            bytes.removeLast(Int.random(in: 1..<bytes.count, using: &random))
        case 1:
            for _ in 0..<Int.random(in: 1...64, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 2:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...4096, using: &random)))
        case 3:
            let from = Int.random(in: 0..<bytes.count, using: &random)
            let run = bytes[from..<min(bytes.count, from + Int.random(in: 1...4096, using: &random))]
            bytes.insert(contentsOf: run, at: Int.random(in: 0..<bytes.count, using: &random))
        case 4:
            // Digits are what xref offsets, lengths and object numbers are made of.
            for _ in 0..<Int.random(in: 1...16, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                if (0x30...0x39).contains(bytes[index]) {
                    bytes[index] = UInt8.random(in: 0x30...0x39, using: &random)
                }
            }
        default:
            let header = Array(bytes.prefix(16))
            bytes =
                header
                + (0..<Int.random(in: 0...8192, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        return bytes.isEmpty ? [0x25] : bytes
    }
}
