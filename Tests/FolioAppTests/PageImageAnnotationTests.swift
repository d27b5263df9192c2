import FolioCore
import FolioDocument
import FolioGraphics
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// `set annotations hide` reaches MuPDF: the image view's renderer draws a page's annotations
/// for a request that shows them and leaves them out for one that hides them, and nothing else
/// about the page changes.
@Suite struct PageImageAnnotationTests {
    /// fpdf2's sample with a note, a highlight and an ink drawing on its one page.
    static let annotated = Corpus.path("pypdf-annotated_pdf.pdf")

    /// The renderer's images for `requests`, in their order, as iTerm2 takes them (RGB).
    private func rendered(_ requests: [RenderRequest], of document: Document) throws -> [RGBImage] {
        let results = Results()
        let renderer = PageImageRenderer(source: document, support: TestGraphics.iterm) { results.add($0) }
        defer { renderer.stop() }
        var images: [RGBImage] = []
        for request in requests {
            renderer.render([request])
            let outcome = try #require(results.next(within: 30), "no image within 30 s")
            guard case .rendered(let done, let entry) = outcome, done == request, case .iterm(let rgb) = entry.image
            else {
                Issue.record("not an image of \(request): \(outcome)")
                return []
            }
            images.append(rgb)
        }
        return images
    }

    @Test func hiddenAnnotationsAreLeftOutOfThePageImageAndNothingElseChanges() throws {
        let document = try Document(path: Self.annotated)
        let annotations = try document.annotations(page: 0)
        #expect(Set(annotations.map(\.kind)) == [.note, .highlight, .ink])
        let shown = RenderRequest(
            page: 0, viewport: ScreenSize(rows: 23, columns: 78), fit: .width, zoom: 1, inverted: false)
        var hidden = shown
        hidden.showsAnnotations = false
        #expect(shown.showsAnnotations && shown != hidden, "two images, cached apart")
        let images = try rendered([shown, hidden], of: document)
        try #require(images.count == 2)
        let (with, without) = (images[0], images[1])
        #expect(with.width == without.width && with.height == without.height && with.width == 780)
        let zoom = Double(with.width) / (try document.pageSize(0).width)
        // Where each annotation is, a pixel or two of its edge allowed for antialiasing.
        let areas = annotations.compactMap { PageImageRenderer.pixelRect(around: $0.rect, zoom: zoom) }
        func isInAnAnnotation(_ x: Int, _ y: Int) -> Bool {
            areas.contains { x >= $0.x - 1 && x < $0.x + $0.width + 1 && y >= $0.y - 1 && y < $0.y + $0.height + 1 }
        }
        var differingInside = Set<Int>()
        var differingOutside: [(Int, Int)] = []
        for y in 0..<with.height {
            for x in 0..<with.width {
                let at = (y * with.width + x) * 3
                let apart = (0..<3).map { abs(Int(with.pixels[at + $0]) - Int(without.pixels[at + $0])) }.max() ?? 0
                guard apart > 3 else { continue }
                if isInAnAnnotation(x, y) {
                    differingInside.formUnion(areas.indices.filter { areas[$0].contains(x: x, y: y) })
                } else {
                    differingOutside.append((x, y))
                }
            }
        }
        #expect(
            differingOutside.isEmpty, "first pixels that differ away from annotations: \(differingOutside.prefix(5))")
        #expect(differingInside == Set(areas.indices), "each annotation is drawn only when shown")
    }
}

extension PixelRect {
    fileprivate func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}

/// The renderer's outcomes, as its thread hands them over.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var outcomes: [PageImageRenderer.Outcome] = []

    func add(_ outcome: PageImageRenderer.Outcome) {
        lock.withLock { outcomes.append(outcome) }
        arrived.signal()
    }

    /// The next outcome, waiting up to `seconds` for it.
    func next(within seconds: Double) -> PageImageRenderer.Outcome? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { outcomes.removeFirst() }
    }
}
