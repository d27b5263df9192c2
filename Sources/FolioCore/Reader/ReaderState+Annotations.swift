/// The document's annotations in the reader: those of the pages held (drawn on their words),
/// the changes the user makes (each an effect the runtime journals and saves) and their undo.
extension ReaderState {
    /// The most changes `u` can undo in a session.
    static let undoLimit = 1000

    /// `page`'s annotations arrived (at its load, or after a change): the text views mark them.
    mutating func annotationsLoaded(page: Int, annotations: [Annotation]) {
        cache.record(annotations: annotations, for: page, window: Set(windowPages()))
        cache.prepareLayouts(mode: layoutMode, width: textColumns, labels: document.pageLabels)
        if case .annotationList(var list) = mode {
            list.replaceAnnotations(of: page, with: annotations)
            mode = list.annotations.isEmpty ? .reading : .annotationList(list)
        }
    }

    /// Whether the text views mark annotations (`set annotations show`, the default).
    public var showsAnnotationMarks: Bool { preferences.showsAnnotations }

    /// Where the current page's annotations show in its layout.
    public var currentAnnotationMarks: AnnotationMarks {
        cache.marks(of: currentPage, mode: layoutMode, width: textColumns)
    }

    /// The annotations of the current page, as last read.
    public var currentPageAnnotations: [Annotation] {
        cache.annotations(of: currentPage)
    }

    /// Makes `change`, which `undo` reverses, saying `notice`.
    mutating func change(
        _ change: AnnotationChange, undoneBy undo: AnnotationChange, notice: Notice
    ) -> [ReaderEffect] {
        record(undo: [undo])
        message = notice
        return [.changeAnnotation(change)]
    }

    private mutating func record(undo changes: [AnnotationChange]) {
        annotationUndo.append(changes)
        if annotationUndo.count > Self.undoLimit {
            annotationUndo.removeFirst(annotationUndo.count - Self.undoLimit)
        }
    }

    /// Highlights the selected text in `colour`, with `note` (empty for none) on its first
    /// page's part.
    mutating func highlight(_ selection: TextSelection, colour: AnnotationColour, note: String) -> [ReaderEffect] {
        guard let highlights = highlights(of: selection, colour: colour) else { return [] }
        return make(highlights, note: note)
    }

    /// The highlights of the selected text in `colour`: one per page the selection covers, its
    /// quads those of the characters chosen; nil (saying why) when a page of it is not held or
    /// it holds no character.
    mutating func highlights(of selection: TextSelection, colour: AnnotationColour) -> [Annotation]? {
        var highlights: [Annotation] = []
        for page in selection.pages {
            guard let text = cache.text(of: page) else {
                message = .pageNotLoaded(page: page)
                return nil
            }
            let quads = text.quads(ofCharacters: pageCharacters(of: selection, on: page) ?? [])
            guard let first = quads.first else { continue }
            highlights.append(
                Annotation(
                    id: .unique(), page: page, kind: .highlight, colour: colour, quads: quads,
                    rect: quads.dropFirst().reduce(first) { $0.union($1) }, markedText: text.markedText(under: quads),
                    author: preferences.annotationAuthor))
        }
        guard !highlights.isEmpty else {
            message = .nothingToSelect
            return nil
        }
        return highlights
    }

    /// Makes `highlights`, `note` (empty for none) on the first, as one change `u` undoes.
    mutating func make(_ highlights: [Annotation], note: String) -> [ReaderEffect] {
        var additions = highlights
        guard let first = additions.first else { return [] }
        additions[0].note = note
        record(undo: additions.map { .remove($0.id, page: $0.page) }.reversed())
        message = .highlighted(page: first.page, pages: additions.count, withNote: !note.isEmpty)
        return additions.map { .changeAnnotation(.add($0)) }
    }

    /// Deletes `annotation`; `u` brings it back (under a name of its own when another program
    /// made it without one: its object number goes with it).
    mutating func delete(_ annotation: Annotation) -> [ReaderEffect] {
        // Folio makes only text markup and notes again, so it deletes only those: an ink
        // drawing or a stamp could not be brought back.
        guard annotation.kind.marksText || annotation.kind == .note else {
            message = .annotationKept(kind: annotation.kind.name)
            return []
        }
        var restored = annotation
        if annotation.id.value.hasPrefix("#") {
            restored.id = .unique()
        }
        return change(
            .remove(annotation.id, page: annotation.page), undoneBy: .add(restored),
            notice: .annotationDeleted(kind: annotation.kind.name, page: annotation.page))
    }

    /// Undoes the last annotation change of the session (`u`), again and again.
    mutating func undoAnnotationChange() -> [ReaderEffect] {
        guard let changes = annotationUndo.popLast() else {
            message = .nothingToUndo
            return []
        }
        closePageMode()
        message = .annotationChangeUndone(page: changes.first?.page ?? currentPage, remaining: annotationUndo.count)
        return changes.map { .changeAnnotation($0) }
    }

    /// A change could not be made (the journal refused it): it is taken off the undo stack,
    /// and the message says why.
    mutating func annotationChangeFailed(_ change: AnnotationChange, reason: String) {
        // Only the failed change's reverse goes: the other pages' parts of a highlight stay
        // undoable.
        if let entry = annotationUndo.lastIndex(where: { $0.contains { $0.reverses(change) } }),
            let index = annotationUndo[entry].lastIndex(where: { $0.reverses(change) })
        {
            annotationUndo[entry].remove(at: index)
            if annotationUndo[entry].isEmpty { annotationUndo.remove(at: entry) }
        }
        message = .annotationNotMade(reason: reason)
    }
}

extension AnnotationChange {
    /// Whether the change undoes `other`: removing what it added, adding back what it removed,
    /// or setting a note of the annotation it set one of.
    func reverses(_ other: AnnotationChange) -> Bool {
        switch (self, other) {
        case (.remove(let id, _), .add(let annotation)), (.add(let annotation), .remove(let id, _)):
            annotation.id == id
        case (.setNote(let id, _, _, _), .setNote(let otherID, _, _, _)): id == otherID
        default: false
        }
    }
}
