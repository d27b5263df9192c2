import FolioTestSupport
import Foundation
import Testing

/// `folio --annotations`: the annotations another program wrote (AnnotationFixture), as
/// tab-separated lines with their separators escaped, as JSON records that match
/// docs/schema/annotations.json, and as Markdown reading notes.
@Suite(.enabled(if: PikePDF.isAvailable, "needs python3-pikepdf (scripts/setup --test)"))
struct AnnotationCLITests {
    /// What the fixture's source says each line holds: page, type, marked text, note.
    static let expectedLines = [
        "1\thighlight\thighlighted passage.\tThe thesis.",
        "1\tunderline\tinteractive record\t",
        "1\tsquiggly\tevery page\t",
        "1\tstrikeout\tReading\t",
        "1\tnote\t\tCheck\\tthis\\nand \\\\ that \u{FFFD}[31mred",
    ]

    @Test func aLineEachWithItsFieldsEscaped() throws {
        let directory = try TemporaryDirectory()
        let path = try AnnotationFixture.annotatedDocument(in: directory)
        for arguments in [["--annotations", path], ["--annotations", "--pages", "1", path]] {
            let result = try FolioProcess.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines == Self.expectedLines + [""])
            #expect(lines.dropLast().allSatisfy { $0.filter { $0 == "\t" }.count == 3 })
            #expect(!result.stdout.contains(0x1B), "an escape sequence reached the output")
        }
        let beyond = try FolioProcess.run(["--annotations", "--pages", "2", path])
        #expect(beyond.status == 1 && beyond.stderr.contains("no page 2"))
    }

    @Test func jsonRecordsMatchTheSchema() throws {
        let directory = try TemporaryDirectory()
        let path = try AnnotationFixture.annotatedDocument(in: directory)
        let result = try FolioProcess.run(["--annotations", "--json", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains(0x1B))
        let records = try result.output.split(separator: "\n").map { try JSON.parse($0) }
        let schema = try JSONSchemaSubset(file: "annotations.json")
        for record in records {
            #expect(schema.violations(of: record) == [])
        }
        #expect(records.map { $0["type"]?.string } == ["highlight", "underline", "squiggly", "strikeout", "note"])
        let highlight = try #require(records.first)
        #expect(highlight["page"] == .integer(1) && highlight["label"] == .null)
        #expect(highlight["colour"] == .string("#ffff00") && highlight["author"] == .string("Ada"))
        #expect(highlight["created"] == .string("2024-05-01T12:30:00Z"))
        #expect(highlight["modified"] == .string("2024-05-01T12:30:00Z"))
        #expect(highlight["id"] == .string("pikepdf-highlight"))
        #expect(
            highlight["markedText"] == .string("highlighted passage.") && highlight["note"] == .string("The thesis."))
        #expect(highlight["quads"]?.array?.count == 1)
        #expect(records[1]["quads"]?.array?.count == 2 && records[1]["created"] == .null)
        #expect(records[4]["note"] == .string(AnnotationFixture.hostileNote), "JSON escapes; it does not drop")
        #expect(records[4]["quads"] == .array([]) && records[4]["colour"] == .string("#ff8000"))
        // The validator can fail: a record without its id does not match.
        #expect(!schema.violations(of: try JSON.parse(#"{"page":1}"#)).isEmpty)
    }

    @Test func markdownReadingNotesGroupedByPage() throws {
        let directory = try TemporaryDirectory()
        let path = try AnnotationFixture.annotatedDocument(in: directory)
        let result = try FolioProcess.run(["--annotations", "--markdown", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.output == """
                ## Page 1

                > highlighted passage.

                The thesis.

                > interactive record

                > every page

                > Reading

                Check\tthis
                and \\ that \u{FFFD}[31mred

                """)
    }

    @Test func documentsWithoutAnnotationsListNothing() throws {
        for file in ["idpf-moby-dick.epub", "pdfjs-tracemonkey.pdf"] {
            let result = try FolioProcess.run(["--annotations", "--pages", "1-2", Corpus.path(file)])
            #expect(result.status == 0 && result.output.isEmpty, "\(file): \(result.stderr)")
        }
    }

    @Test(arguments: [
        (["--markdown", "--text", "x.pdf"], "--markdown applies to --annotations"),
        (["--annotations", "--json", "--markdown", "x.pdf"], "--json and --markdown cannot be combined"),
        (["--annotations", "--outline", "x.pdf"], "cannot be combined"),
    ])
    func misusedOptionsAreRefused(arguments: [String], message: String) throws {
        let result = try FolioProcess.run(arguments)
        #expect(result.status == 2 && result.stderr.contains(message), "\(result.stderr)")
    }
}
