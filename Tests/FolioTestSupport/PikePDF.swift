public import Foundation

/// pikepdf (Debian's `python3-pikepdf`, `scripts/setup --test`): another program's reading and
/// writing of PDF annotations, for the interoperability tests.
public enum PikePDF {
    /// Debian's Python, which has the packaged pikepdf (a `python3` earlier on PATH may not).
    public static let python = "/usr/bin/python3"

    /// Whether pikepdf can be imported.
    public static let isAvailable: Bool = (try? run("import pikepdf", input: Data("{}".utf8))) != nil

    /// An annotation for ``annotate(_:to:password:annotations:)`` to write, in PDF coordinates
    /// (origin bottom-left, y up), as another program writes it: no appearance stream.
    public struct Markup: Encodable, Sendable {
        public var page: Int
        public var subtype: String
        public var rect: [Double]
        public var quads: [Double]?
        public var colour: [Double]?
        public var contents: String?
        public var author: String?
        public var name: String?
        public var created: String?
        public var modified: String?
        /// Give it a /Popup annotation (which a listing leaves out).
        public var popup: Bool

        public init(
            page: Int = 0, subtype: String, rect: [Double], quads: [Double]? = nil, colour: [Double]? = nil,
            contents: String? = nil, author: String? = nil, name: String? = nil, created: String? = nil,
            modified: String? = nil, popup: Bool = false
        ) {
            self.page = page
            self.subtype = subtype
            self.rect = rect
            self.quads = quads
            self.colour = colour
            self.contents = contents
            self.author = author
            self.name = name
            self.created = created
            self.modified = modified
            self.popup = popup
        }
    }

    /// An annotation as pikepdf reads it from a file.
    public struct Found: Decodable, Sendable {
        public var page: Int
        public var subtype: String
        public var quads: [Double]
        public var colour: [Double]
        public var contents: String?
        public var author: String?
        public var name: String?
        public var hasAppearance: Bool
        /// The page's /MediaBox, to turn PDF coordinates into MuPDF's.
        public var mediaBox: [Double]
    }

    /// Copies `source` to `target` with `annotations` added to the pages' /Annots.
    public static func annotate(
        _ source: String, to target: String, password: String = "", annotations: [Markup]
    ) throws {
        struct Request: Encodable {
            var source: String
            var target: String
            var password: String
            var annotations: [Markup]
        }
        let request = Request(source: source, target: target, password: password, annotations: annotations)
        _ = try run(annotateScript, input: try JSONEncoder().encode(request))
    }

    /// Every annotation of every page of `path`, popups and links included.
    public static func annotations(of path: String, password: String = "") throws -> [Found] {
        let request = try JSONEncoder().encode(["source": path, "password": password])
        return try JSONDecoder().decode([Found].self, from: try run(readScript, input: request))
    }

    /// Runs `script` with the path of a file holding `input` (JSON) as its one argument (a
    /// file, as 20,000 quads are too long for a command line); its standard output.
    public static func run(_ script: String, input: Data) throws -> Data {
        let directory = try TemporaryDirectory("folio-pikepdf")
        let request = try directory.write(input, to: "request.json")
        let result = try FolioProcess.run(program: python, ["-c", script, request])
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "pikepdf: \(result.stderr)"])
        }
        return result.stdout
    }

    private static let annotateScript = """
        import json, sys, pikepdf
        from pikepdf import Array, Dictionary, Name, String
        request = json.load(open(sys.argv[1]))
        pdf = pikepdf.open(request["source"], password=request["password"])
        for spec in request["annotations"]:
            page = pdf.pages[spec["page"]]
            annot = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name("/" + spec["subtype"]),
                                                 Rect=Array(spec["rect"])))
            if spec.get("quads") is not None: annot.QuadPoints = Array(spec["quads"])
            if spec.get("colour") is not None: annot.C = Array(spec["colour"])
            for key, entry in (("contents", "/Contents"), ("author", "/T"), ("name", "/NM"),
                               ("created", "/CreationDate"), ("modified", "/M")):
                if spec.get(key) is not None: annot[entry] = String(spec[key])
            if "/Annots" not in page.obj: page.obj.Annots = Array()
            page.obj.Annots.append(annot)
            if spec["popup"]:
                popup = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Popup, Parent=annot,
                                                     Contents=String("the popup's own text"),
                                                     Rect=Array([300, 300, 500, 400])))
                annot.Popup = popup
                page.obj.Annots.append(popup)
        pdf.save(request["target"])
        """

    private static let readScript = """
        import json, sys, pikepdf
        request = json.load(open(sys.argv[1]))
        pdf = pikepdf.open(request["source"], password=request["password"])
        def text(annot, key):
            return str(annot[key]) if key in annot else None
        found = []
        for number, page in enumerate(pdf.pages):
            for annot in page.obj.get("/Annots", []):
                found.append({"page": number, "subtype": str(annot.get("/Subtype"))[1:],
                              "quads": [float(v) for v in annot.get("/QuadPoints", [])],
                              "colour": [float(v) for v in annot.get("/C", [])],
                              "contents": text(annot, "/Contents"), "author": text(annot, "/T"),
                              "name": text(annot, "/NM"), "hasAppearance": "/AP" in annot,
                              "mediaBox": [float(v) for v in page.obj.MediaBox]})
        print(json.dumps(found))
        """
}
