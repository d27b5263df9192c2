import FolioCore
import FolioTestSupport
import Testing

/// The remote-control protocol's lines: requests as the issue lists them, replies always one
/// safe line, and the `page` report's format.
@Suite struct RemoteProtocolTests {
    @Test(arguments: [
        ("goto 12", RemoteRequest.goTo("12")),
        ("goto @xii", .goTo("@xii")),
        ("goto   7  ", .goTo("7")),
        ("reload", .reload),
        ("search two words", .search("two words")),
        ("search  leading space", .search(" leading space")),
        ("page", .page),
        ("view text", .view(.text)),
        ("view image", .view(.image)),
        ("synctex 12:0:chapter one.tex", .syncTeX("12:0:chapter one.tex")),
        ("quit", .quit),
    ])
    func aLineParsesToItsRequestAndBack(line: String, request: RemoteRequest) {
        #expect(RemoteRequest.parse(line) == .success(request))
        #expect(RemoteRequest.parse(request.line) == .success(request))
    }

    @Test(arguments: [
        ("", "empty request (commands: goto, reload, search, page, view, synctex, quit)"),
        ("jump 3", "unknown command 'jump' (commands: goto, reload, search, page, view, synctex, quit)"),
        (" page", "unknown command '' (commands: goto, reload, search, page, view, synctex, quit)"),
        ("goto", "goto needs PAGE"),
        ("goto   ", "goto needs PAGE"),
        ("search", "search needs TEXT"),
        ("search ", "search needs TEXT"),
        ("view", "view needs text or image"),
        ("view sixel", "unknown view 'sixel' (text or image)"),
        ("synctex", "synctex needs LINE:COLUMN:TEXFILE"),
        ("page 3", "page takes no argument"),
        ("quit now", "quit takes no argument"),
        ("page\r", "the request holds a control character"),
        ("search a\tb", "the request holds a control character"),
        ("PAGE", "unknown command 'PAGE' (commands: goto, reload, search, page, view, synctex, quit)"),
    ])
    func aBadLineSaysWhy(line: String, reason: String) {
        guard case .failure(let problem) = RemoteRequest.parse(line) else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(problem.description == reason)
    }

    @Test func anUnknownWordIsCutInTheReason() {
        let word = String(repeating: "x", count: 500)
        guard case .failure(.unknownCommand(let echoed)) = RemoteRequest.parse(word) else {
            Issue.record("parsed")
            return
        }
        #expect(echoed.count == 40)
    }

    @Test func repliesAreOneLineOnTheWire() {
        #expect(RemoteReply.ok("").line == "ok")
        #expect(RemoteReply.ok("page=3").line == "ok page=3")
        #expect(RemoteReply.failure("no document is open").line == "error: no document is open")
        #expect(RemoteReply.failure("two\nlines\u{1B}[2J").line == "error: two\u{FFFD}lines\u{FFFD}[2J")
        #expect(RemoteReply(line: "ok") == .ok(""))
        #expect(RemoteReply(line: "ok page=3") == .ok("page=3"))
        #expect(RemoteReply(line: "error: busy") == .failure("busy"))
        #expect(RemoteReply(line: "okay") == nil)
        #expect(RemoteReply(line: "") == nil)
    }

    @Test func aLongReplyIsCutToItsBound() {
        let line = RemoteReply.ok(String(repeating: "é", count: 10_000)).line
        #expect(line.utf8.count <= RemoteReply.longestText + 3)
        #expect(line.hasSuffix("é…"))
    }

    /// Random bytes, decoded as the server decodes a line, never crash the parser, and whatever
    /// it says comes back as one line of at most the bound.
    @Test func randomLinesAlwaysGetOneLineBack() {
        var random = SeededRandom(seed: 23)
        let words = RemoteRequest.commandNames + ["", " ", "@", "view", "12:3:a.tex", "text", "image"]
        for round in 0..<3000 {
            let line: String
            if round % 2 == 0 {
                let bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                line = String(decoding: bytes, as: UTF8.self)
            } else {
                line =
                    (0..<Int.random(in: 1...4, using: &random)).map { _ in random.pick(words) }.joined(separator: " ")
                    + random.troublesomeString(count: Int.random(in: 0...3, using: &random))
            }
            let reply: RemoteReply =
                switch RemoteRequest.parse(line) {
                case .success(let request): .ok(request.line)
                case .failure(let problem): .failure(problem.description)
                }
            #expect(!reply.line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            #expect(reply.line.utf8.count <= RemoteReply.longestText + 16)
            #expect(RemoteReply(line: reply.line) != nil)
            if case .success(let request) = RemoteRequest.parse(line) {
                #expect(RemoteRequest.parse(request.line) == .success(request), "\(line.debugDescription)")
            }
        }
    }

    @Test func thePageReportKeepsTheFileLastAndTheLabelInOneField() throws {
        let report = RemotePageReport(page: 12, label: "xii", view: .text, file: "/home/me/my paper.pdf")
        #expect(report.line == "page=12 label=xii view=text file=/home/me/my paper.pdf")
        #expect(RemotePageReport(line: report.line) == report)
        let spaced = RemotePageReport(page: 3, label: "A 1%", view: .image, file: "/a b/c d.pdf")
        #expect(spaced.line == "page=3 label=A%201%25 view=image file=/a b/c d.pdf")
        #expect(RemotePageReport(line: spaced.line) == spaced)
        let unlabelled = RemotePageReport(page: 1, label: nil, view: .text, file: "/x.pdf")
        #expect(unlabelled.line == "page=1 label= view=text file=/x.pdf")
        #expect(RemotePageReport(line: unlabelled.line) == unlabelled)
        for bad in [
            "", "page=0 label= view=text file=/x", "page=1 label= view=sixel file=/x", "page=1 view=text file=/x",
            "page=1 label= view=text file=",
        ] {
            #expect(RemotePageReport(line: bad) == nil, "\(bad)")
        }
    }
}
