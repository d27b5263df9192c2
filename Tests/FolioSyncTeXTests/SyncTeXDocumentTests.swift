import FolioSyncTeX
import FolioTestSupport
import Foundation
import Testing

/// Forward and inverse search on a document pdflatex typeset (``LaTeXFixture``), checked against
/// what TeX Live's own `synctex view` and `synctex edit` print for the same file.
@Suite(
    .enabled(
        if: LaTeXFixture.isAvailable && SyncTeXTool.isAvailable, "needs pdflatex and synctex (scripts/setup --test)"))
struct SyncTeXDocumentTests {
    /// Boxes agree with `synctex view`'s within this many points (it prints six decimals).
    static let tolerance = 0.5

    static func build() throws -> LaTeXFixture.Build { try LaTeXFixture.build() }

    static func line(_ prefix: String, in lines: [String]) throws -> Int {
        try #require(LaTeXFixture.line(startingWith: prefix, in: lines))
    }

    /// The box `synctex view` describes, turned into a ``SyncTeXBox`` by its own definition of
    /// its fields (h the left, v the bottom, W and H the size).
    static func box(_ record: SyncTeXTool.ViewRecord) -> SyncTeXBox {
        SyncTeXBox(
            page: record.page - 1, x0: record.h, y0: record.v - record.height, x1: record.h + record.width,
            y1: record.v)
    }

    static func expectClose(_ found: [SyncTeXBox], _ expected: [SyncTeXBox]) {
        #expect(found.count == expected.count, "\(found) against \(expected)")
        for (box, truth) in zip(found, expected) {
            #expect(box.page == truth.page)
            for (a, b) in [(box.x0, truth.x0), (box.y0, truth.y0), (box.x1, truth.x1), (box.y1, truth.y1)] {
                #expect(abs(a - b) <= tolerance, "\(box) against \(truth)")
            }
        }
    }

    /// Three source lines (two in the chapter, in its subfolder), each named as `synctex view`
    /// is given it.
    static func forwardCases() throws -> [(input: String, line: Int)] {
        [
            ("main.tex", try line("The opening paragraph", in: LaTeXFixture.mainLines)),
            ("chapters/one.tex", try line("The chapter's second", in: LaTeXFixture.chapterLines)),
            ("chapters/one.tex", try line("The chapter's third", in: LaTeXFixture.chapterLines)),
        ]
    }

