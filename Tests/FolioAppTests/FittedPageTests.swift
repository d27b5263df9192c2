import FolioCommandLine
import FolioDocument
import FolioGraphics
import FolioTestSupport
import Testing

@testable import FolioApp

/// A page fitted to a box of cells, as `--image --size` and `--preview` both send it: never
/// past the box, covering whole cells, and for sixel in whole six-pixel bands.
@Suite struct FittedPageTests {
    /// A letter page (612 × 792 pt), a 649 × 323 pt strip and a letter page on its side.
    let sizes = Corpus.path("pdfjs-sizes.pdf")

    /// Boxes whose pixel heights are no multiple of six (40 rows of 17 px is Konsole's 680 px,
    /// drawn as 684) and boxes that the page fills across (the strip, and the page on its side).
    static let boxes: [(columns: Int, rows: Int, cell: PixelSize)] = [
        (80, 40, PixelSize(width: 8, height: 17)), (60, 30, PixelSize(width: 10, height: 20)),
        (60, 20, PixelSize(width: 10, height: 20)), (33, 17, PixelSize(width: 7, height: 15)),
        (120, 35, PixelSize(width: 9, height: 19)), (31, 61, PixelSize(width: 11, height: 23)),
    ]

    @Test(arguments: boxes)
    func sixelIsWholeBandsWithinTheBox(box: (columns: Int, rows: Int, cell: PixelSize)) throws {
        let document = try Document(path: sizes)
        for page in 0..<(try document.pageCount) {
            let fitted = try FittedPage.fit(
                document: document, page: page, box: Options.CellBox(columns: box.columns, rows: box.rows),
                cell: box.cell, sixelBands: true)
            let label = "page \(page + 1) in \(box.columns)×\(box.rows) cells of \(box.cell.width)×\(box.cell.height)"
            #expect(fitted.image.height % 6 == 0, "\(label): \(fitted.image.height) px high")
            #expect(fitted.image.height <= box.rows * box.cell.height, "\(label): \(fitted.image.height) px high")
            #expect(fitted.image.width <= box.columns * box.cell.width, "\(label): \(fitted.image.width) px wide")
            #expect(fitted.columns <= box.columns && fitted.rows <= box.rows, "\(label)")
        }
    }

    /// For kitty and iTerm2 (and half blocks) the image is exactly its cells, and they are never
    /// more than the box: MuPDF rounds a page's edges outwards, a pixel past the box.
    @Test(arguments: boxes)
    func cellsAreNeverMoreThanTheBox(box: (columns: Int, rows: Int, cell: PixelSize)) throws {
        let document = try Document(path: sizes)
        for page in 0..<(try document.pageCount) {
            let fitted = try FittedPage.fit(
                document: document, page: page, box: Options.CellBox(columns: box.columns, rows: box.rows),
                cell: box.cell, sixelBands: false)
            let label = "page \(page + 1) in \(box.columns)×\(box.rows) cells of \(box.cell.width)×\(box.cell.height)"
            #expect(
                fitted.columns <= box.columns && fitted.rows <= box.rows, "\(label): \(fitted.columns)×\(fitted.rows)")
            #expect(fitted.image.width == fitted.columns * box.cell.width, "\(label)")
            #expect(fitted.image.height == fitted.rows * box.cell.height, "\(label)")
            // The page fills the box one way: its cells reach the box's edge across or down.
            #expect(
                fitted.columns == box.columns || fitted.rows == box.rows, "\(label): \(fitted.columns)×\(fitted.rows)")
        }
    }

    /// A render a pixel wider than the box (MuPDF's outward rounding) is cut to the box, not
    /// given a cell more; a sixel page keeps to the cells that hold it when whole bands fit
    /// there, else takes the fewest pixel rows beyond, never past the box's last whole band.
    @Test func extentIsCutToTheBoxAndSixelToBands() {
        let cell = PixelSize(width: 10, height: 17)
        let box = Options.CellBox(columns: 60, rows: 40)
        let wide = FittedPage.extent(rendered: 601, by: 500, box: box, cell: cell, sixelBands: false)
        #expect(wide == FittedPage.Extent(width: 600, height: 510, columns: 60, rows: 30))
        // 40 rows of 17 px: 680 px, 678 of them whole bands; a render 679 px high loses a row.
        let tall = FittedPage.extent(rendered: 310, by: 679, box: box, cell: cell, sixelBands: true)
        #expect(tall == FittedPage.Extent(width: 310, height: 678, columns: 31, rows: 40))
        // 500 px of page on 30 rows (510 px): 510 is 85 bands, within the cells.
        let within = FittedPage.extent(rendered: 601, by: 500, box: box, cell: cell, sixelBands: true)
        #expect(within == FittedPage.Extent(width: 600, height: 510, columns: 60, rows: 30))
        // 86 px of page on 6 rows (102 px): 102 is 17 bands.
        let small = FittedPage.extent(rendered: 50, by: 86, box: box, cell: cell, sixelBands: true)
        #expect(small == FittedPage.Extent(width: 50, height: 102, columns: 5, rows: 6))
        // Cells of 20 px: 101 px of page on 6 rows (120 px, 20 bands).
        let twenty = PixelSize(width: 10, height: 20)
        let bands = FittedPage.extent(rendered: 50, by: 101, box: box, cell: twenty, sixelBands: true)
        #expect(bands == FittedPage.Extent(width: 50, height: 120, columns: 5, rows: 6))
        // 16 px of page in a row of 17: 12 px (two bands) cut the page, so 18, into a second row.
        let beyond = FittedPage.extent(rendered: 50, by: 16, box: box, cell: cell, sixelBands: true)
        #expect(beyond == FittedPage.Extent(width: 50, height: 18, columns: 5, rows: 2))
    }
}
