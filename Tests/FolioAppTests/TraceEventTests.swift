import FolioApp
import FolioTestSupport
import Foundation
import Testing

/// The trace's wire format: each event as `FOLIO_TRACE` writes it, and read back by the scripts'
/// one parser, `scripts/foliokit/trace.py`.
@Suite struct TraceEventTests {
    typealias Cost = FrameTrace.ImageCost

    /// Every kind of event, with the line the bench and the terminal tests expect for it.
    static let events: [(TraceEvent, String)] = [
        (.opened(pages: 14), "open pages=14"),
        (.probed, "probed"),
        (.reloaded(pages: 3), "reloaded pages=3"),
        (.key("Right"), "key Right"),
        (.key("Ctrl-Z"), "key Ctrl-Z"),
        (.imageMissing(id: 17), "image-missing id=17"),
        (.frame(FrameTrace(page: 1, first: true)), "frame page=1 first"),
        (.frame(FrameTrace(page: 2, loaded: true)), "frame page=2 loaded"),
        (
            .frame(FrameTrace(page: 12, image: Cost(encode: 3.25, write: 0.0625, bytes: 123_456))),
            "frame page=12 image encode=3.250 write=0.063 bytes=123456"
        ),
        (.frame(FrameTrace(page: 4, deletedImageBytes: 24)), "frame page=4 image-deleted bytes=24"),
        (
            .frame(
                FrameTrace(
                    page: 5, first: true, image: Cost(encode: 10, write: 1.5, bytes: 900), deletedImageBytes: 30,
                    loaded: true)),
            "frame page=5 first image encode=10.000 write=1.500 bytes=900 image-deleted bytes=30 loaded"
        ),
    ]

    @Test(arguments: 0..<events.count)
    func eachEventFormats(index: Int) {
        let (event, text) = Self.events[index]
        #expect(event.text == text)
        #expect(TraceLog.line(event, at: 1234.5678) == "1234.568 \(text)\n")
    }

    @Test func millisecondsKeepThreeDecimals() {
        #expect(TraceLog.format(0) == "0.000")
        #expect(TraceLog.format(7.0006) == "7.001")
        #expect(TraceLog.format(61_000.25) == "61000.250")
    }

    /// What trace.py's `json` command says of one line: the fields it read.
    struct Parsed: Decodable, Equatable {
        struct Image: Decodable, Equatable {
            var encode: Double
            var write: Double
            var bytes: Int
        }
        var ms: Double
        var kind: String
        var pages: Int?
        var key: String?
        var id: Int?
        var page: Int?
        var first: Bool?
        var loaded: Bool?
        var image: Image?
        var deletedBytes: Int?

        enum CodingKeys: String, CodingKey {
            case ms, kind, pages, key, id, page, first, loaded, image
            case deletedBytes = "deleted_bytes"
        }
    }

    /// What the parser must read from `event` at `ms`, written out from the event's own values.
    static func expected(_ event: TraceEvent, ms: Double) -> Parsed {
        var parsed = Parsed(ms: ms, kind: "")
        switch event {
        case .opened(let pages): (parsed.kind, parsed.pages) = ("open", pages)
        case .probed: parsed.kind = "probed"
        case .reloaded(let pages): (parsed.kind, parsed.pages) = ("reloaded", pages)
        case .key(let name): (parsed.kind, parsed.key) = ("key", name)
        case .imageMissing(let id): (parsed.kind, parsed.id) = ("image-missing", id)
        case .frame(let frame):
            (parsed.kind, parsed.page, parsed.first, parsed.loaded) = ("frame", frame.page, frame.first, frame.loaded)
            parsed.deletedBytes = frame.deletedImageBytes
            // The trace keeps three decimals of each time.
            parsed.image = frame.image.map {
                Parsed.Image(
                    encode: ($0.encode * 1000).rounded() / 1000, write: ($0.write * 1000).rounded() / 1000,
                    bytes: $0.bytes)
            }
        }
        return parsed
    }

    @Test func theScriptsParserReadsEveryEventBack() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-trace-\(getpid())")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = Self.events.enumerated().map { TraceLog.line($1.0, at: Double($0) * 1.5) }
        try Data(lines.joined().utf8).write(to: file)
        let script = Corpus.repositoryRoot.appendingPathComponent("scripts/foliokit/trace.py").path
        let result = try FolioProcess.run(program: "/usr/bin/env", ["python3", script, "json", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let parsed = try result.output.split(separator: "\n").map {
            try JSONDecoder().decode(Parsed.self, from: Data($0.utf8))
        }
        #expect(parsed == Self.events.enumerated().map { Self.expected($1.0, ms: Double($0) * 1.5) })
    }

    @Test func theScriptsParserRejectsALineItDoesNotKnow() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-trace-bad-\(getpid())")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("1.000 frame page=1 sideways\n".utf8).write(to: file)
        let script = Corpus.repositoryRoot.appendingPathComponent("scripts/foliokit/trace.py").path
        let result = try FolioProcess.run(program: "/usr/bin/env", ["python3", script, "json", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a trace line"))
    }

    /// The scripts' own unit tests (`scripts/foliokit/test_*.py`: the trace queries the terminal
    /// tests use, the bench's figures from a trace, the pseudo-terminal's answers).
    @Test func theScriptsUnitTestsPass() throws {
        let scripts = Corpus.repositoryRoot.appendingPathComponent("scripts").path
        let result = try FolioProcess.run(
            program: "/usr/bin/env",
            ["python3", "-m", "unittest", "discover", "-s", scripts + "/foliokit", "-t", scripts, "-p", "test_*.py"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("OK"))
    }
}