    @Test func forwardSearchFindsTheBoxesSynctexViewPrints() throws {
        let build = try Self.build()
        let document = try SyncTeXDocument(pdfPath: build.pdfPath)
        var pages: Set<Int> = []
        for (input, line) in try Self.forwardCases() {
            let truth = try SyncTeXTool.view(line: line, column: 0, input: input, pdf: "main.pdf", in: build.folder)
            try #require(!truth.isEmpty, "synctex view found nothing for \(input):\(line)")
            let found = try document.places(input: input, line: line, column: 0)
            Self.expectClose(found, truth.map(Self.box))
            pages.insert(try #require(found.first).page)
        }
        // The main file's first page, the chapter's first and its second (after its \newpage).
        #expect(pages == [0, 1, 2])
    }

    @Test func theInputMayBeNamedAsAPathInManyWays() throws {
        let build = try Self.build()
        let document = try SyncTeXDocument(pdfPath: build.pdfPath)
        let line = try Self.line("The chapter's first", in: LaTeXFixture.chapterLines)
        let truth = try SyncTeXTool.view(
            line: line, column: 0, input: "chapters/one.tex", pdf: "main.pdf", in: build.folder)
        for name in [
            "chapters/one.tex", "./chapters/one.tex", build.folder + "/chapters/one.tex",
            build.folder + "/chapters/../chapters/./one.tex",
        ] {
            Self.expectClose(try document.places(input: name, line: line, column: 0), truth.map(Self.box))
        }
        let mainLine = try Self.line("A last paragraph", in: LaTeXFixture.mainLines)
        let mainTruth = try SyncTeXTool.view(
            line: mainLine, column: 0, input: "main.tex", pdf: "main.pdf", in: build.folder)
        for name in ["main.tex", "./main.tex", build.folder + "/main.tex"] {
            Self.expectClose(try document.places(input: name, line: mainLine, column: 0), mainTruth.map(Self.box))
        }
    }

    @Test func aRelativePDFPathAndInputAreTakenFromTheCurrentDirectory() throws {
        // The process's current directory is not the fixture's: the PDF's relative path is
        // resolved from it. (The input's climbs to `/`, so from the PDF's folder, tried first, it
        // names the same file.)
        let build = try Self.build()
        let here = FileManager.default.currentDirectoryPath
        let relativeFolder =
            String(repeating: "../", count: here.split(separator: "/").count) + build.folder.dropFirst()
        let document = try SyncTeXDocument(pdfPath: relativeFolder + "/main.pdf")
        #expect(document.pdfPath == build.pdfPath)
        #expect(document.syncTeXPath == build.syncTeXPath)
        let line = try Self.line("The chapter's third", in: LaTeXFixture.chapterLines)
        let found = try document.places(input: relativeFolder + "/chapters/one.tex", line: line, column: 0)
        #expect(found.first?.page == 2)
    }

    @Test func inverseSearchFindsTheLineSynctexEditPrints() throws {
        let build = try Self.build()
        let document = try SyncTeXDocument(pdfPath: build.pdfPath)
        // The centres of the forward boxes, and a point of another line: the main file's last
        // paragraph, on the last page, from where `synctex view` puts it.
        var spots: [(page: Int, x: Double, y: Double)] = []
        for (input, line) in try Self.forwardCases() {
            let box = try #require(try document.places(input: input, line: line, column: 0).first)
            spots.append((box.page, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
        }
        let last = try Self.line("A last paragraph", in: LaTeXFixture.mainLines)
        let record = try #require(
            try SyncTeXTool.view(line: last, column: 0, input: "main.tex", pdf: "main.pdf", in: build.folder).first)
        spots.append((record.page - 1, record.h + 20, record.v - record.height / 2))
        var lines: [Int] = []
        for spot in spots {
            let truth = try #require(
                try SyncTeXTool.edit(page: spot.page + 1, x: spot.x, y: spot.y, pdf: "main.pdf", in: build.folder).first
            )
            let source = try document.source(page: spot.page, x: spot.x, y: spot.y)
            #expect(source.input == URL(fileURLWithPath: truth.input).standardized.path)
            #expect(source.line == truth.line)
            #expect(source.column == max(truth.column, 0))
            lines.append(source.line)
        }
        // What the spots were taken from, by the sources' own line numbers.
        let expected = try Self.forwardCases().map(\.line) + [last]
        #expect(lines == expected)
    }

    @Test func aPlainSyncTeXFileWorksAsTheGzippedOne() throws {
        let build = try Self.build()
        let folder = try TemporaryDirectory("folio-synctex-plain")
        let pdf = folder.url.appendingPathComponent("main.pdf").path
        try FileManager.default.copyItem(atPath: build.pdfPath, toPath: pdf)
        let plain = try gunzip(build.syncTeXPath)
        _ = try folder.write(plain, to: "main.synctex")
        let document = try SyncTeXDocument(pdfPath: pdf)
        #expect(document.syncTeXPath == folder.url.appendingPathComponent("main.synctex").path)
        let line = try Self.line("The chapter's second", in: LaTeXFixture.chapterLines)
        let expected = try SyncTeXDocument(pdfPath: build.pdfPath).places(
            input: "chapters/one.tex", line: line, column: 0)
        // The recorded names are the build folder's, so the name as TeX knew it is given.
        #expect(try document.places(input: build.folder + "/chapters/one.tex", line: line, column: 0) == expected)
    }

    @Test func noSyncTeXFileIsSaidWithTheNamesLookedFor() throws {
        let build = try Self.build()
        let folder = try TemporaryDirectory("folio-synctex-missing")
        let pdf = folder.url.appendingPathComponent("main.pdf").path
        try FileManager.default.copyItem(atPath: build.pdfPath, toPath: pdf)
        let error = #expect(throws: SyncTeXError.self) { try SyncTeXDocument(pdfPath: pdf) }
        #expect(error == .noSyncTeXFile(pdf: pdf))
        #expect(
            error?.description
                == "no SyncTeX data: neither main.synctex.gz nor main.synctex is beside main.pdf (build with -synctex=1)"
        )
    }

