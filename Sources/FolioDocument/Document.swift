internal import CMuPDF
public import FolioCore
import Foundation

/// An open document: the MuPDF-backed page source.
///
/// Opens anything MuPDF opens (PDF, EPUB, XPS, CBZ, FB2, images). Each document owns a clone of the
/// process-wide MuPDF context, and every call on it is serialised by a lock, so a `Document` may be
/// shared between threads; for parallel work open one document per thread. Pages are 0-based.
///
/// Work given a ``Cancellation`` runs on a thread of the document's own, and the caller waits for
/// it at most the cancellation's time limit. MuPDF stops at the next drawing operation when
/// asked, and a cancelled job's allocations fail, but some work neither asks nor allocates (a
/// JBIG2 bomb decodes one image for minutes). The document's ``Watchdog`` gives up on work that
/// has not stopped a moment after the limit: it runs on to its end with its own opening of the
/// file, while the document opens the file afresh and goes on.
///
/// The corresponding C type is `fz_document`.
public final class Document: @unchecked Sendable {
    /// The path the document was opened from.
    public let path: String
    private let lock = NSLock()
    private var opening: Result<Opening, DocumentError>
    /// The base context this document's openings clone (the process-wide one, unless
    /// ``reopened()`` made one of its own).
    private let base: MuPDFContext
    private var verifiedPageCount: (actual: Int, declared: Int)?
    private var isLocked = false
    /// The password that unlocked the document, for opening it again after abandoned work.
    private var password: String?
    /// Holds time-limited work to its limit, and remembers the work it gave up on.
    private var watchdog: Watchdog

    /// Opens the document at `path`. An encrypted document opens locked: check ``needsPassword``
    /// and call ``unlock(password:)``, or pass `password` here to unlock it straight away.
    ///
    /// - Throws: ``DocumentError`` when the path is not a readable file or MuPDF cannot open it,
    ///   and ``DocumentError/wrongPassword`` when `password` is given but rejected.
    public convenience init(path: String, password: String? = nil) throws(DocumentError) {
        try self.init(path: path, password: password, base: try MuPDFContext.shared.get())
    }

    /// Opens the document at `path` with a watchdog that abandons stuck work `stopGrace` seconds
    /// after it was asked to stop: tests choose a grace far below the time a stuck call takes on
    /// any machine, so that what is abandoned does not depend on the machine's speed.
    convenience init(path: String, stopGrace: Double) throws(DocumentError) {
        try self.init(
            path: path, password: nil, base: try MuPDFContext.shared.get(),
            watchdog: Watchdog(stopGrace: stopGrace))
    }

    private init(
        path: String, password: String?, base: MuPDFContext, watchdog: Watchdog = Watchdog()
    ) throws(DocumentError) {
        try Self.checkReadableFile(path)
        self.path = path
        self.base = base
        self.watchdog = watchdog
        let opening: Opening
        do throws(DocumentError) {
            opening = try Opening(path: path, base: base)
        } catch {
            // MuPDF's reason for a file that is no document at all ("no objects found") tells a
            // user less than what the file is, as the browser says it.
            if case .cannotOpen = error, case .other(let reason) = FileSniffer.classify(path) {
                throw .notADocument(reason)
            }
            throw error
        }
        self.opening = .success(opening)
        var needs: Int32 = 0
        try MuPDFCall.check { folio_document_needs_password(opening.handle, &needs, $0, $1) }
        isLocked = needs != 0
        if let password, isLocked, try !unlock(password: password) {
            throw .wrongPassword
        }
    }

