import FolioTestSupport
import Foundation
import Testing

/// The command line with numbers at and past the ends of Int, and a page of absurd points: each
/// is one clear message (or output), never a trap.
@Suite struct AbsurdValueCLITests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    @Test(arguments: [
        (["--pages", "9223372036854775808", "--text"], "invalid page range '9223372036854775808'"),
        (["--pages", "1-99999999999999999999", "--text"], "invalid page range '1-99999999999999999999'"),
        (["--sixel", "--width", "99999999999999999999"], "invalid width '99999999999999999999' (1 to 16384)"),
        (["--sixel", "--width", "-9223372036854775808"], "invalid width '-9223372036854775808' (1 to 16384)"),
        (["--image", "--size", "99999999999x1"], "invalid size '99999999999x1'"),
        (["--image", "--size", "0x0"], "invalid size '0x0'"),
        (["--text", "--reflow", "--width", "9223372036854775807"], "invalid width '9223372036854775807'"),
        (["--page", "-9223372036854775808"], "invalid page '-9223372036854775808'"),
    ])
    func numbersPastAnyLimitAreUsageErrors(arguments: [String], message: String) throws {
        let result = try FolioProcess.run(arguments + [tracemonkey])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ["--text", "--pages", "9223372036854775807"], ["--text", "--pages", "1-9223372036854775807"],
        ["--text", "--pages", "9223372036854775807-"], ["--search", "re:x", "--pages", "3-9223372036854775807"],
        ["--sixel", "--pages", "2,9223372036854775807"],
    ])
    func pagesAtTheEndOfIntAreBeyondTheDocument(arguments: [String]) throws {
        let result = try FolioProcess.run(arguments + [tracemonkey])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no page 9223372036854775807 (the document has 14)"), "\(result.stderr)")
    }

    /// MuPDF takes a MediaBox of 1 × 10¹² points as 1 × 1,073,741,800: drawn at any width, the
    /// page is far past the render limits, which say so.
    @Test func aPageOfAbsurdPointsIsAMessage() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            PDFWriter.onePage(content: "BT /F1 12 Tf 0 10 Td (x) Tj ET", width: 1, height: 1_000_000_000_000),
            to: "tall.pdf")
        for arguments in [
            ["--sixel"], ["--sixel", "--width", "16384"], ["--image", "--graphics", "kitty", "--size", "4096x4096"],
            ["--image", "--graphics", "halfblock", "--width", "16384"],
            ["--image", "--graphics", "iterm", "--size", "1x1"],
        ] {
            let result = try FolioProcess.run(arguments + [path])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasPrefix("folio: \(path): page 1: "), "\(arguments): \(result.stderr)")
        }
        let text = try FolioProcess.run(["--text", "--layout", "--width", "1", path])
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("x"))
    }
}
