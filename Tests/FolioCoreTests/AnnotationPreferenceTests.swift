import FolioCore
import Testing

/// The annotation settings FolioCore holds: the four highlight presets, the preferences'
/// defaults, and `set annotations hide` reaching the image view's render requests.
@Suite struct AnnotationPreferenceTests {
    @Test func thePresetsAreTheFourNamedColoursInTheOrderNumbersPickThem() {
        #expect(AnnotationColour.presets.map(\.name) == ["yellow", "green", "blue", "pink"])
        #expect(AnnotationColour.presets.map(\.colour.hex) == ["#ffe94d", "#8fe388", "#7ec8f2", "#f7a1c4"])
        // The same colours as written in a configuration file.
        for preset in AnnotationColour.presets {
            #expect(AnnotationColour(hex: preset.colour.hex) == preset.colour, "\(preset.name)")
        }
    }

    @Test func byDefaultAnnotationsShowHighlightsAreYellowAndTheAuthorIsTheLoginName() {
        let preferences = ReaderPreferences()
        #expect(preferences.showsAnnotations)
        #expect(preferences.highlightColour == AnnotationColour(hex: "#ffe94d"))
        #expect(preferences.annotationAuthor == nil)
        #expect(AnnotationStorePreference.allCases.map(\.rawValue) == ["pdf", "sidecar"])
    }

    private func imageRequests(showingAnnotations shows: Bool) -> [RenderRequest] {
        var preferences = ReaderPreferences()
        preferences.showsAnnotations = shows
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 3), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), preferences: preferences,
            imageAvailability: .available(label: "image"))
        _ = state.start()
        return state.handle(.key(.tab)).flatMap { effect -> [RenderRequest] in
            if case .renderPages(let requests) = effect { return requests }
            return []
        }
    }

    @Test func theImageViewAsksForPagesWithOrWithoutAnnotationsAsSet() {
        let shown = imageRequests(showingAnnotations: true)
        let hidden = imageRequests(showingAnnotations: false)
        #expect(shown.map(\.page) == [0, 1] && hidden.map(\.page) == [0, 1])
        #expect(shown.allSatisfy { $0.showsAnnotations })
        #expect(hidden.allSatisfy { !$0.showsAnnotations })
        // Otherwise the same page at the same size, but another image: the cache keeps both.
        var unhidden = hidden[0]
        unhidden.showsAnnotations = true
        #expect(unhidden == shown[0])
        #expect(Set([shown[0], hidden[0]]).count == 2)
    }
}
