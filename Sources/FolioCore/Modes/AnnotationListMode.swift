/// Every annotation of the document, as a list over the page (`A`): page label, kind, colour,
/// the marked text or the note, narrowed by a filter.
public struct AnnotationList: Sendable, Equatable {
    /// The document's annotations in page order, top to bottom on each page.
    public private(set) var annotations: [Annotation]
    /// The filter's words; empty shows every annotation.
    public private(set) var filter = ""
    /// The filter being typed (after `/`), or nil when keys are commands.
    public internal(set) var filterEditor: LineEditor?
    /// The selected annotation, an index into ``shown``.
    public internal(set) var selected = 0
    /// The annotations the filter lets through, as indices into ``annotations``.
    public private(set) var shown: [Int] = []
    /// The printed label of each page, for the rows and the filter.
    let label: @Sendable (Int) -> String

    /// A list of `annotations`, their pages named by `label`, the first at or after
    /// `currentPage` selected.
    init(annotations: [Annotation], currentPage: Int, label: @escaping @Sendable (Int) -> String) {
        self.annotations = annotations.sorted { Self.order($0) < Self.order($1) }
        self.label = label
        shown = Array(self.annotations.indices)
        selected = self.annotations.firstIndex { $0.page >= currentPage } ?? max(self.annotations.count - 1, 0)
    }

    private static func order(_ annotation: Annotation) -> (Int, Double, Double) {
        (annotation.page, annotation.rect.y0, annotation.rect.x0)
    }

    public static func == (left: AnnotationList, right: AnnotationList) -> Bool {
        left.annotations == right.annotations && left.filter == right.filter
            && left.filterEditor == right.filterEditor && left.selected == right.selected
    }

    /// The selected annotation, if the list shows any.
    public var selectedAnnotation: Annotation? {
        shown[safe: selected].map { annotations[$0] }
    }

    /// The words a row shows for `annotation`, and the filter looks in.
    public func words(of annotation: Annotation) -> (page: String, kind: String, colour: String, text: String) {
        let text = [annotation.markedText, annotation.note].filter { !$0.isEmpty }
        let colour = annotation.colour.map { AnnotationColour.name(of: $0) } ?? ""
        return (label(annotation.page), annotation.kind.name, colour, text.joined(separator: " — "))
    }

    /// Narrows the list to the annotations whose words hold every word of `filter` (ignoring
    /// case), keeping the selected one selected when it stays.
    mutating func setFilter(_ filter: String) {
        let kept = shown[safe: selected]
        self.filter = filter
        let wanted = filter.lowercased().split(separator: " ").map(String.init)
        shown = annotations.indices.filter { index in
            let words = words(of: annotations[index])
            let haystack = "\(words.page) \(words.kind) \(words.colour) \(words.text)".lowercased()
            return wanted.allSatisfy { haystack.contains($0) }
        }
        selected = kept.flatMap { shown.firstIndex(of: $0) } ?? 0
    }

    /// Takes annotation `id` out of the list.
    mutating func remove(_ id: AnnotationID) {
        annotations.removeAll { $0.id == id }
        setFilter(filter)
        selected = min(selected, max(shown.count - 1, 0))
    }

    /// Puts `fresh`, the annotations of `page` as just read, in place of the list's for that
    /// page (their names may have changed: another program's without /NM are named by their
    /// place), keeping the selected annotation selected when it is still there.
    mutating func replaceAnnotations(of page: Int, with fresh: [Annotation]) {
        let kept = selectedAnnotation?.id
        annotations = (annotations.filter { $0.page != page } + fresh).sorted { Self.order($0) < Self.order($1) }
        setFilter(filter)
        if let kept, let index = shown.firstIndex(where: { annotations[$0].id == kept }) {
            selected = index
        }
        selected = min(selected, max(shown.count - 1, 0))
    }

    /// Changes the note of annotation `id` in the list.
    mutating func changeNote(of id: AnnotationID, to note: String) {
        guard let index = annotations.firstIndex(where: { $0.id == id }) else { return }
        annotations[index].note = note
    }
}

