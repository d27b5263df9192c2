public import FolioCore
import Glibc

/// The annotations of a document Folio cannot or may not write (read-only, on a read-only
/// mount, not a PDF, or `set annotation-store sidecar`): kept beside Folio's data, in
/// `$XDG_DATA_HOME/folio/annotations/HASH.json` (by default under `~/.local/share`), where HASH
/// is the SHA-256 of the document's bytes, so a copy or a renamed file finds its annotations.
///
/// The file holds the document's whole annotation list as JSON, replaced whole under a lock
/// (written to a temporary file, flushed, renamed over the old one), so a crash leaves the old
/// list or the new one. Changes reach it through the journal, as changes to a PDF do.
public struct AnnotationSidecar: Sendable {
    /// The sidecar file.
    public let path: String

    /// The sidecar at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The sidecar of the document whose content hash is `contentHash` (64 hex digits), in
    /// `XDG_DATA_HOME`, or else `HOME`; nil when neither is an absolute path.
    public static func standardPath(contentHash: String, environment: [String: String]) -> String? {
        let data: String
        if let folder = environment["XDG_DATA_HOME"], folder.hasPrefix("/") {
            data = folder
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            data = home + "/.local/share"
        } else {
            return nil
        }
        return data + "/folio/annotations/" + contentHash.lowercased() + ".json"
    }

    /// The annotations kept; none when there is no sidecar yet. Throws
    /// ``AnnotationStateError/unreadableSidecar(_:)`` when the file is not one Folio wrote (or
    /// holds an annotation it cannot read).
    public func annotations() throws(AnnotationStateError) -> [Annotation] {
        let bytes = StateFile.contents(of: path)
        guard !bytes.isEmpty || access(FileSystemName.cString(path), F_OK) == 0 else { return [] }
        guard let annotations = Self.parse(bytes) else { throw .unreadableSidecar(path) }
        return annotations
    }

    /// Applies `change` to the kept list (as ``applying(_:to:)`` does), noting `document` as
    /// the file it was made on, and replaces the file with the result.
    public func apply(_ change: AnnotationChange, document: String) throws(AnnotationStateError) {
        guard StoredJSON.encode(StoredChange(change)) != nil else {
            throw .unrecordable("a position or size is not a number")
        }
        var damaged = false
        do {
            try StateFile.update(path) { bytes in
                guard let annotations = bytes.isEmpty ? [] : Self.parse(bytes) else {
                    damaged = true
                    return bytes
                }
                let file = SidecarFile(
                    format: 1, document: document,
                    annotations: Self.applying(change, to: annotations).map(StoredAnnotation.init))
                return (StoredJSON.encode(file, pretty: true) ?? bytes) + [UInt8(ascii: "\n")]
            }
        } catch {
            throw AnnotationStateError(error)
        }
        if damaged { throw .unreadableSidecar(path) }
    }

    /// `annotations` after `change`, as a document applies it: adding an annotation whose id is
    /// there already, or removing or changing one that is not, changes nothing.
    public static func applying(_ change: AnnotationChange, to annotations: [Annotation]) -> [Annotation] {
        var result = annotations
        switch change {
        case .add(let annotation):
            if !result.contains(where: { $0.id == annotation.id }) { result.append(annotation) }
        case .remove(let id, let page):
            result.removeAll { $0.id == id && $0.page == page }
        case .setNote(let id, let page, let note, let modified):
            for index in result.indices where result[index].id == id && result[index].page == page {
                result[index].note = note
                result[index].modified = modified ?? result[index].modified
            }
        }
        return result
    }

    private static func parse(_ bytes: [UInt8]) -> [Annotation]? {
        guard let file = StoredJSON.decode(SidecarFile.self, from: bytes), file.format == 1 else { return nil }
        let annotations = file.annotations.compactMap(\.annotation)
        return annotations.count == file.annotations.count ? annotations : nil
    }
}

/// A sidecar's JSON: its format (1), the path of the document it was last written for (for a
/// person reading it), and the annotations.
private struct SidecarFile: Codable {
    var format: Int
    var document: String
    var annotations: [StoredAnnotation]
}