    @Test func aPDFNewerThanItsSyncTeXFileIsStale() throws {
        let build = try Self.build()
        let folder = try TemporaryDirectory("folio-synctex-stale")
        let pdf = folder.url.appendingPathComponent("main.pdf").path
        let synctex = folder.url.appendingPathComponent("main.synctex.gz").path
        try FileManager.default.copyItem(atPath: build.pdfPath, toPath: pdf)
        try FileManager.default.copyItem(atPath: build.syncTeXPath, toPath: synctex)
        let now = Date()
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-60)], ofItemAtPath: synctex)
        try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: pdf)
        let error = #expect(throws: SyncTeXError.self) { try SyncTeXDocument(pdfPath: pdf) }
        #expect(error == .stale(syncTeX: synctex, pdf: pdf))
        #expect(error?.description == "main.synctex.gz is older than main.pdf: rebuild")
        // Within the tolerance (a copy that rounded the time), it is read.
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-1)], ofItemAtPath: synctex)
        _ = try SyncTeXDocument(pdfPath: pdf)
    }

    @Test(arguments: ["truncated", "garbage", "gzipped garbage", "empty", "truncated plain"])
    func aDamagedSyncTeXFileIsAnErrorNotACrash(damage: String) throws {
        let build = try Self.build()
        let folder = try TemporaryDirectory("folio-synctex-damaged")
        let pdf = folder.url.appendingPathComponent("main.pdf").path
        try FileManager.default.copyItem(atPath: build.pdfPath, toPath: pdf)
        let gzipped = try Data(contentsOf: URL(fileURLWithPath: build.syncTeXPath))
        var generator = SeededRandom(seed: 23)
        let garbage = Data((0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let name: String
        switch damage {
        case "truncated": name = try folder.write(gzipped.prefix(gzipped.count * 2 / 3), to: "main.synctex.gz")
        case "garbage": name = try folder.write(garbage, to: "main.synctex.gz")
        case "gzipped garbage": name = try folder.write(try gzip(garbage), to: "main.synctex.gz")
        case "empty": name = try folder.write(Data(), to: "main.synctex.gz")
        default: name = try folder.write(try gunzip(build.syncTeXPath).prefix(600), to: "main.synctex")
        }
        let error = #expect(throws: SyncTeXError.self) { try SyncTeXDocument(pdfPath: pdf) }
        #expect(error == .unreadable(syncTeX: name))
    }

    @Test func aFileOutsideTheDocumentHasNoPlace() throws {
        let build = try Self.build()
        let document = try SyncTeXDocument(pdfPath: build.pdfPath)
        let error = #expect(throws: SyncTeXError.self) {
            try document.places(input: "chapters/two.tex", line: 1, column: 0)
        }
        #expect(error == .noPlace(input: "chapters/two.tex", line: 1))
        #expect(error?.description.hasPrefix("no place in the PDF for chapters/two.tex:1") == true)
        #expect(throws: SyncTeXError.noPlace(input: "main.tex", line: 0)) {
            try document.places(input: "main.tex", line: 0, column: 0)
        }
    }

    @Test func aSpotOutsideTheTextOrTheDocumentHasNoSource() throws {
        let build = try Self.build()
        let document = try SyncTeXDocument(pdfPath: build.pdfPath)
        #expect(throws: SyncTeXError.noSource(page: 40, x: 100, y: 100)) {
            try document.source(page: 40, x: 100, y: 100)
        }
        #expect(throws: SyncTeXError.noSource(page: -1, x: 100, y: 100)) {
            try document.source(page: -1, x: 100, y: 100)
        }
    }

    /// `gzip -dc FILE`'s output.
    func gunzip(_ path: String) throws -> Data {
        try run("/usr/bin/gzip", ["-dc", path], input: nil)
    }

    /// `data` compressed by `gzip -c`.
    func gzip(_ data: Data) throws -> Data {
        try run("/usr/bin/gzip", ["-c"], input: data)
    }

    func run(_ tool: String, _ arguments: [String], input: Data?) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe()
        let feed = Pipe()
        process.standardOutput = out
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        try process.run()
        if let input {
            try feed.fileHandleForWriting.write(contentsOf: input)
            try feed.fileHandleForWriting.close()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
