import FolioCommandLine
import FolioCore
import FolioDocument
import FolioState
import Glibc

/// `--annotations`: the annotations of the selected pages, a tab-separated line each, or with
/// `--json` a record each (docs/schema/annotations.json), or with `--markdown` reading notes
/// grouped by page.
extension BatchCommands {
    /// The annotations `--annotations` lists for `page`: the PDF's own, then those the
    /// document's sidecar keeps for the page (`sidecar`), their marked text read from the page.
    static func listedAnnotations(
        of document: Document, page: Int, sidecar: [Annotation], cancellation: Cancellation
    ) throws(DocumentError) -> [Annotation] {
        let own = try document.annotations(page: page, cancellation: cancellation)
        let kept = sidecar.filter { $0.page == page }
        guard !kept.isEmpty else { return own }
        let text = kept.contains { $0.kind.marksText } ? try document.text(page: page, cancellation: cancellation) : nil
        return own
            + kept.map { annotation in
                var annotation = annotation
                if let text, annotation.kind.marksText {
                    annotation.markedText = text.markedText(under: annotation.quads)
                }
                return annotation
            }
    }

    /// The annotations the document's sidecar keeps (the reader's, for a file it could not
    /// write), found by the file's content hash; none when there is no sidecar or it cannot be
    /// read.
    private func sidecarAnnotations() -> [Annotation] {
        let environment = Environment.values(["XDG_DATA_HOME", "HOME"])
        // Hashing reads the whole file: not when no sidecar folder exists.
        guard let anyName = AnnotationSidecar.standardPath(contentHash: "", environment: environment),
            access(String(anyName.dropLast(".json".count)).dropLastPathComponent, F_OK) == 0,
            let hash = try? ContentHash.sha256(ofFileAt: path),
            let sidecar = AnnotationSidecar.standardPath(contentHash: hash, environment: environment)
        else { return [] }
        return (try? AnnotationSidecar(path: sidecar).annotations()) ?? []
    }

    func annotations(_ document: Document) throws(DocumentError) -> Int32 {
        let labels = options.json || options.markdown ? try document.pageLabels() : .none
        let json = options.json
        let markdown = options.markdown
        var pagesWritten = 0
        let sidecar = sidecarAnnotations()
        let status = try forEachPage(document) { document, page, cancellation throws(DocumentError) in
            try Self.listedAnnotations(of: document, page: page, sidecar: sidecar, cancellation: cancellation)
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

extension String {
    /// The path without its last component (`/a/b/c` is `/a/b`).
    fileprivate var dropLastPathComponent: String {
        guard let slash = lastIndex(of: "/") else { return "." }
        return String(self[..<slash])
    }
}
