import FolioGraphics
import Foundation
import Testing

/// The command-line tools of the real round trip: MuPDF renders a corpus page, ImageMagick turns
/// it into raw RGB and measures, libsixel decodes our sixel as a terminal would.
enum ExternalTools {
    static let mutool = "/usr/bin/mutool"
    /// ImageMagick's own binaries: a `convert` earlier on PATH may be a stand-in.
    static let convert = "/usr/bin/convert"
    static let compare = "/usr/bin/compare"
    static let sixel2png = "/usr/bin/sixel2png"

    /// Whether the tools and the corpus are all here; the round-trip tests skip otherwise.
    static var areAvailable: Bool {
        [mutool, convert, compare, sixel2png].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.md").path)
    }

    /// The corpus beside this package (`../shared/corpus`); `FOLIO_CORPUS` overrides it.
    static let corpus: URL = {
        if let override = ProcessInfo.processInfo.environment["FOLIO_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `tool`; returns its exit status and what it wrote (`compare` reports on stderr).
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> (
        status: Int32, output: String, errorOutput: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-sixel-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw Failure(description: "cannot create \(outputFile.path)")
        }
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        process.standardOutput = output
        let errorPipe = Pipe()
        process.standardError = errorPipe
        try process.run()
        let errorOutput = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8), errorOutput)
    }

    /// Runs `tool`, throws unless it succeeds, and returns its standard output.
    @discardableResult
    static func runChecked(_ tool: String, _ arguments: [String]) throws -> String {
        let (status, output, errorOutput) = try run(tool, arguments)
        guard status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(status): \(errorOutput)")
        }
        return output
    }
}

@Suite(
    .enabled(
        if: ExternalTools.areAvailable, "needs mutool, ImageMagick (convert, compare), sixel2png and ../shared/corpus"))
struct LibsixelRoundTripTests {
    struct Measurement: CustomStringConvertible {
        var isExact: Bool
        var paletteSize: Int
        /// The size of the sixel encoded.
        var byteCount: Int
        var psnr: Double
        /// Peak absolute error as a fraction of full scale.
        var peakError: Double
        /// Whether pure black and pure white are among the colours.
        var hasBlackAndWhite: Bool

        var description: String {
            "\(isExact ? "exact" : "quantised"), \(paletteSize) colours, PSNR \(psnr) dB, PAE \(peakError)"
        }
    }

