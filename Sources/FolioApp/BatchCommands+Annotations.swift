import FolioCommandLine
import FolioCore
import FolioDocument

/// `--annotations`: the annotations of the selected pages, a tab-separated line each, or with
/// `--json` a record each (docs/schema/annotations.json), or with `--markdown` reading notes
/// grouped by page.
extension BatchCommands {
    /// The annotations `--annotations` lists for `page`: the PDF's own, none for other
    /// documents. The one place their source is chosen (a sidecar's join them here).
    static func listedAnnotations(
        of document: Document, page: Int, cancellation: Cancellation
    ) throws(DocumentError) -> [Annotation] {
        try document.annotations(page: page, cancellation: cancellation)
    }

    func annotations(_ document: Document) throws(DocumentError) -> Int32 {
        let labels = options.json || options.markdown ? try document.pageLabels() : .none
        let json = options.json
        let markdown = options.markdown
        var pagesWritten = 0
        let status = try forEachPage(document) { document, page, cancellation throws(DocumentError) in
            try Self.listedAnnotations(of: document, page: page, cancellation: cancellation)
        } write: { page, annotations in
            if json {
                for annotation in annotations {
                    output.write(Self.annotationJSON(annotation, label: labels.label(ofPage: page)).text + "\n")
                }
            } else if markdown {
                let label = labels.label(ofPage: page)
                if let notes = AnnotationExport.markdown(page: page, label: label, annotations: annotations) {
                    output.write((pagesWritten > 0 ? "\n" : "") + notes)
                    pagesWritten += 1
                }
            } else {
                for annotation in annotations {
                    output.write(AnnotationExport.line(annotation) + "\n")
                }
            }
        }
        output.flush()
        return status ?? 1
    }

    /// One annotation as a `--json` record (docs/schema/annotations.json).
    static func annotationJSON(_ annotation: Annotation, label: String?) -> JSONValue {
        .object([
            ("page", .integer(annotation.page + 1)),
            ("label", .string(label)),
            ("type", .string(annotation.kind.name)),
            ("colour", .string(annotation.colour?.hex)),
            ("author", .string(annotation.author)),
            ("created", .string(annotation.created?.iso8601)),
            ("modified", .string(annotation.modified?.iso8601)),
            ("rect", rectJSON(annotation.rect)),
            ("quads", .array(annotation.quads.map(rectJSON))),
            ("markedText", .string(annotation.markedText)),
            ("note", .string(annotation.note)),
            ("id", .string(annotation.id.value)),
        ])
    }
}
