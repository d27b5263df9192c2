internal import CSyncTeX
import Glibc

/// A PDF's SyncTeX data, read once: forward search (a source line to boxes on a page) and inverse
/// search (a spot on a page to a source line).
///
/// The data comes from `DOC.synctex` or else `DOC.synctex.gz` beside `DOC.pdf` (libsynctex's
/// order), read through libsynctex behind the `CSyncTeX` glue. It is checked against the PDF
/// when opened: a SyncTeX file older than the PDF is refused as stale.
///
/// Not thread-safe: libsynctex keeps each query's results in the scanner, so one thread at a
/// time uses a document (as with one MuPDF context per thread); make one per thread if needed.
/// A final class only because the scanner needs freeing.
public final class SyncTeXDocument {
    /// The PDF's absolute path.
    public let pdfPath: String
    /// The absolute path of the SyncTeX file that was read.
    public let syncTeXPath: String
    /// How much older than the PDF the SyncTeX file may be, in seconds, before it is stale:
    /// pdfTeX writes the PDF and then the SyncTeX file, so a fresh build's is newer or equal,
    /// and a copy that rounds times to seconds may lose up to one.
    public static let staleTolerance = 2.0

    private let synctex: OpaquePointer
    /// Each input as TeX recorded it, with its absolute path (relative names from the PDF's
    /// folder).
    private let inputs: [(recorded: String, path: String)]
    /// The folder that relative names are resolved from first.
    private let pdfFolder: String

    /// Opens the SyncTeX data of the PDF at `pdfPath` (relative to the current directory, or
    /// absolute). The corresponding C function is `synctex_scanner_new_with_output_file`.
    public init(pdfPath: String) throws(SyncTeXError) {
        let pdf = LexicalPath.absolute(pdfPath, from: Self.currentDirectory())
        let folder = LexicalPath.folder(of: pdf)
        self.pdfPath = pdf
        pdfFolder = folder
        var handle: OpaquePointer?
        try SyncTeXCall.check(
            orThrow: .noSyncTeXFile(pdf: pdf),
            whenUnreadable: .unreadable(syncTeX: Self.existingSyncTeXFile(pdf) ?? pdf)
        ) { folio_synctex_open(pdf, nil, &handle, $0, $1) }
        guard let handle else { throw .noSyncTeXFile(pdf: pdf) }
        synctex = handle
        var file = ""
        var names: [String] = []
        do {
            file = try Self.string { buffer, length, err, errlen in
                folio_synctex_file(handle, buffer, length, err, errlen)
            }
            var count = 0
            try SyncTeXCall.check(orThrow: .unreadable(syncTeX: pdf)) {
                folio_synctex_input_count(handle, &count, $0, $1)
            }
            for index in 0..<count {
                names.append(
                    try Self.string { buffer, length, err, errlen in
                        folio_synctex_input_name(handle, index, buffer, length, err, errlen)
                    })
            }
        } catch {
            // Not every property is set yet, so deinit does not run: the handle is freed here.
            folio_synctex_free(handle)
            throw error
        }
        syncTeXPath = LexicalPath.absolute(file, from: Self.currentDirectory())
        inputs = names.map { ($0, LexicalPath.absolute($0, from: folder)) }
        if let synctexTime = Self.modificationTime(syncTeXPath), let pdfTime = Self.modificationTime(pdf),
            synctexTime < pdfTime - Self.staleTolerance
        {
            // Every property is set, so throwing runs deinit, which frees the handle.
            throw .stale(syncTeX: syncTeXPath, pdf: pdf)
        }
    }

    deinit {
        folio_synctex_free(synctex)
    }

