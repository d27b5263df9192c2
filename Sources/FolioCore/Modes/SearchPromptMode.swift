/// The search prompt (`/`, Ctrl-R): printable characters type the pattern, the prompt's table
/// gives the rest; Enter starts the search (ReaderState+Search.swift) and the match count.
extension ReaderState {
    /// Opens the prompt, empty, to search in `direction`.
    mutating func openSearchPrompt(_ direction: SearchDirection, extending selection: TextSelection? = nil) {
        mode = .searchPrompt(SearchPrompt(editor: LineEditor(), direction: direction, selection: selection))
    }

    /// The prompt's pattern, typed in a text selection: the selection's cursor goes to the
    /// pattern's next match on the pages held (the background search is not started).
    private mutating func extend(_ selection: TextSelection, toMatchOf prompt: SearchPrompt) -> [ReaderEffect] {
        mode = .textSelection(selection)
        guard !prompt.text.isEmpty else { return [] }
        guard adopt(prompt) != nil else { return [.recordSearch(prompt.text)] }
        return [.recordSearch(prompt.text)]
            + perform(prompt.direction == .forward ? .nextMatch : .previousMatch, on: selection)
    }

    /// Takes the prompt's pattern as the last search (kept in the history), or says why it is
    /// no pattern and gives nil.
    fileprivate mutating func adopt(_ prompt: SearchPrompt) -> SearchPattern? {
        search.history.record(prompt.text)
        if let error = SearchPattern.regexError(in: prompt.text) {
            message = .badPattern(pattern: prompt.text, error: error)
            return nil
        }
        let pattern = SearchPattern(prompt.text)
        search.lastSearch = pattern
        search.lastSearchDirection = prompt.direction
        return pattern
    }

    /// Keys typed into the search prompt: printable characters type the pattern, the prompt's
    /// table gives the rest.
    mutating func handleSearchPromptKey(_ key: Key, prompt: SearchPrompt) -> [ReaderEffect] {
        var prompt = prompt
        if case .character(let scalar) = key {
            prompt.editor.insert(String(Character(scalar)))
            mode = .searchPrompt(prompt)
            return []
        }
        switch searchPromptKeymap.command(for: key) {
        case .shared(let edit):
            prompt.editor.perform(edit, history: search.history.entries)
            mode = .searchPrompt(prompt)
        case .own(.cancel):
            mode = prompt.selection.map { .textSelection($0) } ?? .reading
        case .own(.deleteBackward):
            let stays = prompt.editor.deleteBackward() || !prompt.editor.isEmpty
            mode = stays ? .searchPrompt(prompt) : prompt.selection.map { .textSelection($0) } ?? .reading
        case .own(.accept):
            if let selection = prompt.selection {
                return extend(selection, toMatchOf: prompt)
            }
            mode = .reading
            return searchFor(prompt)
        case nil:
            break
        }
        return []
    }
}

extension ReaderState {
    /// Searches for `prompt`'s pattern (the last one again when it is empty), counting its
    /// matches, as Enter in the prompt does.
    mutating func searchFor(_ prompt: SearchPrompt) -> [ReaderEffect] {
        guard !prompt.text.isEmpty else {
            return search.lastSearch == nil ? [] : repeatSearch(direction: prompt.direction)
        }
        guard let pattern = adopt(prompt) else { return [.recordSearch(prompt.text)] }
        var effects: [ReaderEffect] = [.recordSearch(prompt.text)]
        if search.matchTally?.pattern != pattern {
            let request = MatchCountRequest(id: search.takeCountID(), pattern: pattern)
            search.matchTally = MatchTally(id: request.id, pattern: pattern, pageCount: paging.pageCount)
            search.deferredCount = request
        }
        effects += startSearch(direction: prompt.direction, includingLinesOnScreen: true)
        // The count waits for a background search to end, so it never slows the search.
        if search.runningSearch == nil {
            effects += startDeferredCount()
        }
        // Page images mark the matches: the ones on screen are asked for again.
        return effects + refreshImages()
    }
}

/// The prompt for a search pattern, open on the status line.
public struct SearchPrompt: Sendable, Equatable {
    /// The pattern being typed.
    public internal(set) var editor: LineEditor
    public let direction: SearchDirection
    /// The text selection the prompt was opened in, whose cursor the match moves to; nil for
    /// a search of the document.
    public let selection: TextSelection?

    /// The pattern typed so far.
    public var text: String { editor.text }
}
