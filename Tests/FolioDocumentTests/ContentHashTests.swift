import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// The content hash that names a sidecar is the file's SHA-256, as `sha256sum` computes it.
@Suite struct ContentHashTests {
    private func sha256sum(_ path: String) throws -> String {
        let result = try FolioProcess.run(program: "/usr/bin/sha256sum", [path])
        return String(result.output.prefix(64))
    }

    @Test(arguments: ["idpf-moby-dick.epub", "pdfjs-tracemonkey.pdf"])
    func aCorpusFileHashesAsSha256sumSays(name: String) throws {
        let path = Corpus.path(name)
        try #require(FileManager.default.fileExists(atPath: path), "\(name) is in the corpus")
        #expect(try ContentHash.sha256(ofFileAt: path) == sha256sum(path))
    }

    /// Sizes around MuPDF's read buffer and SHA-256's 64-byte blocks, and the empty file.
    @Test(arguments: [0, 1, 55, 56, 64, 65_535, 65_536, 65_537, 200_001])
    func aFileOfAnySizeHashesAsSha256sumSays(size: Int) throws {
        let path = NSTemporaryDirectory() + "folio-hash-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }).write(
            to: URL(fileURLWithPath: path))
        #expect(try ContentHash.sha256(ofFileAt: path) == sha256sum(path))
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: DocumentError.self) { try ContentHash.sha256(ofFileAt: "/nonexistent/folio/hash.pdf") }
    }
}
