import FolioCore
import Foundation
import Testing

@testable import FolioState

@Suite struct AnnotationSidecarTests {
    static let hash = String(repeating: "ab12", count: 16)

    @Test func theSidecarLivesInTheDataFolderByContentHash() {
        #expect(
            AnnotationSidecar.standardPath(contentHash: Self.hash, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/folio/annotations/\(Self.hash).json")
        #expect(
            AnnotationSidecar.standardPath(contentHash: Self.hash.uppercased(), environment: ["HOME": "/h"])
                == "/h/.local/share/folio/annotations/\(Self.hash).json")
        #expect(
            AnnotationSidecar.standardPath(contentHash: Self.hash, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
                == "/h/.local/share/folio/annotations/\(Self.hash).json")
        #expect(AnnotationSidecar.standardPath(contentHash: Self.hash, environment: [:]) == nil)
    }

    /// Every change kind, through the file and back, with every field kept.
    @Test func changesRoundTripThroughTheFile() throws {
        let state = try StateScratch()
        let path = try #require(
            AnnotationSidecar.standardPath(contentHash: Self.hash, environment: ["XDG_DATA_HOME": state.path]))
        let sidecar = AnnotationSidecar(path: path)
        #expect(try sidecar.annotations() == [])
        for change in SampleAnnotations.changes {
            try sidecar.apply(change, document: "/books/paper.epub")
        }
        try sidecar.apply(.add(SampleAnnotations.highlight(1)), document: "/books/paper.epub")
        try sidecar.apply(.remove(AnnotationID("#404"), page: 3), document: "/books/paper.epub")
        var expected = SampleAnnotations.highlight(1)
        expected.note = "changed"
        expected.modified = AnnotationTime(secondsSince1970: 1_800_000_000)
        #expect(try AnnotationSidecar(path: path).annotations() == [expected])
        let text = String(decoding: state.bytes(path), as: UTF8.self)
        #expect(text.contains(#""document" : "/books/paper.epub""#))
        #expect(text.contains(##""colour" : "#ffd400""##))
    }

    @Test func aPendingChangeAppliedTwiceChangesNothing() {
        let list = [SampleAnnotations.highlight(1), SampleAnnotations.note(2)]
        #expect(AnnotationSidecar.applying(.add(SampleAnnotations.highlight(1)), to: list) == list)
        #expect(AnnotationSidecar.applying(.remove(AnnotationID("#3"), page: 1), to: list) == list)
        #expect(
            AnnotationSidecar.applying(.setNote(AnnotationID("#3"), page: 1, note: "x", modified: nil), to: list)
                == list)
        let removed = AnnotationSidecar.applying(.remove(AnnotationID("#2"), page: 1), to: list)
        #expect(AnnotationSidecar.applying(.remove(AnnotationID("#2"), page: 1), to: removed) == removed)
    }

    /// A file Folio did not write is left as it was and said to be damaged.
    @Test(arguments: ["not json", #"{"format":2,"document":"x","annotations":[]}"#, #"{"format":1}"#])
    func aDamagedSidecarIsLeftAlone(text: String) throws {
        let state = try StateScratch()
        let path = state.path + "/sidecar.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let sidecar = AnnotationSidecar(path: path)
        #expect(throws: AnnotationStateError.unreadableSidecar(path)) { try sidecar.annotations() }
        #expect(throws: AnnotationStateError.unreadableSidecar(path)) {
            try sidecar.apply(.add(SampleAnnotations.highlight(1)), document: "/a.cbz")
        }
        #expect(state.bytes(path) == Array(text.utf8))
    }
}
