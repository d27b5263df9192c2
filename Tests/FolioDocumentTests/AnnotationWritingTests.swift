import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// Annotations made through ``Document/apply(_:)`` and written by
/// ``Document/writeIncrementalUpdate(appendingTo:)`` are real PDF annotations that other
/// programs see (pikepdf, qpdf, mutool, poppler), appended after the original bytes.
@Suite(.enabled(if: PikePDF.isAvailable, "needs python3-pikepdf (scripts/setup --test)"))
struct AnnotationWritingTests {
    static let made = AnnotationTime(secondsSince1970: 1_714_566_600)
    static let yellow = AnnotationColour(red: 1, green: 0.9, blue: 0)

    /// A highlight over `phrase` on the page: its characters (from the page's structured text,
    /// the way a selection finds them), and the annotation covering them, a quad a line.
    static func highlight(
        _ phrase: String, in document: Document, page: Int = 0, id: AnnotationID = .unique()
    ) throws -> (chars: [TextChar], annotation: Annotation) {
        let lines = try document.text(page: page).blocks.flatMap(\.lines)
        let line = try #require(lines.first { $0.text.contains(phrase) }, "no line has '\(phrase)'")
        let start = line.text.unicodeScalars.distance(
            from: line.text.unicodeScalars.startIndex, to: try #require(line.text.range(of: phrase)).lowerBound)
        let chars = Array(line.chars[start..<(start + phrase.unicodeScalars.count)])
        let box = chars.dropFirst().reduce(chars[0].box) { $0.union($1.box) }
        let annotation = Annotation(
            id: id, page: page, kind: .highlight, colour: yellow, quads: [box], rect: box, author: "Folio test",
            created: made, modified: made)
        return (chars, annotation)
    }

    /// Runs a tool; its status and standard output.
    static func tool(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try FolioProcess.run(program: program, arguments)
        return (result.status, result.output + result.stderr)
    }

    /// `path` with a new annotation written after a copy of its bytes, as the save does.
    static func written(_ changes: [AnnotationChange], to document: Document, in directory: TemporaryDirectory)
        throws -> String
    {
        for change in changes {
            try document.apply(change)
        }
        let output = try directory.write(try Data(contentsOf: URL(fileURLWithPath: document.path)), to: "saved.pdf")
        try document.writeIncrementalUpdate(appendingTo: output)
        return output
    }

    @Test func aHighlightIsSeenByOtherProgramsOverExactlyTheChosenCharacters() throws {
        let directory = try TemporaryDirectory()
        let original = try directory.write(AnnotationFixture.document(), to: "plain.pdf")
        let document = try Document(path: original)
        let (chosen, annotation) = try Self.highlight("begin with a", in: document)
        let saved = try Self.written([.add(annotation)], to: document, in: directory)

        let before = try Data(contentsOf: URL(fileURLWithPath: original))
        let after = try Data(contentsOf: URL(fileURLWithPath: saved))
        #expect(after.count > before.count && after.prefix(before.count) == before, "not an incremental update")

        let found = try PikePDF.annotations(of: saved)
        try #require(found.count == 1)
        #expect(found[0].subtype == "Highlight" && found[0].name == annotation.id.value && found[0].hasAppearance)
        #expect(found[0].author == "Folio test")
        // The QuadPoints, in MuPDF's coordinates, hold the centres of exactly the chosen characters.
        let height = found[0].mediaBox[3]
        let points = found[0].quads
        try #require(points.count == 8)
        let xs = stride(from: 0, to: 8, by: 2).map { points[$0] }
        let ys = stride(from: 1, to: 8, by: 2).map { height - points[$0] }
        let quad = TextRect(x0: xs.min()!, y0: ys.min()!, x1: xs.max()!, y1: ys.max()!)
        let covered = try document.text(page: 0).blocks.flatMap(\.lines).flatMap(\.chars).filter { char in
            let x = (char.box.x0 + char.box.x1) / 2
            let y = (char.box.y0 + char.box.y1) / 2
            return quad.x0 <= x && x <= quad.x1 && quad.y0 <= y && y <= quad.y1
        }
        #expect(covered == chosen)

        let check = try Self.tool("/usr/bin/qpdf", ["--check", saved])
        #expect(check.status == 0 && check.output.contains("No syntax or stream encoding errors"), "\(check.output)")
        let textBefore = try Self.tool("/usr/bin/pdftotext", [original, "-"])
        let textAfter = try Self.tool("/usr/bin/pdftotext", [saved, "-"])
        #expect(textBefore.status == 0 && textAfter.output == textBefore.output)

        // Opened again, Folio lists it with the text it marks.
        let reopened = try Document(path: saved).annotations(page: 0)
        #expect(reopened.map(\.markedText) == ["begin with a"])
        #expect(reopened.first?.id == annotation.id && reopened.first?.created == Self.made)
        #expect(reopened.first?.colour == Self.yellow)
    }

    /// `mutool draw` paints the highlight's colour over the chosen characters and nowhere else.
    @Test func mutoolDrawsTheHighlightWhereItIs() throws {
        let directory = try TemporaryDirectory()
        let original = try directory.write(AnnotationFixture.document(), to: "plain.pdf")
        let document = try Document(path: original)
        let (_, annotation) = try Self.highlight("highlighted passage", in: document)
        let saved = try Self.written([.add(annotation)], to: document, in: directory)
        let plain = try PortablePixmap.drawn(original, in: directory)
        let marked = try PortablePixmap.drawn(saved, in: directory)
        let quad = annotation.quads[0]
        let inside = marked.meanColour(in: quad)
        let untouched = plain.meanColour(in: quad)
        // Yellow multiplied over black text on white: red and green stay, blue goes.
        #expect(inside.red - inside.blue > 80, "\(inside)")
        #expect(abs(untouched.red - untouched.blue) < 2, "\(untouched)")
        // Another line is as it was (to a level: the page is now drawn in a transparency group).
        let elsewhere = marked.meanColour(in: TextRect(x0: 72, y0: 792 - 650, x1: 300, y1: 792 - 636))
        let before = plain.meanColour(in: TextRect(x0: 72, y0: 792 - 650, x1: 300, y1: 792 - 636))
        #expect(abs(elsewhere.red - before.red) < 1 && abs(elsewhere.blue - before.blue) < 1)
        #expect(before.red < 250, "the line has text")
    }

    /// The image view's "hide annotations" draws the page as it was before the highlight.
    @Test func renderingWithoutAnnotationsLeavesThemOut() throws {
        let directory = try TemporaryDirectory()
        let original = try directory.write(AnnotationFixture.document(), to: "plain.pdf")
        let document = try Document(path: original)
        let saved = try Self.written(
            [.add(try Self.highlight("highlighted", in: document).annotation)], to: document, in: directory)
        let plain = try Document(path: original).render(page: 0, zoom: 1)
        let annotated = try Document(path: saved)
        // MuPDF draws a page whose annotations blend (the highlight multiplies) in a
        // transparency group, annotations shown or not: edges may differ by a level or two.
        let hidden = try annotated.render(page: 0, zoom: 1, annotations: false)
        let shown = try annotated.render(page: 0, zoom: 1)
        #expect(hidden.width == plain.width && hidden.height == plain.height)
        #expect(zip(hidden.pixels, plain.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 3 })
        #expect(zip(shown.pixels, plain.pixels).contains { abs(Int($0) - Int($1)) > 100 })
    }

    @Test func changesAreIdempotentAndRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let original = try directory.write(AnnotationFixture.document(), to: "plain.pdf")
        let document = try Document(path: original)
        let (_, highlight) = try Self.highlight("careful reader", in: document)
        let note = Annotation(
            id: .unique(), page: 0, kind: .note, rect: TextRect(x0: 500, y0: 80, x1: 520, y1: 100),
            note: "Read this\nagain.", author: "Folio test")
        let changedAt = AnnotationTime(secondsSince1970: 1_800_000_000)
        // The journal may replay a change that was already made: adding twice adds once.
        let saved = try Self.written(
            [
                .add(highlight), .add(highlight), .add(note),
                .setNote(highlight.id, page: 0, note: "Who is she?", modified: changedAt),
                .remove(AnnotationID("folio-none"), page: 0),
                .setNote(AnnotationID("folio-none"), page: 0, note: "x", modified: nil),
            ], to: document, in: directory)
        let reopened = try Document(path: saved)
        let listed = try reopened.annotations(page: 0)
        #expect(listed.map(\.kind) == [.highlight, .note])
        #expect(listed.map(\.note) == ["Who is she?", "Read this\nagain."])
        #expect(listed.map(\.markedText) == ["careful reader", ""])
        #expect(listed[0].modified == changedAt && listed[0].created == Self.made)
        // The note's missing dates were stamped now.
        let now = Int64(Date().timeIntervalSince1970)
        #expect(listed[1].created.map { abs($0.secondsSince1970 - now) < 60 } == true)

        let directoryAgain = try TemporaryDirectory()
        let removed = try Self.written(
            [.remove(highlight.id, page: 0), .remove(highlight.id, page: 0)], to: reopened, in: directoryAgain)
        #expect(try Document(path: removed).annotations(page: 0).map(\.id) == [note.id])
        #expect(try PikePDF.annotations(of: removed).map(\.subtype).sorted() == ["Popup", "Text"])
    }