    /// Renders `page` of corpus `file` `width` pixels wide, encodes it with FolioGraphics, decodes
    /// the sixel with `sixel2png` and compares the decode with the render.
    private func measure(
        _ file: String, page: Int, width: Int, maxColors: Int, compact: Bool = false
    ) throws -> Measurement {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-sixel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let reference = directory.appendingPathComponent("ref.png").path
        let raw = directory.appendingPathComponent("ref.rgb").path
        let sixel = directory.appendingPathComponent("out.six").path
        let decoded = directory.appendingPathComponent("out.png").path

        let pdf = ExternalTools.corpus.appendingPathComponent(file).path
        try ExternalTools.runChecked(
            ExternalTools.mutool, ["draw", "-F", "png", "-w", "\(width)", "-o", reference, pdf, "\(page)"])
        let size = try ExternalTools.runChecked(ExternalTools.convert, [reference, "-format", "%w %h", "info:"])
            .split(separator: " ").compactMap { Int($0) }
        try #require(size.count == 2)
        try ExternalTools.runChecked(ExternalTools.convert, [reference, "-depth", "8", "rgb:\(raw)"])
        let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let image = RGBImage(width: size[0], height: size[1], pixels: pixels)

        let indexed = IndexedImage(page: image, maxColors: maxColors, compact: compact)
        let bytes = SixelEncoder.encode(indexed)
        try Data(bytes).write(to: URL(fileURLWithPath: sixel))
        try ExternalTools.runChecked(ExternalTools.sixel2png, ["-i", sixel, "-o", decoded])

        // libsixel and the test decoder must agree, which also checks the test decoder.
        let decodedRaw = directory.appendingPathComponent("out.rgb").path
        try ExternalTools.runChecked(ExternalTools.convert, [decoded, "-depth", "8", "rgb:\(decodedRaw)"])
        let libsixelPixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: decodedRaw)))
        #expect(libsixelPixels == (try DecodedSixel(bytes)).pixels)

        return Measurement(
            isExact: indexed.isExact, paletteSize: indexed.palette.count, byteCount: bytes.count,
            psnr: try compare(reference, decoded, metric: "PSNR"),
            peakError: try compare(reference, decoded, metric: "PAE"),
            hasBlackAndWhite: Set(indexed.palette).isSuperset(of: [
                SixelColor(red: 0, green: 0, blue: 0), SixelColor(red: 100, green: 100, blue: 100),
            ]))
    }

    /// ImageMagick's `compare -metric`, as a plain number: dB for PSNR (infinity when
    /// identical), the normalised value in brackets for PAE.
    private func compare(_ reference: String, _ candidate: String, metric: String) throws -> Double {
        // compare exits 1 when the images differ, which they may; 2 is an error.
        let (status, _, report) = try ExternalTools.run(
            ExternalTools.compare, ["-metric", metric, reference, candidate, "null:"])
        guard status < 2 else { throw ExternalTools.Failure(description: "compare failed: \(report)") }
        let text = report.trimmingCharacters(in: .whitespacesAndNewlines)
        if text == "inf" { return .infinity }
        if let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"),
            let value = Double(text[text.index(after: open)..<close])
        {
            return value
        }
        guard let value = Double(text) else {
            throw ExternalTools.Failure(description: "unreadable compare output: \(text)")
        }
        return value
    }

    @Test(arguments: [
        ("pdfjs-tracemonkey.pdf", 1, 800), ("pdfjs-tracemonkey.pdf", 2, 800), ("pdfjs-tracemonkey.pdf", 1, 1275),
    ])
    func textPageIsExactThroughLibsixel(file: String, page: Int, width: Int) throws {
        let result = try measure(file, page: page, width: width, maxColors: 256)
        print("\(file) page \(page), \(width) px wide, 256 registers: \(result)")
        #expect(result.isExact)
        #expect(result.psnr >= 48)
        // One 8-bit level of 255 is 0.0039; sixel's precision can cost at most that.
        #expect(result.peakError <= 1.0 / 255 + 1e-6)
    }

    /// Compact sixel (`--compact-sixel`): a text or scanned page in 12 greys takes under 0.55× the
    /// bytes of the exact encoding (measured 0.51× and 0.52× on tracemonkey p. 1 and p. 4 at
    /// 1200 px, 0.47× and 0.48× of the exact encoding before the paper was painted as one run a
    /// band), still ≥ 40 dB through libsixel, black ink and white paper exact.
    @Test(arguments: [
        ("pdfjs-tracemonkey.pdf", 1), ("pdfjs-tracemonkey.pdf", 4), ("pdfjs-issue12963-scan-jbig2.pdf", 1),
    ])
    func compactGreyPageIsHalfTheBytes(file: String, page: Int) throws {
        let exact = try measure(file, page: page, width: 1200, maxColors: 256)
        let compact = try measure(file, page: page, width: 1200, maxColors: 256, compact: true)
        print(
            "\(file) page \(page), 1200 px: exact \(exact.byteCount) bytes, compact \(compact.byteCount) bytes, \(compact)"
        )
        #expect(exact.isExact)
        #expect(compact.paletteSize <= IndexedImage.compactGreyLevels)
        #expect(compact.hasBlackAndWhite)
        #expect(Double(compact.byteCount) <= 0.55 * Double(exact.byteCount))
        #expect(compact.psnr >= 40)
    }

    @Test func greysAreReducedOnlyOnGreyPictures() throws {
        // Black, white and a ramp between: the ends stay exact, the ramp takes few levels.
        let ramp = (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] }
        let page = RGBImage(
            width: 16, height: 16, pixels: (0..<256).flatMap { $0 < 128 ? [255, 255, 255] : [0, 0, 0] })
        let mixed = RGBImage(width: 256, height: 1, pixels: ramp)
        let reduced = try #require(mixed.reducingGreys(to: 12))
        #expect(Set(reduced.pixels).count == 12)
        #expect(reduced.pixels.first == 0 && reduced.pixels.last == 255)
        #expect(try #require(page.reducingGreys(to: 12)).pixels == page.pixels)
        #expect(RGBImage(width: 1, height: 1, pixels: [200, 10, 10]).reducingGreys(to: 12) == nil)
    }

    @Test(arguments: [("pdfjs-pdkids.pdf", 1), ("pypdf-cmyk-image.pdf", 1), ("pypdf-google-doc-document.pdf", 1)])
    func colorPageIsCloseThroughLibsixel(file: String, page: Int) throws {
        let result = try measure(file, page: page, width: 800, maxColors: 256)
        print("\(file) page \(page), 800 px wide, 256 registers: \(result)")
        #expect(result.psnr >= 32)
    }
}