    /// Forward search: the boxes typeset from `line` (from 1) and `column` (from 1, or 0 when not
    /// known) of `input`, best first (the first is the one `synctex view` lists first).
    ///
    /// `input` is a path, absolute or relative (tried from the PDF's folder, then from the current
    /// directory: `chapters/one.tex`, `./chapters/one.tex`), or the name as TeX recorded it; a
    /// name that matches no input's path is handed to libsynctex, which matches names loosely as
    /// `synctex view` does. The corresponding C function is `synctex_display_query`.
    public func places(input: String, line: Int, column: Int) throws(SyncTeXError) -> [SyncTeXBox] {
        guard line >= 1 else { throw .noPlace(input: input, line: line) }
        let name = recordedName(for: input) ?? input
        var boxes = [folio_synctex_box](repeating: folio_synctex_box(), count: Self.boxCapacity)
        var count = 0
        try SyncTeXCall.check(orThrow: .noPlace(input: input, line: line)) { err, errlen in
            boxes.withUnsafeMutableBufferPointer {
                folio_synctex_forward(
                    synctex, name, Int32(clamping: line), Int32(clamping: max(column, 0)), $0.baseAddress, $0.count,
                    &count, err, errlen)
            }
        }
        return boxes.prefix(count).map { box in
            SyncTeXBox(
                page: Int(box.page) - 1, x0: min(box.h, box.h + box.width), y0: min(box.v - box.height, box.v),
                x1: max(box.h, box.h + box.width), y1: max(box.v - box.height, box.v))
        }
    }

    /// Inverse search: the source of what is typeset at (`x`, `y`), in PDF points from the top-left
    /// corner of `page` (0-based). The corresponding C function is `synctex_edit_query`.
    public func source(page: Int, x: Double, y: Double) throws(SyncTeXError) -> SyncTeXSource {
        guard page >= 0, page < Int(Int32.max) else { throw .noSource(page: page, x: x, y: y) }
        var line: Int32 = 0
        var column: Int32 = 0
        let recorded = try Self.string(orThrow: .noSource(page: page, x: x, y: y)) { buffer, length, err, errlen in
            folio_synctex_inverse(synctex, Int32(page + 1), x, y, buffer, length, &line, &column, err, errlen)
        }
        // A line before the first is no place in a source (a damaged or hostile file's).
        guard line >= 1 else { throw .noSource(page: page, x: x, y: y) }
        return SyncTeXSource(
            input: LexicalPath.absolute(recorded, from: pdfFolder), line: Int(line), column: max(Int(column), 0))
    }

    /// The most boxes one forward search returns (a line typeset over a page break, a float,
    /// a long paragraph); libsynctex's further results are dropped.
    static let boxCapacity = 256
    /// The longest name the glue copies out.
    static let nameCapacity = 4096

    /// The recorded name of the input `input` names as a path: from the PDF's folder first, then
    /// from the current directory.
    private func recordedName(for input: String) -> String? {
        let candidates =
            input.hasPrefix("/")
            ? [LexicalPath.absolute(input, from: "/")]
            : [
                LexicalPath.absolute(input, from: pdfFolder),
                LexicalPath.absolute(input, from: Self.currentDirectory()),
            ]
        for candidate in candidates {
            if let match = inputs.first(where: { $0.path == candidate }) { return match.recorded }
        }
        return nil
    }

    /// A string a shim copies into a buffer of ``nameCapacity`` bytes.
    private static func string(
        orThrow failure: SyncTeXError = .invalidRequest("no such name"),
        _ body: (UnsafeMutablePointer<CChar>, Int, UnsafeMutablePointer<CChar>, Int) -> folio_synctex_status
    ) throws(SyncTeXError) -> String {
        var name = [CChar](repeating: 0, count: nameCapacity)
        try SyncTeXCall.check(orThrow: failure) { err, errlen in
            name.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count, err, errlen) }
        }
        return name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The SyncTeX file libsynctex would have read beside `pdf` (for naming it in an error).
    private static func existingSyncTeXFile(_ pdf: String) -> String? {
        let stem = String(pdf.dropLast(SyncTeXError.extensionLength(pdf)))
        return [stem + ".synctex", stem + ".synctex.gz"].first { modificationTime($0) != nil }
    }

    /// The modification time of `path` in seconds, or nil when it cannot be looked at.
    private static func modificationTime(_ path: String) -> Double? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    }

    /// The current directory, or `/` when it cannot be found (it was removed).
    private static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "/" }
        defer { free(directory) }
        return String(cString: directory)
    }
}