    /// MuPDF opens the output for update: a missing file, or one holding anything else, ends up
    /// as the bytes the document was read from followed by one update. Each write then becomes
    /// what the document reads, so the next one appends to it.
    @Test func eachWriteAppendsOneUpdateToTheFileBefore() throws {
        let directory = try TemporaryDirectory()
        let original = try directory.write(AnnotationFixture.document(), to: "plain.pdf")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: original))
        let document = try Document(path: original)
        try document.apply(.add(try Self.highlight("careful", in: document).annotation))
        let first = directory.url.appendingPathComponent("first.pdf").path
        try document.writeIncrementalUpdate(appendingTo: first)
        let firstBytes = try Data(contentsOf: URL(fileURLWithPath: first))
        try document.apply(.add(try Self.highlight("every page", in: document).annotation))
        let second = try directory.write(Data(repeating: 0x41, count: 10_000), to: "second.pdf")
        try document.writeIncrementalUpdate(appendingTo: second)
        let secondBytes = try Data(contentsOf: URL(fileURLWithPath: second))
        // Nothing changed since: a copy of the first write becomes the second.
        let third = try directory.write(firstBytes, to: "third.pdf")
        try document.writeIncrementalUpdate(appendingTo: third)

        #expect(firstBytes.prefix(bytes.count) == bytes && firstBytes.count(of: Data("%%EOF".utf8)) == 2)
        #expect(secondBytes.prefix(firstBytes.count) == firstBytes && secondBytes.count(of: Data("%%EOF".utf8)) == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: third)) == secondBytes)
        for (path, marked) in [(first, ["careful"]), (second, ["careful", "every page"])] {
            let check = try Self.tool("/usr/bin/qpdf", ["--check", path])
            #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
            #expect(try Document(path: path).annotations(page: 0).map(\.markedText) == marked)
        }
    }

    /// An annotation of another program, without /NM, is named by its object number.
    @Test func anotherProgramsAnnotationIsRemovedByItsObjectNumber() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try AnnotationFixture.annotatedDocument(in: directory))
        let underline = try document.annotations(page: 0)[1]
        #expect(underline.kind == .underline && underline.id.value.hasPrefix("#"))
        try document.apply(.remove(underline.id, page: 0))
        #expect(try document.annotations(page: 0).map(\.kind) == [.highlight, .squiggly, .strikeOut, .note])
    }

    /// Annotations without appearance streams (as pikepdf and fpdf2 write them) are drawn by
    /// MuPDF in a copy of their objects when their page loads; changes to them, and to a page
    /// holding them directly, still reach the document and the written file.
    @Test func changesToAnnotationsWithoutAppearancesAreKept() throws {
        let directory = try TemporaryDirectory()
        let annotated = try Document(path: try AnnotationFixture.annotatedDocument(in: directory))
        let underline = try annotated.annotations(page: 0)[1]
        let (_, highlight) = try Self.highlight("every page", in: annotated)
        let saved = try Self.written(
            [.setNote(underline.id, page: 0, note: "Noted.", modified: nil), .add(highlight)], to: annotated,
            in: directory)
        let listed = try Document(path: saved).annotations(page: 0)
        #expect(listed.map(\.note)[1] == "Noted." && listed.last?.id == highlight.id, "\(listed.map(\.note))")

        // fpdf2 writes annotations into the page itself: named by their place, so the note is
        // changed before the one in front of it goes.
        let corpusDirectory = try TemporaryDirectory()
        let direct = try Document(path: Corpus.path("pypdf-annotated_pdf.pdf"))
        let first = try direct.annotations(page: 0)
        let (_, added) = try Self.highlight("Some text", in: direct)
        let written = try Self.written(
            [
                .setNote(first[2].id, page: 0, note: "Changed.", modified: nil), .remove(first[0].id, page: 0),
                .add(added),
            ],
            to: direct, in: corpusDirectory)
        let after = try Document(path: written).annotations(page: 0)
        #expect(after.map(\.kind) == [.highlight, .ink, .highlight])
        #expect(after.map(\.note) == ["Highlight comment", "Changed.", ""])
        #expect(after.last?.markedText == "Some text")
        let check = try Self.tool("/usr/bin/qpdf", ["--check", written])
        #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
    }

    @Test func folioRefusesWhatItDoesNotMake() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try directory.write(AnnotationFixture.document(), to: "plain.pdf"))
        let rect = TextRect(x0: 0, y0: 0, x1: 10, y1: 10)
        #expect(throws: DocumentError.self) {
            try document.apply(.add(Annotation(id: .unique(), page: 0, kind: .ink, rect: rect)))
        }
        #expect(throws: DocumentError.self) {
            try document.apply(.add(Annotation(id: .unique(), page: 0, kind: .highlight, rect: rect)))
        }
        #expect(throws: DocumentError.self) {
            try document.apply(.add(Annotation(id: AnnotationID("#4"), page: 0, kind: .note, rect: rect)))
        }
        let book = try Document(path: Corpus.path("idpf-moby-dick.epub"))
        #expect(throws: DocumentError.self) {
            try book.apply(.add(Annotation(id: .unique(), page: 0, kind: .note, rect: rect)))
        }
        #expect(throws: DocumentError.self) { try book.writeIncrementalUpdate(appendingTo: directory.url.path + "/x") }
        #expect(try document.annotations(page: 0).isEmpty)
    }

    /// MuPDF cannot update a file it had to repair in place: such a file's annotations go to
    /// a sidecar.
    @Test func aRepairedPDFCannotBeUpdated() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: Corpus.path("pdfjs-xref_command_missing.pdf"))
        #expect(!document.canWriteAnnotations)
        let output = directory.url.appendingPathComponent("out.pdf").path
        #expect {
            try document.writeIncrementalUpdate(appendingTo: output)
        } throws: { error in
            guard case .cannotWrite(let reason) = error as? DocumentError else { return false }
            return reason.contains("repaired")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// An encrypted PDF's update is encrypted as the PDF is, and the file still needs its password.
    @Test func anEncryptedPDFKeepsItsEncryption() throws {
        let directory = try TemporaryDirectory()
        let file = "qpdf-20-pages-encrypted.pdf"
        let password = try #require(Corpus.entries.first { $0.file == file }?.password)
        let original = try directory.write(try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file))), to: file)
        let document = try Document(path: original, password: password)
        let first = try #require(try document.text(page: 0).blocks.first?.lines.first?.text)
        let (_, annotation) = try Self.highlight(String(first.prefix(6)), in: document)
        let saved = try Self.written([.add(annotation)], to: document, in: directory)

        let before = try Self.tool("/usr/bin/qpdf", ["--show-encryption", "--password=\(password)", original])
        let after = try Self.tool("/usr/bin/qpdf", ["--show-encryption", "--password=\(password)", saved])
        #expect(before.status == 0 && after.output == before.output && before.output.contains("R = "), "\(after)")
        let check = try Self.tool("/usr/bin/qpdf", ["--check", "--password=\(password)", saved])
        #expect(check.status == 0 && check.output.contains("No syntax or stream encoding errors"), "\(check.output)")
        #expect(try Document(path: saved).needsPassword)
        let reopened = try Document(path: saved, password: password)
        #expect(try reopened.annotations(page: 0).map(\.markedText) == [String(first.prefix(6))])
        // The note is a string of the update, so it is encrypted too: not in the file's bytes.
        let data = try Data(contentsOf: URL(fileURLWithPath: saved))
        #expect(data.range(of: Data("Folio test".utf8)) == nil)
    }

    @Test func aSignedSignatureFieldIsFound() throws {
        let directory = try TemporaryDirectory()
        let plain = try directory.write(AnnotationFixture.document(), to: "plain.pdf")
        let signed = directory.url.appendingPathComponent("signed.pdf").path
        let script = """
            import json, sys, pikepdf
            from pikepdf import Array, Dictionary, Name, String
            paths = json.load(open(sys.argv[1]))
            pdf = pikepdf.open(paths["source"])
            signature = pdf.make_indirect(Dictionary(Type=Name.Sig, Filter=Name("/Adobe.PPKLite"),
                                                     Contents=String(b"\\0" * 16)))
            field = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Widget, FT=Name.Sig,
                                                 T=String("Signature1"), V=signature,
                                                 Rect=Array([0, 0, 0, 0]), P=pdf.pages[0].obj))
            pdf.pages[0].obj.Annots = Array([field])
            pdf.Root.AcroForm = Dictionary(Fields=Array([field]), SigFlags=3)
            pdf.save(paths["target"])
            """
        _ = try PikePDF.run(script, input: try JSONEncoder().encode(["source": plain, "target": signed]))
        #expect(try Document(path: signed).isSigned)
        #expect(try !Document(path: plain).isSigned)
        // A signature field is a form field, not an annotation of the list.
        #expect(try Document(path: signed).annotations(page: 0).isEmpty)
    }
}

