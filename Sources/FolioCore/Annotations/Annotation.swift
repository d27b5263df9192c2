/// What kind of mark an annotation is: PDF's annotation subtypes, named as `folio --annotations`
/// prints them.
public enum AnnotationKind: Sendable, Hashable {
    /// Text markup (/Highlight).
    case highlight
    /// Text markup (/Underline).
    case underline
    /// Text markup (/StrikeOut).
    case strikeOut
    /// Text markup (/Squiggly).
    case squiggly
    /// A sticky note (/Text).
    case note
    /// Text drawn on the page (/FreeText).
    case freeText
    /// A freehand drawing (/Ink).
    case ink
    /// Any other subtype (/Square, /Stamp, …), by its PDF name.
    case other(String)

    /// The kind's name in exports: `highlight`, `underline`, `strikeout`, `squiggly`, `note`,
    /// `freetext`, `ink`, or another subtype's PDF name in lowercase.
    public var name: String {
        switch self {
        case .highlight: "highlight"
        case .underline: "underline"
        case .strikeOut: "strikeout"
        case .squiggly: "squiggly"
        case .note: "note"
        case .freeText: "freetext"
        case .ink: "ink"
        case .other(let subtype): subtype.lowercased()
        }
    }

    /// The kind named `name` (as ``name`` gives it, or a PDF subtype such as `StrikeOut`).
    public init(name: String) {
        switch name.lowercased() {
        case "highlight": self = .highlight
        case "underline": self = .underline
        case "strikeout": self = .strikeOut
        case "squiggly": self = .squiggly
        case "note", "text": self = .note
        case "freetext": self = .freeText
        case "ink": self = .ink
        default: self = .other(name)
        }
    }

    /// Whether the kind marks a run of text (highlight, underline, strike-out, squiggly): it has
    /// quads over characters, and the text views style those characters.
    public var marksText: Bool {
        switch self {
        case .highlight, .underline, .strikeOut, .squiggly: true
        default: false
        }
    }
}

/// An annotation's colour, each component from 0 to 1.
public struct AnnotationColour: Sendable, Hashable {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double

    /// Creates a colour from its components, each clamped to 0…1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = Self.clamped(red)
        self.green = Self.clamped(green)
        self.blue = Self.clamped(blue)
    }

    /// The colour as `#rrggbb`.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#"
            + [red, green, blue].map { component in
                let byte = Int((component * 255).rounded())
                return String([digits[byte >> 4], digits[byte & 0xf]])
            }.joined()
    }

    /// The colour written `#rrggbb` (or `rrggbb`); nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = Int(digits, radix: 16) else {
            return nil
        }
        self.init(
            red: Double((value >> 16) & 0xff) / 255, green: Double((value >> 8) & 0xff) / 255,
            blue: Double(value & 0xff) / 255)
    }

    /// The four named colours a highlight can be made in, in the order `1H`…`4H` pick them:
    /// yellow (`#ffe94d`, the default of `set highlight-colour`), green (`#8fe388`), blue
    /// (`#7ec8f2`) and pink (`#f7a1c4`), light enough that the words stay readable under them.
    public static let presets: [(name: String, colour: AnnotationColour)] = [
        ("yellow", bytes(0xff, 0xe9, 0x4d)),
        ("green", bytes(0x8f, 0xe3, 0x88)),
        ("blue", bytes(0x7e, 0xc8, 0xf2)),
        ("pink", bytes(0xf7, 0xa1, 0xc4)),
    ]

    private static func bytes(_ red: Int, _ green: Int, _ blue: Int) -> AnnotationColour {
        AnnotationColour(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    }

    private static func clamped(_ component: Double) -> Double {
        component.isFinite ? min(max(component, 0), 1) : 0
    }
}

/// Which annotation, stable across saves and sessions: its /NM (unique name) when it has one,
/// as Folio's own always do, else `#` and its PDF object number, or for an annotation written
/// directly in the page's /Annots (which has no object number) `#0.` and its position among
/// the page's annotations from 0 (popups, links and form fields not counted; removing one
/// before it moves it).
public struct AnnotationID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identifier's text.
    public var value: String

    /// Creates an identifier from its text.
    public init(_ value: String) {
        self.value = value
    }

    /// A new unique name for an annotation Folio makes (/NM): `folio-` and 32 random hex digits.
    public static func unique() -> AnnotationID {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }
        return AnnotationID("folio-" + digits.joined())
    }

    public var description: String { value }

    public static func < (lhs: AnnotationID, rhs: AnnotationID) -> Bool { lhs.value < rhs.value }
}

/// One annotation of a document, as read from the PDF or from a sidecar.
public struct Annotation: Sendable, Equatable {
    /// Which annotation this is.
    public var id: AnnotationID
    /// The page it is on (0-based, physical).
    public var page: Int
    /// Its kind.
    public var kind: AnnotationKind
    /// Its colour (/C); nil when it has none.
    public var colour: AnnotationColour?
    /// The marked areas of text markup (/QuadPoints), as rectangles in page points; empty for
    /// other kinds.
    public var quads: [TextRect]
    /// Its bounding box on the page (/Rect), in page points (origin top-left, y down).
    public var rect: TextRect
    /// The text under the quads, in reading order; empty for kinds that mark no text.
    public var markedText: String
    /// Its note (/Contents, or its popup's); empty when it has none.
    public var note: String
    /// Who made it (/T); nil when it does not say.
    public var author: String?
    /// When it was made (/CreationDate); nil when it does not say, or, in a change not yet
    /// applied, "now" (the runtime stamps it before the change is journaled).
    public var created: AnnotationTime?
    /// When it was last changed (/M); nil as for ``created``.
    public var modified: AnnotationTime?

    /// Creates an annotation from all of its fields.
    public init(
        id: AnnotationID, page: Int, kind: AnnotationKind, colour: AnnotationColour? = nil, quads: [TextRect] = [],
        rect: TextRect, markedText: String = "", note: String = "", author: String? = nil,
        created: AnnotationTime? = nil,
        modified: AnnotationTime? = nil
    ) {
        self.id = id
        self.page = page
        self.kind = kind
        self.colour = colour
        self.quads = quads
        self.rect = rect
        self.markedText = markedText
        self.note = note
        self.author = author
        self.created = created
        self.modified = modified
    }
}

/// One change a user makes to a document's annotations: what the journal records, what undo
/// reverses, and what the document (or the sidecar) applies.
public enum AnnotationChange: Sendable, Equatable {
    /// Add `annotation` (its `id` is the new /NM; its dates are when it was made).
    case add(Annotation)
    /// Remove the annotation `id` of `page`.
    case remove(AnnotationID, page: Int)
    /// Set the note of annotation `id` of `page` to `note`, changed at `modified` (nil: now, to be
    /// stamped by the runtime).
    case setNote(AnnotationID, page: Int, note: String, modified: AnnotationTime?)

    /// The page the change is on (0-based).
    public var page: Int {
        switch self {
        case .add(let annotation): annotation.page
        case .remove(_, let page), .setNote(_, let page, _, _): page
        }
    }
}

/// A moment, in whole seconds since 1970-01-01 00:00 UTC: an annotation's dates.
public struct AnnotationTime: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01 00:00 UTC.
    public var secondsSince1970: Int64

    /// Creates a moment from its seconds since 1970.
    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    public static func < (lhs: AnnotationTime, rhs: AnnotationTime) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }
}