extension AnnotationColour {
    /// The colour's preset name when it is one (`yellow`), else its `#rrggbb`.
    public static func name(of colour: AnnotationColour) -> String {
        presets.first { $0.colour.hex == colour.hex }?.name ?? colour.hex
    }
}

/// The annotation list (`A`) over the page: its table moves, goes, deletes and edits; `/`
/// types a filter.
extension ReaderState {
    /// Asks for every annotation of the document; the list opens when they arrive.
    mutating func showAnnotations() -> [ReaderEffect] {
        pending.annotationList = true
        message = .loadingAnnotations
        return [.listAnnotations]
    }

    /// The document's annotations arrived: the list opens (when it was asked for and the reader
    /// is still waiting for it), or says there are none.
    mutating func annotationListLoaded(_ annotations: [Annotation]) {
        guard pending.annotationList else { return }
        pending.annotationList = false
        guard mode == .reading else { return }
        guard !annotations.isEmpty else {
            message = .noAnnotations
            return
        }
        if message == .loadingAnnotations { message = nil }
        let labels = document.pageLabels
        mode = .annotationList(
            AnnotationList(annotations: annotations, currentPage: currentPage) {
                labels.label(ofPage: $0) ?? String($0 + 1)
            })
    }

    /// Keys in the annotation list: while a filter is typed, printable characters type it;
    /// otherwise the list's table gives every key.
    mutating func handleAnnotationListKey(_ key: Key, list: AnnotationList) -> [ReaderEffect] {
        var list = list
        if var editor = list.filterEditor {
            switch key {
            case .enter, .escape:
                list.filterEditor = nil
                if key == .escape { list.setFilter("") }
            case .backspace where editor.isEmpty:
                list.filterEditor = nil
            case .backspace:
                _ = editor.deleteBackward()
                list.filterEditor = editor
                list.setFilter(editor.text)
            case .character(let scalar):
                editor.insert(String(Character(scalar)))
                list.filterEditor = editor
                list.setFilter(editor.text)
            default:
                break
            }
            mode = .annotationList(list)
            return []
        }
        guard let command = keys.annotations.command(for: key) else { return [] }
        return perform(command, on: list)
    }

    /// Performs an annotation-list command.
    mutating func perform(_ command: AnnotationListCommand, on list: AnnotationList) -> [ReaderEffect] {
        var list = list
        switch command {
        case .own(.close):
            if list.filter.isEmpty {
                mode = .reading
                return []
            }
            list.setFilter("")
        case .own(.filter):
            var editor = LineEditor(maximumLength: Self.maximumPromptLength)
            editor.insert(list.filter)
            list.filterEditor = editor
        case .own(.jump):
            guard let annotation = list.selectedAnnotation else { return [] }
            mode = .reading
            return go(toAnnotation: annotation)
        case .own(.delete):
            guard let annotation = list.selectedAnnotation else { return [] }
            let effects = delete(annotation)
            guard !effects.isEmpty else { return [] }
            list.remove(annotation.id)
            mode = list.annotations.isEmpty ? .reading : .annotationList(list)
            return effects
        case .own(.editNote):
            guard let annotation = list.selectedAnnotation else { return [] }
            openNotePrompt(for: .annotation(annotation, list: list))
            return []
        case .shared(let move):
            list.selected = move.destination(from: list.selected, count: list.shown.count, screenful: overlayRows - 1)
        }
        mode = .annotationList(list)
        return []
    }

    /// Goes to `annotation`'s page, its line at the top once the page is laid out.
    mutating func go(toAnnotation annotation: Annotation) -> [ReaderEffect] {
        jump(to: annotation.page, landingOn: .point(y: annotation.rect.y0))
    }

    /// The annotation list, while it is open.
    public var annotationList: AnnotationList? {
        if case .annotationList(let list) = mode { list } else { nil }
    }
}