extension Data {
    /// How many times `part` occurs, not overlapping.
    fileprivate func count(of part: Data) -> Int {
        var count = 0
        var start = startIndex
        while let found = range(of: part, in: start..<endIndex) {
            count += 1
            start = found.upperBound
        }
        return count
    }
}

/// A page drawn by `mutool draw` as a binary PPM, for comparing colours.
struct PortablePixmap {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// `path`'s first page drawn at 72 dpi (a pixel a point).
    static func drawn(_ path: String, in directory: TemporaryDirectory) throws -> PortablePixmap {
        let output = directory.url.appendingPathComponent(UUID().uuidString + ".ppm").path
        _ = try Mutool.run(["draw", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", output, path, "1"])
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        // "P6\nW H\n255\n" then the pixels.
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            var field = ""
            while index < data.count, data[index] > 0x20 {
                field.append(Character(Unicode.Scalar(data[index])))
                index += 1
            }
            index += 1
            if !field.isEmpty { fields.append(field) }
        }
        let width = try #require(Int(fields[1]))
        let height = try #require(Int(fields[2]))
        return PortablePixmap(width: width, height: height, pixels: Array(data[index...]))
    }

    /// The mean colour of the pixels inside `rect` (in points, which are pixels here).
    func meanColour(in rect: TextRect) -> (red: Double, green: Double, blue: Double) {
        var sums = [0.0, 0.0, 0.0]
        var count = 0.0
        for y in Int(rect.y0.rounded(.up))..<Int(rect.y1) where y >= 0 && y < height {
            for x in Int(rect.x0.rounded(.up))..<Int(rect.x1) where x >= 0 && x < width {
                for channel in 0..<3 {
                    sums[channel] += Double(pixels[(y * width + x) * 3 + channel])
                }
                count += 1
            }
        }
        return (sums[0] / max(count, 1), sums[1] / max(count, 1), sums[2] / max(count, 1))
    }
}
