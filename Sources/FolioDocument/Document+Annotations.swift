internal import CMuPDF
public import FolioCore
import Foundation

/// A document's annotations: read from the PDF, changed in memory, written as an incremental
/// update. Every call runs on the calling thread under the document lock.
///
/// Changes not yet written live in this document's opening of the file only: a ``reopened()``
/// or ``reloaded()`` copy, or the opening that replaces one left to stuck work (see
/// ``Document``), reads the file as it is on disk.
extension Document {
    /// At most this many annotations are read from a page, and this many quads from one
    /// annotation: a hostile file may hold millions.
    public static let annotationLimits = (perPage: 10_000, quadsPerAnnotation: 10_000)

    /// The annotations of `page` (0-based), in the page's order, without popups, links and form
    /// fields; text markup with the text it marks (``PageText/markedText(under:)``). Empty for
    /// a document that is not a PDF. The page's text is read under `cancellation`.
    public func annotations(page: Int, cancellation: Cancellation? = nil) throws(DocumentError) -> [Annotation] {
        let read = try storedAnnotations(page: page)
        guard read.contains(where: { $0.kind.marksText && !$0.quads.isEmpty }) else { return read }
        let text = try self.text(page: page, cancellation: cancellation)
        return read.map { annotation in
            var annotation = annotation
            if annotation.kind.marksText {
                annotation.markedText = text.markedText(under: annotation.quads)
            }
            return annotation
        }
    }

    /// Makes `change` in memory. Idempotent, as the journal's replay after a crash needs:
    /// adding an annotation whose id the page already has does nothing, and so do removing or
    /// changing one it does not have. An added annotation's missing dates, and a note's, are now.
    ///
    /// - Throws: ``DocumentError/invalidRequest(_:)`` for an annotation Folio does not make
    ///   (only highlight, underline, strike-out, squiggly and note) or an id that is no /NM (`#…`),
    ///   and ``DocumentError/cannotWrite(_:)`` for a document that is not a PDF.
    public func apply(_ change: AnnotationChange) throws(DocumentError) {
        guard try isPDF else { throw .cannotWrite("annotations can be written only in a PDF") }
        switch change {
        case .add(let annotation):
            guard try !storedAnnotations(page: annotation.page).contains(where: { $0.id == annotation.id }) else {
                return
            }
            try add(annotation)
        case .remove(let id, let page):
            let target = Self.target(id)
            var found: Int32 = 0
            try withHandle { handle throws(DocumentError) in
                try MuPDFCall.check {
                    folio_page_delete_annotation(
                        handle, Int32(page), target.name, target.number, target.position, &found, $0, $1)
                }
            }
        case .setNote(let id, let page, let note, let modified):
            let target = Self.target(id)
            let seconds = (modified ?? Self.now()).secondsSince1970
            var found: Int32 = 0
            try withHandle { handle throws(DocumentError) in
                try MuPDFCall.check {
                    folio_page_set_annotation_contents(
                        handle, Int32(page), target.name, target.number, target.position, note, seconds, &found,
                        $0, $1)
                }
            }
        }
    }

    /// Writes the changes made since the document was opened (or last written) as an
    /// incremental update: `path` becomes the exact bytes the document was read from, followed
    /// by one update holding those changes. `path` may be missing (it is created), or hold a
    /// copy of those bytes (kept; anything after them is cut); any other content is replaced.
    /// The update is encrypted as the document is. A missing or empty file is the quickest:
    /// MuPDF copies the bytes from the file it has open (for one highlight on the 1,158-page
    /// corpus manual, about 9 ms in all, where comparing a copy made beforehand takes 50 ms).
    ///
    /// Afterwards the document reads `path` (kept open, so it may be renamed over the original):
    /// the next write appends its update after this one. (MuPDF 1.21 cannot write two updates
    /// from one opening; see `adoptWrittenFile`.) A ``reopened()`` or ``reloaded()`` copy, and
    /// the opening after abandoned work, read ``path``: rename the written file there first.
    ///
    /// - Throws: ``DocumentError/cannotWrite(_:)`` when the document is no PDF, MuPDF repaired
    ///   it when it opened it (it cannot be updated in place), or the file cannot be written.
    public func writeIncrementalUpdate(appendingTo path: String) throws(DocumentError) {
        guard try isPDF else { throw .cannotWrite("annotations can be written only in a PDF") }
        try withHandle { handle throws(DocumentError) in
            try MuPDFCall.check(onError: { .cannotWrite($0) }) {
                folio_document_write_incremental(handle, FileSystemName.cString(path), $0, $1)
            }
        }
        do throws(DocumentError) {
            try adoptWrittenFile(path)
        } catch {
            throw .cannotWrite("the written file cannot be read back: \(error)")
        }
    }

    /// Whether annotations can be written into the file: it is an unlocked PDF that MuPDF can
    /// update incrementally (not one it had to repair). When not, they belong in a sidecar.
    public var canWriteAnnotations: Bool {
        guard !needsPassword, let support = try? pdfSupport() else { return false }
        return support.isPDF && support.incremental
    }

    /// Whether the PDF has a signed signature field: a written update leaves the signature
    /// covering the earlier revision only, which a user is warned of.
    public var isSigned: Bool {
        var signed: Int32 = 0
        let read: Void? = try? withHandle { handle throws(DocumentError) in
            try MuPDFCall.check { folio_document_is_signed(handle, &signed, $0, $1) }
        }
        return read != nil && signed != 0
    }

    /// Whether the document is a PDF (the only kind whose file holds annotations).
    public var isPDF: Bool {
        get throws(DocumentError) { try pdfSupport().isPDF }
    }

    // MARK: Helpers