    /// Whether the document is encrypted and still locked.
    ///
    /// Known once at open time: MuPDF's own check (`fz_needs_password`) re-tries the empty password,
    /// which would undo an earlier successful ``unlock(password:)``.
    public var needsPassword: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isLocked
    }

    /// Tries `password` (UTF-8); returns whether it unlocked the document.
    public func unlock(password: String) throws(DocumentError) -> Bool {
        try serialized { () throws(DocumentError) -> Bool in
            guard isLocked else { return true }
            isLocked = try !opening.get().authenticate(password)
            if !isLocked {
                self.password = password
            }
            return !isLocked
        }
    }

    /// Opens the same file again, unlocked with the same password, for work on another thread. It
    /// starts out knowing the page count, and shares no MuPDF locks with this document, so the two
    /// never wait for each other (its context is a clone of a base context of its own).
    public func reopened() throws(DocumentError) -> Document {
        let (accepted, counts) = lock.withLock { (self.password, verifiedPageCount) }
        let copy = try Document(path: path, password: accepted, base: try MuPDFContext.independent())
        copy.lock.withLock { copy.verifiedPageCount = counts }
        return copy
    }

    /// Opens the file again as it is on disk now (after it changed), unlocked with the password
    /// that unlocked this document: a new version, with its own page count.
    public func reloaded() throws(DocumentError) -> Document {
        let accepted = lock.withLock { password }
        return try Document(path: path, password: accepted)
    }

    /// Whether the document is reflowable (EPUB, FB2, HTML…). MuPDF lays such a document out in
    /// full when it opens it, so opening one costs far more than opening a PDF.
    public var isReflowable: Bool {
        get throws(DocumentError) {
            try serialized { () throws(DocumentError) -> Bool in
                let handle = try opening.get().handle
                var reflowable: Int32 = 0
                try MuPDFCall.check { folio_document_is_reflowable(handle, &reflowable, $0, $1) }
                return reflowable != 0
            }
        }
    }

    /// The number of readable pages.
    ///
    /// A damaged PDF page tree can declare more pages than it holds (one corpus file claims 1.4
    /// billion). When the last declared page cannot be loaded, the real count is found with a
    /// binary search over page loads: O(log n), never one step per declared page.
    public var pageCount: Int {
        get throws(DocumentError) { try pageCounts().actual }
    }

    /// Format, page count, metadata and encryption, as `folio --info` prints them.
    /// While the document is locked its metadata strings are still encrypted, so they are left out.
    public func info() throws(DocumentError) -> DocumentInfo {
        let counts = try pageCounts()
        let encryption = try metadata("encryption")
        let readable = !needsPassword
        return DocumentInfo(
            format: Self.formatName(try metadata("format") ?? "unknown"),
            pageCount: counts.actual,
            declaredPageCount: counts.declared == counts.actual ? nil : counts.declared,
            title: readable ? try metadata("info:Title") : nil,
            author: readable ? try metadata("info:Author") : nil,
            subject: readable ? try metadata("info:Subject") : nil,
            creator: readable ? try metadata("info:Creator") : nil,
            producer: readable ? try metadata("info:Producer") : nil,
            encryption: encryption == "None" ? nil : encryption
        )
    }

    /// The page's size in points, with its rotation applied.
    public func pageSize(_ page: Int) throws(DocumentError) -> PageSize {
        try checkPage(page)
        return try serialized { () throws(DocumentError) -> PageSize in
            var rect = folio_rect()
            let handle = try opening.get().handle
            try MuPDFCall.check { folio_page_bounds(handle, Int32(page), &rect, $0, $1) }
            return PageSize(width: Double(rect.x1 - rect.x0), height: Double(rect.y1 - rect.y0))
        }
    }

    /// The page's structured text: blocks, lines and characters with their positions.
    public func text(page: Int, cancellation: Cancellation? = nil) throws(DocumentError) -> PageText {
        try checkPage(page)
        return try perform(page: page, cancellation) { opening, cookie throws(DocumentError) in
            var flat = folio_text()
            defer { folio_text_free(&flat) }
            try MuPDFCall.check { folio_page_text(opening.handle, Int32(page), cookie, &flat, $0, $1) }
            return Self.pageText(from: flat)
        }
    }

    /// The page's plain text exactly as `mutool draw -F txt` prints it (lines end in a newline,
    /// each block in one more), not yet made safe for a terminal — except on a page with
    /// right-to-left text, which MuPDF may give in the order it is drawn and in the shapes of
    /// presentation forms: there it is ``text(page:cancellation:)``'s, in logical order, with
    /// the letters a reader types, laid out the same way. Search and copy read this text.
    public func plainText(page: Int, cancellation: Cancellation? = nil) throws(DocumentError) -> String {
        let text = try mupdfPlainText(page: page, cancellation: cancellation)
        guard RightToLeft.contains(text.unicodeScalars) else { return text }
        let blocks = try self.text(page: page, cancellation: cancellation).blocks
        return blocks.map { block in block.lines.map { $0.text + "\n" }.joined() + "\n" }.joined()
    }

    private func mupdfPlainText(page: Int, cancellation: Cancellation?) throws(DocumentError) -> String {
        try checkPage(page)
        return try perform(page: page, cancellation) { opening, cookie throws(DocumentError) in
            var bytes: UnsafeMutablePointer<CChar>?
            var length = 0
            defer { folio_string_free(bytes) }
            try MuPDFCall.check {
                folio_page_plain_text(opening.handle, Int32(page), cookie, &bytes, &length, $0, $1)
            }
            guard let bytes else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }

    /// The box holding everything the page draws (MuPDF's bbox device), in points from the page's
    /// top-left corner, within the page; the whole page for a page that draws nothing. With its
    /// `annotations` or without them, as ``render(page:zoom:clip:maxPixels:annotations:cancellation:)``
    /// draws it. It runs the page's contents: the caller keeps the result.
    ///
    /// The corresponding C function is `folio_page_content_bounds`.
    public func contentBounds(
        page: Int, annotations: Bool = true, cancellation: Cancellation? = nil
    ) throws(DocumentError) -> TextRect {
        try checkPage(page)
        return try perform(page: page, cancellation) { opening, cookie throws(DocumentError) -> TextRect in
            var rect = folio_rect()
            try MuPDFCall.check {
                folio_page_content_bounds(opening.handle, Int32(page), annotations ? 1 : 0, cookie, &rect, $0, $1)
            }
            return Self.rect(rect)
        }
    }

    /// The most image areas ``imageAreas(page:annotations:cancellation:)`` reports for one page.
    public static let maximumImageAreas = 512

    /// Where the page's raster images (photographs, scans, figures drawn as pixels) land, in
    /// points from the page's top-left corner, in drawing order: the first
    /// ``maximumImageAreas`` of them. Text and line art, stencil masks included, are not images.
    /// With its `annotations` or without them, as for ``contentBounds(page:annotations:cancellation:)``;
    /// it runs the page's contents: the caller keeps the result.
    ///
    /// The corresponding C function is `folio_page_image_areas`.
    public func imageAreas(
        page: Int, annotations: Bool = true, cancellation: Cancellation? = nil
    ) throws(DocumentError) -> [TextRect] {
        try checkPage(page)
        return try perform(page: page, cancellation) { opening, cookie throws(DocumentError) -> [TextRect] in
            var areas = [folio_rect](repeating: folio_rect(), count: Self.maximumImageAreas)
            var count = 0
            var seen = 0
            try areas.withUnsafeMutableBufferPointer { buffer throws(DocumentError) in
                try MuPDFCall.check {
                    folio_page_image_areas(
                        opening.handle, Int32(page), annotations ? 1 : 0, cookie, buffer.baseAddress, buffer.count,
                        &count, &seen, $0, $1)
                }
            }
            return areas.prefix(count).map(Self.rect)
        }
    }

    /// Renders the page at `zoom` (1 = 72 dpi) to RGB pixels on white.
    ///
    /// - Parameters:
    ///   - clip: the part of the page to render, in points from its top-left corner (nil for the
    ///     whole page); the image's top-left pixel is the clip's top-left corner.
    ///   - maxPixels: a cap on width × height, so a huge page never allocates gigabytes; beyond it
    ///     the call throws ``DocumentError/tooLarge(_:)``.
    ///   - annotations: whether the page's annotations are drawn (its form fields always are).
    public func render(
        page: Int, zoom: Double, clip: TextRect? = nil, maxPixels: Int = 40_000_000, annotations: Bool = true,
        cancellation: Cancellation? = nil
    ) throws(DocumentError) -> RenderedPage {
        try checkPage(page)
        let clipRect = clip.map {
            folio_rect(x0: Float($0.x0), y0: Float($0.y0), x1: Float($0.x1), y1: Float($0.y1))
        }
        return try perform(page: page, cancellation) { opening, cookie throws(DocumentError) in
            var list: OpaquePointer?
            try MuPDFCall.check {
                folio_page_display_list(opening.handle, Int32(page), annotations ? 1 : 0, cookie, &list, $0, $1)
            }
            // A context of its own renders the list; the display list may be drawn by any context.
            let renderer = try opening.context.base.clone()
            defer { folio_display_list_drop(renderer.pointer, list) }
            var width: Int32 = 0
            var height: Int32 = 0
            try MuPDFCall.check { err, errlen in
                Self.withClip(clipRect) { clip in
                    folio_display_list_render_size(
                        renderer.pointer, list, Float(zoom), clip, maxPixels, &width, &height, err, errlen)
                }
            }
            // MuPDF draws straight into the array's memory, which this closure owns for as long
            // as MuPDF runs, even when the caller has stopped waiting (abandoned work).
            let count = Int(width) * Int(height) * 3
            var failure: DocumentError?
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                do throws(DocumentError) {
                    try MuPDFCall.check { err, errlen in
                        Self.withClip(clipRect) { clip in
                            folio_display_list_render_into(
                                renderer.pointer, list, Float(zoom), clip, cookie, buffer.baseAddress, width, height,
                                err, errlen)
                        }
                    }
                    initialized = count
                } catch {
                    failure = error
                    initialized = 0
                }
            }
            if let failure { throw failure }
            return RenderedPage(width: Int(width), height: Int(height), pixels: pixels)
        }
    }

    /// Renders the page scaled so that it is `width` pixels wide, with or without its
    /// `annotations`.
    public func render(
        page: Int, width: Int, maxPixels: Int = 40_000_000, annotations: Bool = true,
        cancellation: Cancellation? = nil
    ) throws(DocumentError) -> RenderedPage {
        let size = try pageSize(page)
        guard size.width > 0, width > 0 else { throw .invalidRequest("cannot render a page of zero width") }
        return try render(
            page: page, zoom: Double(width) / size.width, maxPixels: maxPixels, annotations: annotations,
            cancellation: cancellation)
    }

    /// The document's outline; empty when it has none. With a `cancellation`, it is read on the
    /// document's own thread and given up on at the cancellation's time limit.
    public func outline(
        maxEntries: Int = 100_000, maxDepth: Int = 64, cancellation: Cancellation? = nil
    ) throws(DocumentError) -> Outline {
        try perform(page: nil, cancellation) { opening, _ throws(DocumentError) -> Outline in
            var flat = folio_outline()
            defer { folio_outline_free(&flat) }
            try MuPDFCall.check {
                folio_document_outline(opening.handle, maxEntries, Int32(maxDepth), &flat, $0, $1)
            }
            let entries = (0..<flat.count).map { index in
                let entry = flat.entries[index]
                return OutlineItem(
                    title: entry.title.map { String(cString: $0) } ?? "",
                    level: Int(entry.level),
                    page: entry.page >= 0 ? Int(entry.page) : nil,
                    targetY: entry.page >= 0 && entry.target_y >= 0 ? Double(entry.target_y) : nil)
            }
            return Outline(entries: entries, isTruncated: flat.truncated != 0)
        }
    }

    /// The printed page numbers (a PDF's `/PageLabels`); ``PageLabels/none`` for a document
    /// without them or that is not a PDF. Read once and keep the result: it walks the label tree.
    public func pageLabels() throws(DocumentError) -> PageLabels {
        let pageCount = try pageCount
        return try serialized { () throws(DocumentError) -> PageLabels in
            var flat = folio_page_labels()
            defer { folio_page_labels_free(&flat) }
            let handle = try opening.get().handle
            try MuPDFCall.check { folio_document_page_labels(handle, &flat, $0, $1) }
            let ranges = (0..<flat.count).map { index in
                let range = flat.ranges[index]
                return PageLabels.Range(
                    startPage: Int(range.start_page), style: Self.labelStyle(range.style),
                    prefix: range.prefix.map { String(cString: $0) } ?? "", firstValue: Int(range.first_value))
            }
            return PageLabels(ranges: ranges, pageCount: pageCount)
        }
    }

    /// The links on a page, with internal targets resolved to pages. With a `cancellation`,
    /// they are read on the document's own thread and given up on at its time limit.
    public func links(page: Int, cancellation: Cancellation? = nil) throws(DocumentError) -> [LinkItem] {
        try checkPage(page)
        return try perform(page: page, cancellation) { opening, _ throws(DocumentError) -> [LinkItem] in
            var flat = folio_links()
            defer { folio_links_free(&flat) }
            try MuPDFCall.check { folio_page_links(opening.handle, Int32(page), &flat, $0, $1) }
            return (0..<flat.count).map { index in
                let link = flat.links[index]
                let isInternal = link.external == 0 && link.page >= 0
                return LinkItem(
                    box: Self.rect(link.box),
                    page: isInternal ? Int(link.page) : nil,
                    uri: link.external != 0 ? link.uri.map { String(cString: $0) } : nil,
                    targetY: isInternal && link.target_y >= 0 ? Double(link.target_y) : nil)
            }
        }
    }

    /// MuPDF's case-insensitive search of one page; each hit lists the boxes it covers.
    public func search(
        page: Int, for needle: String, maxBoxes: Int = 512, cancellation: Cancellation? = nil
    ) throws(DocumentError) -> [SearchHit] {
        try checkPage(page)
        return try perform(page: page, cancellation) { opening, cookie throws(DocumentError) in
            var quads = [folio_quad](repeating: folio_quad(), count: max(maxBoxes, 0))
            var count: Int32 = 0
            try MuPDFCall.check {
                folio_page_search(
                    opening.handle, Int32(page), needle, cookie, &quads, Int32(clamping: maxBoxes), &count, $0, $1)
            }
            var hits: [SearchHit] = []
            for quad in quads.prefix(Int(count)) {
                let box = TextRect(
                    x0: Double(min(quad.ul_x, quad.ll_x)), y0: Double(min(quad.ul_y, quad.ur_y)),
                    x1: Double(max(quad.ur_x, quad.lr_x)), y1: Double(max(quad.ll_y, quad.lr_y)))
                if Int(quad.hit) < hits.count {
                    hits[Int(quad.hit)].boxes.append(box)
                } else {
                    hits.append(SearchHit(boxes: [box]))
                }
            }
            return hits
        }
    }

    // MARK: Helpers

    private func serialized<T>(_ body: () throws(DocumentError) -> T) throws(DocumentError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` on the current opening's document handle, under the document lock, on the
    /// calling thread (for the annotation calls of Document+Annotations.swift).
    func withHandle<T>(_ body: (OpaquePointer) throws(DocumentError) -> T) throws(DocumentError) -> T {
        try serialized { () throws(DocumentError) -> T in try body(try opening.get().handle) }
    }

    /// How many abandoned jobs are still running (for tests of the cap).
    var runningAbandonedJobs: Int {
        lock.withLock { watchdog.runningAbandonedJobs() }
    }

    /// Runs `work` on `page` (nil for work on the whole document, such as the outline) under the
    /// document lock. Without a cancellation it runs on the calling thread; with one, on the
    /// worker thread of the current opening, waited for as the type's documentation describes.
    private func perform<T: Sendable>(
        page: Int?, _ cancellation: Cancellation?,
        _ work: @escaping @Sendable (Opening, OpaquePointer?) throws(DocumentError) -> T
    ) throws(DocumentError) -> T {
        try serialized { () throws(DocumentError) -> T in
            let opening = try opening.get()
            guard let cancellation else { return try work(opening, nil) }
            try watchdog.admit(page: page)
            let outcome = JobOutcome<T>()
            opening.worker.submit {
                do throws(DocumentError) {
                    outcome.finish(.success(try work(opening, cancellation.cookie)))
                } catch {
                    outcome.finish(.failure(error))
                }
            }
            switch watchdog.wait(for: outcome, page: page, cancellation) {
            case .finished(let result): return try result.get()
            case .abandoned(let error):
                leaveStuckOpening()
                throw error
            }
        }
    }

    /// Opens `written` (a file this document has just written: the bytes it was opened from and
    /// an update) in place of the current opening, unlocked with the same password. MuPDF 1.21
    /// writes a second update of one opening wrongly (pointing back to the first update, which
    /// it then cuts off), so every update is written by an opening of the file before it.
    func adoptWrittenFile(_ written: String) throws(DocumentError) {
        try serialized { () throws(DocumentError) in
            let fresh = try Opening(path: written, base: base)
            if let password, try !fresh.authenticate(password) {
                throw .wrongPassword
            }
            opening = .success(fresh)
        }
    }

    /// Leaves the current opening to its stuck work and opens the file again for what follows.
    private func leaveStuckOpening() {
        if case .success(let stuck) = opening {
            stuck.worker.retire()
        }
        opening = Result { () throws(DocumentError) -> Opening in
            let fresh = try Opening(path: path, base: base)
            if let password, try !fresh.authenticate(password) {
                throw .wrongPassword
            }
            return fresh
        }
    }

    /// Pages of a locked document would read as empty (their streams are still encrypted), so
    /// every page operation checks the lock first.
    func checkPage(_ page: Int) throws(DocumentError) {
        if needsPassword { throw .needsPassword }
        let count = try pageCount
        guard page >= 0, page < count else { throw .noSuchPage(page, count: count) }
    }

    private func metadata(_ key: String) throws(DocumentError) -> String? {
        try serialized { () throws(DocumentError) -> String? in
            var buffer = [CChar](repeating: 0, count: 4096)
            var found: Int32 = 0
            let handle = try opening.get().handle
            try MuPDFCall.check { folio_document_metadata(handle, key, &buffer, buffer.count, &found, $0, $1) }
            guard found != 0 else { return nil }
            let value = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return value.isEmpty ? nil : value
        }
    }

    private func pageCounts() throws(DocumentError) -> (actual: Int, declared: Int) {
        try serialized { () throws(DocumentError) -> (actual: Int, declared: Int) in
            if let verifiedPageCount { return verifiedPageCount }
            var declared: Int32 = 0
            let handle = try opening.get().handle
            try MuPDFCall.check { folio_document_page_count(handle, &declared, $0, $1) }
            let counts = (actual: Self.loadablePageCount(handle, declared: Int(declared)), declared: Int(declared))
            verifiedPageCount = counts
            return counts
        }
    }

    /// The number of pages that load, assuming damage cuts the page tree short rather than
    /// punching holes in it: if the last page loads, all are counted.
    ///
    /// A flat page tree (one node listing every page, as qpdf and many other writers make it) that
    /// lists as many pages as it declares, the last of them a page, is taken at its word: loading
    /// its last page would walk every page before it, making opening a long document O(n).
    private static func loadablePageCount(_ handle: OpaquePointer, declared: Int) -> Int {
        func loads(_ page: Int) -> Bool {
            var rect = folio_rect()
            return folio_page_bounds(handle, Int32(page), &rect, nil, 0) == FOLIO_OK
        }
        func listsEveryPage() -> Bool {
            var listed: Int32 = 0
            return folio_document_lists_pages(handle, Int32(declared), &listed, nil, 0) == FOLIO_OK && listed != 0
        }
        guard declared > 1, !listsEveryPage(), !loads(declared - 1) else { return declared }
        guard loads(0) else { return declared }
        var low = 0  // loads
        var high = declared - 1  // does not load
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if loads(middle) { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// MuPDF names a comic book archive by its archive format ("zip", "tar"); Folio by what it
    /// is.
    static func formatName(_ format: String) -> String {
        switch format.lowercased() {
        case "zip", "cbz": "CBZ"
        case "tar", "cbt": "CBT"
        default: format
        }
    }

    private static func checkReadableFile(_ path: String) throws(DocumentError) {
        let path = FileSystemName.cString(path)
        var status = stat()
        guard stat(path, &status) == 0 else {
            switch errno {
            case ENOENT: throw .notFound
            case EACCES: throw .permissionDenied
            case let code: throw .cannotAccess(String(cString: strerror(code)))
            }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile("is a directory")
        case S_IFIFO: throw .notAFile("not a regular file (a FIFO)")
        case S_IFCHR, S_IFBLK: throw .notAFile("not a regular file (a device)")
        case S_IFSOCK: throw .notAFile("not a regular file (a socket)")
        default: throw .notAFile("not a regular file")
        }
        guard access(path, R_OK) == 0 else { throw .permissionDenied }
        guard status.st_size > 0 else { throw .emptyFile }
    }

    /// The label style a `folio_page_label_range` names (`D`, `R`, `r`, `A`, `a`, or none).
    private static func labelStyle(_ style: CChar) -> PageLabels.Style {
        switch UInt8(bitPattern: style) {
        case UInt8(ascii: "D"): .decimal
        case UInt8(ascii: "R"): .upperRoman
        case UInt8(ascii: "r"): .lowerRoman
        case UInt8(ascii: "A"): .upperLetters
        case UInt8(ascii: "a"): .lowerLetters
        default: .none
        }
    }

    /// Calls `body` with a pointer to `clip`, or with NULL for none (the whole page).
    private static func withClip<Result>(
        _ clip: folio_rect?, _ body: (UnsafePointer<folio_rect>?) -> Result
    ) -> Result {
        guard let clip else { return body(nil) }
        return withUnsafePointer(to: clip) { body($0) }
    }

    private static func rect(_ rect: folio_rect) -> TextRect {
        TextRect(x0: Double(rect.x0), y0: Double(rect.y0), x1: Double(rect.x1), y1: Double(rect.y1))
    }

    private static func pageText(from flat: folio_text) -> PageText {
        let blocks = (0..<flat.block_count).map { blockIndex in
            let block = flat.blocks[blockIndex]
            let lines = (0..<Int(block.line_count)).map { lineOffset in
                let line = flat.lines[Int(block.first_line) + lineOffset]
                let chars = (0..<Int(line.char_count)).map { charOffset in
                    let char = flat.chars[Int(line.first_char) + charOffset]
                    return TextChar(
                        scalar: Unicode.Scalar(char.codepoint) ?? "\u{FFFD}",
                        box: rect(char.box), size: Double(char.size), baseline: Double(char.baseline),
                        isMonospaced: char.flags & FOLIO_CHAR_MONOSPACED != 0)
                }
                let direction = TextDirection(x: Double(line.dir_x), y: Double(line.dir_y))
                return WordGaps.withRecoveredSpaces(
                    RightToLeft.logicalOrder(
                        TextLine(
                            chars: chars, box: rect(line.box), direction: direction, isVertical: line.vertical != 0)))
            }
            return TextBlock(lines: lines, box: rect(block.box))
        }
        return PageText(width: Double(flat.width), height: Double(flat.height), blocks: blocks)
    }
}

/// One opening of a document's file: a MuPDF context of its own, the document handle, and the
/// thread that runs time-limited work on it. Abandoned work keeps its opening alive until it ends.
private final class Opening: @unchecked Sendable {
    let context: ClonedContext
    let handle: OpaquePointer
    private var startedWorker: WorkerThread?

    /// The thread for time-limited work, started when first needed (under the document lock).
    var worker: WorkerThread {
        if let startedWorker { return startedWorker }
        let worker = WorkerThread(name: "folio.document")
        startedWorker = worker
        return worker
    }

    init(path: String, base: MuPDFContext) throws(DocumentError) {
        context = try base.clone()
        var pointer: OpaquePointer?
        let context = context
        try MuPDFCall.check(
            onError: { .cannotOpen($0) },
            { folio_document_open(context.pointer, FileSystemName.cString(path), &pointer, $0, $1) })
        handle = pointer!
    }

    deinit {
        startedWorker?.retire()
        folio_document_drop(handle)
    }

    /// Tries `password`; returns whether it was accepted.
    func authenticate(_ password: String) throws(DocumentError) -> Bool {
        var accepted: Int32 = 0
        try MuPDFCall.check { folio_document_authenticate(handle, password, &accepted, $0, $1) }
        return accepted != 0
    }
}
