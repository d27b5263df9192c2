/// The pages the reader holds near the current one: texts, failures, layouts and requests.
///
/// The reader keeps only a small window of pages, so memory stays bounded however long the
/// document is. Each page's reading for the reflow view (``PageReflow``, which does not depend
/// on the width) is kept with its text; layouts are cached per page, layout mode and width (the
/// physical layout is fitted to the width), and a reflowed layout also by what the pages
/// around say about it (its running headers, whether its last paragraph goes on), so a
/// neighbour arriving lays out again only the pages it changes. Layouts for a width the screen
/// no longer has are dropped.
struct PageCache: Sendable {
    /// What a page load produced.
    enum Outcome: Sendable {
        case text(PageText)
        case failure(DocumentFailure)
    }

    private struct LayoutKey: Hashable, Sendable {
        var page: Int
        var mode: LayoutMode
        /// The width reflowed to, or fitted to by the physical layout.
        var width: Int
    }

    private var texts: [Int: PageText] = [:]
    private var reflows: [Int: PageReflow] = [:]
    private(set) var failures: [Int: DocumentFailure] = [:]
    /// Pages asked for whose result has not arrived.
    private var requested: Set<Int> = []
    private var layouts: [LayoutKey: (lines: [LaidOutLine], context: PageReflow.Context)] = [:]
    /// The annotations of pages held, as the annotation worker last read them.
    private var annotations: [Int: [Annotation]] = [:]
    /// Where each page's annotations show in a layout, for the layouts that have any.
    private var marks: [LayoutKey: AnnotationMarks] = [:]
    /// What puts right-to-left lines in visual order for the screen; without it they are shown
    /// in logical order.
    var bidi: (any BidiAlgorithm)?
    /// Whether Arabic letters are drawn in their joined shapes (the terminal does not shape).
    var shapesArabic = false

    /// An empty cache; `bidi` orders right-to-left lines for the screen, and `shapesArabic`
    /// draws Arabic letters joined.
    init(bidi: (any BidiAlgorithm)? = nil, shapesArabic: Bool = false) {
        self.bidi = bidi
        self.shapesArabic = shapesArabic
    }

    /// Whether `page`'s load has finished, with text or with a failure.
    func hasOutcome(for page: Int) -> Bool {
        texts[page] != nil || failures[page] != nil
    }

    /// The text of `page`, when it is held.
    func text(of page: Int) -> PageText? {
        texts[page]
    }

    /// The layout of `page` for `mode` and `width`, or nil when its text is not here.
    ///
    /// Layouts exist for every page held once ``prepareLayouts(mode:width:labels:)`` has run for
    /// that mode and width; the reader runs it after every change, so drawing only reads.
    func layout(of page: Int, mode: LayoutMode, width: Int) -> [LaidOutLine]? {
        layouts[LayoutKey(page: page, mode: mode, width: width)]?.lines
    }

    /// Where `page`'s annotations show in its layout for `mode` and `width` (no marks while
    /// either is not here).
    func marks(of page: Int, mode: LayoutMode, width: Int) -> AnnotationMarks {
        marks[LayoutKey(page: page, mode: mode, width: width)] ?? AnnotationMarks()
    }

    /// The annotations of `page`, as last read; empty until they are.
    func annotations(of page: Int) -> [Annotation] {
        annotations[page] ?? []
    }

    /// Records `page`'s annotations (read again after every change), when the page is in
    /// `window`.
    mutating func record(annotations pageAnnotations: [Annotation], for page: Int, window: Set<Int>) {
        guard window.contains(page) else { return }
        annotations[page] = pageAnnotations
        marks = marks.filter { $0.key.page != page }
    }

    /// Records the outcome of loading `page`, keeping it only when the page is in `window`.
    mutating func record(_ outcome: Outcome, for page: Int, window: Set<Int>) {
        requested.remove(page)
        guard window.contains(page) else {
            return
        }
        switch outcome {
        case .text(let text):
            texts[page] = text
            failures[page] = nil
        case .failure(let reason):
            failures[page] = reason
            texts[page] = nil
        }
        reflows[page] = nil
        layouts = layouts.filter { $0.key.page != page }
        marks = marks.filter { $0.key.page != page }
    }