    private func pdfSupport() throws(DocumentError) -> (isPDF: Bool, incremental: Bool) {
        var isPDF: Int32 = 0
        var incremental: Int32 = 0
        try withHandle { handle throws(DocumentError) in
            try MuPDFCall.check { folio_document_pdf_support(handle, &isPDF, &incremental, $0, $1) }
        }
        return (isPDF != 0, incremental != 0)
    }

    /// The page's annotations as the PDF stores them, without their marked text.
    private func storedAnnotations(page: Int) throws(DocumentError) -> [Annotation] {
        try checkPage(page)
        return try withHandle { handle throws(DocumentError) -> [Annotation] in
            var flat = folio_annotations()
            defer { folio_annotations_free(&flat) }
            try MuPDFCall.check {
                folio_page_annotations(
                    handle, Int32(page), Self.annotationLimits.perPage, Self.annotationLimits.quadsPerAnnotation,
                    &flat, $0, $1)
            }
            return (0..<flat.count).map { Self.annotation(flat.annotations[$0], page: page) }
        }
    }

    private static func annotation(_ read: folio_annotation, page: Int) -> Annotation {
        func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        func time(_ seconds: Int64) -> AnnotationTime? {
            seconds == FOLIO_NO_DATE ? nil : AnnotationTime(secondsSince1970: seconds)
        }
        let number = read.object_number > 0 ? "\(read.object_number)" : "0.\(read.position)"
        let id = text(read.name).map(AnnotationID.init) ?? AnnotationID("#" + number)
        // To a millionth, as PDF writes colours: MuPDF's floats read 0.9 as 0.8999999761.
        func component(_ value: Float) -> Double { (Double(value) * 1_000_000).rounded() / 1_000_000 }
        let colour =
            read.has_colour != 0
            ? AnnotationColour(red: component(read.red), green: component(read.green), blue: component(read.blue))
            : nil
        return Annotation(
            id: id, page: page, kind: AnnotationKind(name: String(cString: read.subtype)), colour: colour,
            quads: (0..<read.quad_count).map { rect(read.quads[$0]) }, rect: rect(read.rect),
            note: text(read.contents) ?? "", author: text(read.author), created: time(read.created),
            modified: time(read.modified))
    }

    /// Adds `annotation` to its page, its id as its /NM.
    private func add(_ annotation: Annotation) throws(DocumentError) {
        guard let subtype = Self.subtype(annotation.kind) else {
            throw .invalidRequest("Folio does not make \(annotation.kind.name) annotations")
        }
        guard !annotation.id.value.hasPrefix("#") else {
            throw .invalidRequest("'\(annotation.id)' is no unique name for a new annotation")
        }
        if annotation.kind.marksText, annotation.quads.isEmpty {
            throw .invalidRequest("a \(annotation.kind.name) needs the areas it marks")
        }
        let now = Self.now()
        let quads = annotation.quads.map(Self.folioRect)
        let colour = annotation.colour
        var objectNumber: Int32 = 0
        try withHandle { handle throws(DocumentError) in
            try MuPDFCall.check { err, length in
                quads.withUnsafeBufferPointer { quadBuffer in
                    var spec = folio_annotation_spec(
                        subtype: nil, quads: quadBuffer.baseAddress, quad_count: quadBuffer.count,
                        rect: Self.folioRect(annotation.rect), has_colour: colour == nil ? 0 : 1,
                        red: Float(colour?.red ?? 0), green: Float(colour?.green ?? 0), blue: Float(colour?.blue ?? 0),
                        contents: nil, author: nil, name: nil, created: (annotation.created ?? now).secondsSince1970,
                        modified: (annotation.modified ?? now).secondsSince1970)
                    return subtype.withCString { subtype in
                        Self.withText(annotation.note.isEmpty ? nil : annotation.note) { contents in
                            Self.withText(annotation.author) { author in
                                annotation.id.value.withCString { name in
                                    spec.subtype = subtype
                                    spec.contents = contents
                                    spec.author = author
                                    spec.name = name
                                    return folio_page_add_annotation(
                                        handle, Int32(annotation.page), &spec, &objectNumber, err, length)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` with `text` as a C string, or NULL for nil.
    private static func withText<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }

    /// What names an annotation to the C side: its /NM; for `#N`, its object number; for
    /// `#0.P`, its position among the page's annotations (one written into the page has no number).
    private static func target(_ id: AnnotationID) -> (name: String?, number: Int32, position: Int32) {
        guard id.value.hasPrefix("#") else { return (id.value, 0, -1) }
        let parts = id.value.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 1, let number = Int32(parts[0]), number > 0 {
            return (nil, number, -1)
        }
        if parts.count == 2, parts[0] == "0", let position = Int32(parts[1]), position >= 0 {
            return (nil, 0, position)
        }
        return (nil, 0, -1)
    }

    /// The PDF subtype Folio writes for `kind`; nil for kinds it does not make.
    private static func subtype(_ kind: AnnotationKind) -> String? {
        switch kind {
        case .highlight: "Highlight"
        case .underline: "Underline"
        case .strikeOut: "StrikeOut"
        case .squiggly: "Squiggly"
        case .note: "Text"
        case .freeText, .ink, .other: nil
        }
    }

    private static func now() -> AnnotationTime {
        AnnotationTime(secondsSince1970: Int64(Date().timeIntervalSince1970))
    }

    private static func rect(_ rect: folio_rect) -> TextRect {
        TextRect(x0: Double(rect.x0), y0: Double(rect.y0), x1: Double(rect.x1), y1: Double(rect.y1))
    }

    private static func folioRect(_ rect: TextRect) -> folio_rect {
        folio_rect(x0: Float(rect.x0), y0: Float(rect.y0), x1: Float(rect.x1), y1: Float(rect.y1))
    }
}
