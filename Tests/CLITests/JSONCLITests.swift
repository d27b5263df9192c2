import FolioTestSupport
import Foundation
import Testing

/// `--json` for `--info`, `--outline` and `--search`: real output validated against the schemas
/// in docs/schema, its values checked against mutool and the text modes, and a hostile
/// document's control characters escaped, never raw.
@Suite struct JSONCLITests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")
    let potatoes = Corpus.path("qpdf-page-labels-and-outlines.pdf")

    private func json(_ arguments: [String]) throws -> [JSON] {
        let result = try FolioProcess.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try result.output.split(separator: "\n").map { try JSON.parse($0) }
    }

    /// The validator finds what a schema forbids, so that the tests below can fail.
    @Test func theValidatorRejectsWhatTheSchemasForbid() throws {
        let search = try JSONSchemaSubset(file: "search.json")
        let valid = try JSON.parse(
            #"{"page":1,"label":null,"line":"ab","start":0,"end":1,"rect":null,"continuation":null}"#)
        #expect(search.violations(of: valid).isEmpty)
        for invalid in [
            #"{"page":0,"label":null,"line":"ab","start":0,"end":1,"rect":null,"continuation":null}"#,
            #"{"page":1,"label":3,"line":"ab","start":0,"end":1,"rect":null,"continuation":null}"#,
            #"{"page":1,"label":null,"line":"ab","start":0,"end":1,"continuation":null}"#,
            #"{"page":1,"label":null,"line":"ab","start":0,"end":1,"rect":{"x0":1},"continuation":null}"#,
            #"{"page":1,"label":null,"line":"ab","start":0,"end":1,"rect":null,"continuation":null,"x":1}"#,
            #"{"page":1.5,"label":null,"line":"ab","start":0,"end":1,"rect":null,"continuation":null}"#,
        ] {
            #expect(!search.violations(of: try JSON.parse(invalid)).isEmpty, "\(invalid)")
        }
        let outline = try JSONSchemaSubset(file: "outline.json")
        #expect(!outline.violations(of: try JSON.parse(#"{"entries":[{"level":0}],"truncated":false}"#)).isEmpty)
        let info = try JSONSchemaSubset(file: "info.json")
        #expect(!info.violations(of: try JSON.parse(#"{"file":"x"}"#)).isEmpty)
    }

    @Test(arguments: [
        "pdfjs-tracemonkey.pdf", "qpdf-page-labels-and-outlines.pdf", "debian-octave.pdf", "idpf-moby-dick.epub",
        "pdfjs-issue21579-aes256-r5-umlaut.pdf",
    ])
    func infoMatchesItsSchemaAndTheTextMode(file: String) throws {
        let path = Corpus.path(file)
        let value = try #require(try json(["--info", path]).first)
        #expect(try JSONSchemaSubset(file: "info.json").violations(of: value) == [])
        let text = try FolioProcess.run(["--info", path]).output
        let lines = Dictionary(
            text.split(separator: "\n").map { line in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        #expect(value["pages"]?.integer.map(String.init) == lines["Pages"])
        #expect(value["format"]?.string == lines["Format"])
        #expect((value["title"]?.string ?? "") == lines["Title"])
        let labels = value["pageLabels"]?.string.map { "yes: " + $0 }
        #expect(labels ?? "no" == lines["Page labels"] || value["locked"] == .bool(true))
    }

    @Test(arguments: ["pdfjs-nested_outline.pdf", "qpdf-page-labels-and-outlines.pdf", "debian-octave.pdf"])
    func outlineMatchesItsSchemaAndMutool(file: String) throws {
        let path = Corpus.path(file)
        let value = try #require(try json(["--outline", path]).first)
        #expect(try JSONSchemaSubset(file: "outline.json").violations(of: value) == [])
        let entries = try #require(value["entries"]?.array)
        let expected = try Mutool.outline(path)
        #expect(entries.count == expected.count)
        for (entry, reference) in zip(entries, expected) {
            #expect(entry["level"]?.integer == reference.level)
            #expect(entry["page"]?.integer == reference.page)
        }
        let withLabels = try FolioProcess.run(["--outline", "--labels", path]).output.split(separator: "\n")
        #expect(withLabels.count == entries.count)
        for (line, entry) in zip(withLabels, entries) {
            let label = entry["label"]?.string.map { "@" + $0 } ?? ""
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init) == label)
        }
    }

    /// Each match's line holds the match at its offsets, its page is a page `--search` prints the
    /// line on, and its rectangle is the box MuPDF's own search (`mutool run`, `page.search`)
    /// gives for the word, to a hundredth of a point.
    @Test func searchMatchesItsSchemaTheTextModeAndMuPDF() throws {
        let schema = try JSONSchemaSubset(file: "search.json")
        let matches = try json(["--search", "compil", "--pages", "1-3", tracemonkey])
        #expect(matches.count > 10)
        let plain = Set(
            try FolioProcess.run(["--search", "compil", "--pages", "1-3", tracemonkey]).output.split(separator: "\n"))
        var checkedBoxes = 0
        for match in matches {
            #expect(schema.violations(of: match) == [])
            let page = try #require(match["page"]?.integer)
            let line = try #require(match["line"]?.string)
            let scalars = Array(line.unicodeScalars)
            let (start, end) = (try #require(match["start"]?.integer), try #require(match["end"]?.integer))
            let matched = String(String.UnicodeScalarView(scalars[start..<end])).lowercased()
            #expect(plain.contains("\(page):\(line)"[...]), "\(page):\(line)")
            #expect(match["label"] == .null, "tracemonkey has no labels")
            guard match["continuation"] == .null, let rect = match["rect"] else {
                // "com-" / "pilation": the match runs on into the next line.
                #expect(matched.hasSuffix("-") && "compil".hasPrefix(matched.dropLast()), "\(matched)")
                continue
            }
            #expect(matched == "compil")
            let boxes = try Self.mupdfSearchBoxes(tracemonkey, page: page, needle: "compil")
            let box = [rect["x0"], rect["y0"], rect["x1"], rect["y1"]].compactMap { $0?.number }
            #expect(boxes.contains { zip($0, box).allSatisfy { abs($0 - $1) <= 0.01 } }, "\(box) in \(boxes)")
            checkedBoxes += 1
        }
        #expect(checkedBoxes > 10)
        // And the other way round: every line --search prints a match starting on has one.
        let starts = Set(matches.map { "\($0["page"]?.integer ?? 0):\($0["line"]?.string ?? "")" })
        #expect(Set(plain.filter { $0.contains(/^[0-9]+:/) }.map(String.init)) == starts)
    }

    /// A match that runs on across a line break (tracemonkey's page 13: "special-" / "ization.")
    /// has the rest of it in `continuation`.
    @Test func aMatchOverALineBreakHasItsContinuation() throws {
        let matches = try json(["--search", "specialization", "--pages", "13", tracemonkey])
        let crossing = try #require(matches.first { $0["continuation"] != .null })
        #expect(crossing["line"]?.string?.hasSuffix("special-") == true)
        let continuation = try #require(crossing["continuation"])
        #expect(continuation["line"]?.string?.hasPrefix("ization.") == true)
        #expect(continuation["start"] == .integer(0))
        #expect(continuation["end"] == .integer(7), "ization")
        #expect(try JSONSchemaSubset(file: "search.json").violations(of: crossing) == [])
    }

    /// Pages and labels in the JSON are what `--pages` takes: page 14 of qpdf's file is printed 3.
    @Test func searchGivesPagesAndLabels() throws {
        let matches = try json(["--search", "Potato 13", potatoes])
        #expect(matches.count == 1)
        #expect(matches.first?["page"] == .integer(14))
        #expect(matches.first?["label"] == .string("3"))
        let none = try FolioProcess.run(["--search", "no such potato", "--json", potatoes])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
    }

    /// ESC, BEL and C1 controls in titles, outline entries and page text come out as `\u001b`,
    /// `\u0007`, `\u009b`: the JSON carries the text whole, and no control byte reaches stdout.
    @Test(arguments: [["--info"], ["--outline"], ["--search", "x"]])
    func hostileTextIsEscaped(mode: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Fixtures.hostileDocument(), to: "hostile.pdf")
        let result = try FolioProcess.run(mode + ["--json", path])
        #expect(result.status == 0)
        let bytes = [UInt8](result.stdout)
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A })
        #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
        #expect(result.output.contains(#"\u001b]0;pwned\u0007"#), "\(result.output)")
        let values = try result.output.split(separator: "\n").map { try JSON.parse($0) }
        let strings = values.flatMap(Self.strings)
        #expect(strings.contains { $0.contains("\u{1B}]0;pwned\u{07}") }, "decoded whole")
    }

    private static func strings(in value: JSON) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let values): values.flatMap(strings)
        case .object(let members): members.values.flatMap(strings)
        default: []
        }
    }

    /// The boxes of MuPDF's own search for `needle` on `page` (1-based): each hit's quads' bounds.
    private static func mupdfSearchBoxes(_ path: String, page: Int, needle: String) throws -> [[Double]] {
        let directory = try TemporaryDirectory()
        let script = try directory.write(
            Data(
                """
                var page = new Document(scriptArgs[0]).loadPage(parseInt(scriptArgs[1]));
                print(JSON.stringify(page.search(scriptArgs[2])));
                """.utf8), to: "search.js")
        let result = try FolioProcess.run(program: "/usr/bin/mutool", ["run", script, path, String(page - 1), needle])
        let hits = try #require(try JSON.parse(result.output).array)
        return hits.flatMap { $0.array ?? [] }.compactMap { quad in
            guard let points = quad.array?.compactMap(\.number), points.count == 8 else { return nil }
            let xs = stride(from: 0, to: 8, by: 2).map { points[$0] }
            let ys = stride(from: 1, to: 8, by: 2).map { points[$0] }
            return [xs.min()!, ys.min()!, xs.max()!, ys.max()!]
        }
    }
}