    /// Forgets every page outside `window`; returns whether any outstanding request was dropped.
    mutating func keep(only window: Set<Int>) -> Bool {
        texts = texts.filter { window.contains($0.key) }
        reflows = reflows.filter { window.contains($0.key) }
        failures = failures.filter { window.contains($0.key) }
        layouts = layouts.filter { window.contains($0.key.page) }
        annotations = annotations.filter { window.contains($0.key) }
        marks = marks.filter { window.contains($0.key.page) }
        let dropsRequests = !requested.isSubset(of: window)
        requested.formIntersection(window)
        return dropsRequests
    }

    /// The pages of `pages` that are neither here nor requested, in the same order, now
    /// marked as requested.
    mutating func request(_ pages: [Int]) -> [Int] {
        let missing = pages.filter { !hasOutcome(for: $0) && !requested.contains($0) }
        requested.formUnion(missing)
        return missing
    }

    /// Lays out every page held for `mode` and `width`, dropping layouts of other widths;
    /// `labels` name the page a paragraph goes on to.
    ///
    /// A reflowed page is laid out with what the pages held around it say (see
    /// ``PageReflow/context(of:in:)``): its running heads are those `folio --text --reflow`
    /// leaves out once the pages either side that decide them are here. (Whether its last
    /// paragraph goes on, and its hyphens, the reader decides with fewer pages than the batch,
    /// which may see a head on the next page's far side and the words of other pages.)
    mutating func prepareLayouts(mode: LayoutMode, width: Int, labels: PageLabels) {
        layouts = layouts.filter { $0.key.width == width }
        marks = marks.filter { $0.key.width == width }
        if mode == .reflow {
            for (page, text) in texts where reflows[page] == nil {
                reflows[page] = PageReflow(text)
            }
        }
        for (page, text) in texts {
            let key = LayoutKey(page: page, mode: mode, width: width)
            let context = mode == .reflow ? PageReflow.context(of: page, in: reflows) : PageReflow.Context()
            if layouts[key]?.context == context {
                continue
            }
            let lines: [LaidOutLine]
            switch mode {
            case .reflow:
                let reflowed = reflows[page].map { $0.lines(width: width, context: context, labels: labels) } ?? []
                lines =
                    bidi.map { TextLayout.withVisualOrder(reflowed, bidi: $0, shapingArabic: shapesArabic) } ?? reflowed
            case .physical:
                lines = TextLayout.physical(text, fitting: width).map {
                    Self.readable($0, drawnByTerminal: bidi == nil, shapingArabic: shapesArabic)
                }
            }
            layouts[key] = (lines, context)
            marks[key] = nil
        }
        for (page, pageAnnotations) in annotations where !pageAnnotations.isEmpty {
            let key = LayoutKey(page: page, mode: mode, width: width)
            guard marks[key] == nil, let text = texts[page], let lines = layouts[key]?.lines else { continue }
            marks[key] = AnnotationMarks(
                annotations: pageAnnotations, text: text, alignment: PageTextAlignment(text: text, lines: lines))
        }
    }

    /// A layout view's row (its characters in the order drawn) with its text in the order read,
    /// for search and copy, and drawn as it stands, Arabic joined when `shapingArabic`; where the
    /// terminal reorders lines itself (`drawnByTerminal`), sent in the order read.
    private static func readable(_ row: LaidOutLine, drawnByTerminal: Bool, shapingArabic: Bool) -> LaidOutLine {
        guard let logical = RightToLeft.logicalOrder(ofDrawn: row.text) else { return row }
        var readable = row
        readable.text = logical.text
        guard !drawnByTerminal else { return readable }
        let shaped = shapingArabic ? ArabicShaping.shapedInDrawingOrder(row.text) : nil
        readable.visual = VisualOrder(
            text: shaped?.text ?? row.text, drawnAt: logical.drawnAt.map { shaped?.drawnAt[$0] ?? $0 })
        return readable
    }
}
