import FolioCore
import Foundation

/// An ``Annotation`` as the journal and the sidecar keep it, in JSON: the kind by its export
/// name (another subtype by its PDF name), the colour as `#rrggbb`, rectangles as `[x0, y0, x1, y1]` and dates in seconds since
/// 1970. FolioCore has no Foundation, so the coding lives here, beside the files that use it.
struct StoredAnnotation: Codable, Equatable {
    var id: String
    var page: Int
    var kind: String
    var colour: String?
    var quads: [[Double]]
    var rect: [Double]
    var markedText: String
    var note: String
    var author: String?
    var created: Int64?
    var modified: Int64?

    init(_ annotation: Annotation) {
        id = annotation.id.value
        page = annotation.page
        // Another subtype keeps its PDF name as written (`Stamp`), which export names lowercase.
        if case .other(let subtype) = annotation.kind { kind = subtype } else { kind = annotation.kind.name }
        colour = annotation.colour?.hex
        quads = annotation.quads.map(Self.edges)
        rect = Self.edges(annotation.rect)
        markedText = annotation.markedText
        note = annotation.note
        author = annotation.author
        created = annotation.created?.secondsSince1970
        modified = annotation.modified?.secondsSince1970
    }

    /// The annotation, or nil when a field is out of its range (a page below 0, a rectangle
    /// without four finite edges, a colour that is not `#rrggbb`).
    var annotation: Annotation? {
        guard page >= 0, page <= Int(Int32.max), !id.isEmpty, let rect = Self.rect(rect) else { return nil }
        let quads = quads.compactMap(Self.rect)
        guard quads.count == self.quads.count else { return nil }
        var colourValue: AnnotationColour?
        if let colour {
            guard let parsed = AnnotationColour(hex: colour) else { return nil }
            colourValue = parsed
        }
        return Annotation(
            id: AnnotationID(id), page: page, kind: AnnotationKind(name: kind), colour: colourValue, quads: quads,
            rect: rect, markedText: markedText, note: note, author: author,
            created: created.map(AnnotationTime.init(secondsSince1970:)),
            modified: modified.map(AnnotationTime.init(secondsSince1970:)))
    }

    private static func edges(_ rect: TextRect) -> [Double] { [rect.x0, rect.y0, rect.x1, rect.y1] }

    private static func rect(_ edges: [Double]) -> TextRect? {
        guard edges.count == 4, edges.allSatisfy(\.isFinite) else { return nil }
        return TextRect(x0: edges[0], y0: edges[1], x1: edges[2], y1: edges[3])
    }
}

/// An ``AnnotationChange`` in JSON: `{"add": ANNOTATION}`, `{"remove": {"id", "page"}}` or
/// `{"setNote": {"id", "page", "note", "modified"}}`.
struct StoredChange: Codable, Equatable {
    /// The target of a removal or a note's change.
    struct Target: Codable, Equatable {
        var id: String
        var page: Int
        var note: String?
        var modified: Int64?
    }

    var add: StoredAnnotation?
    var remove: Target?
    var setNote: Target?

    init(_ change: AnnotationChange) {
        switch change {
        case .add(let annotation): add = StoredAnnotation(annotation)
        case .remove(let id, let page): remove = Target(id: id.value, page: page)
        case .setNote(let id, let page, let note, let modified):
            setNote = Target(id: id.value, page: page, note: note, modified: modified?.secondsSince1970)
        }
    }

    /// The change, or nil when the record is not exactly one well-formed change.
    var change: AnnotationChange? {
        switch (add, remove, setNote) {
        case (let add?, nil, nil): return add.annotation.map(AnnotationChange.add)
        case (nil, let remove?, nil):
            guard Self.isValid(remove) else { return nil }
            return .remove(AnnotationID(remove.id), page: remove.page)
        case (nil, nil, let target?):
            guard Self.isValid(target), let note = target.note else { return nil }
            return .setNote(
                AnnotationID(target.id), page: target.page, note: note,
                modified: target.modified.map(AnnotationTime.init(secondsSince1970:)))
        default: return nil
        }
    }

    private static func isValid(_ target: Target) -> Bool {
        !target.id.isEmpty && target.page >= 0 && target.page <= Int(Int32.max)
    }
}

/// The JSON of the journal's and the sidecars' records.
enum StoredJSON {
    /// `value` as one line of JSON (a newline in a string is escaped), or nil when it holds a
    /// number JSON cannot write (not finite).
    static func encode(_ value: some Encodable, pretty: Bool = false) -> [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        return try? Array(encoder.encode(value))
    }

    /// The value `bytes` hold, or nil when they are not JSON of that shape.

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: some Collection<UInt8>) -> Value? {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }
}
