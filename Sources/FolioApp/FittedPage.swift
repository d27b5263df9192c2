import FolioCommandLine
import FolioDocument
import FolioGraphics

/// A page rendered for a box of cells (`--image --size` and `--preview`): as large as fits in
/// the box with its proportions kept, then made exactly the pixels of the `columns` × `rows`
/// cells it covers (white paper added below or right), never more than the box, so that the
/// terminal draws it pixel for pixel, scaling nothing and past nothing.
struct FittedPage {
    /// The page, white beyond its edges to the cells' edges.
    var image: RGBImage
    /// The image's width in cells, at most the box's.
    var columns: Int
    /// The image's height in cells, at most the box's.
    var rows: Int

    /// The extent of a fitted page: its image's size in pixels and in cells.
    struct Extent: Equatable {
        var width: Int
        var height: Int
        var columns: Int
        var rows: Int
    }

    /// Page `page` of `document` fitted in `box` cells of `cell` pixels; with `sixelBands`, its
    /// height is whole bands of six pixel rows within the box (a terminal draws a sixel
    /// image's last band whole: Konsole drew a page 680 px tall as 684, past a box of 40 rows
    /// of 17 px).
    static func fit(
        document: Document, page: Int, box: Options.CellBox, cell: PixelSize, sixelBands: Bool,
        cancellation: Cancellation? = nil
    ) throws(DocumentError) -> FittedPage {
        let points = try document.pageSize(page)
        let zoom = zoom(page: points, box: box, cell: cell, sixelBands: sixelBands)
        let rendered = try document.render(page: page, zoom: zoom, cancellation: cancellation)
        let image = RGBImage(width: rendered.width, height: rendered.height, pixels: rendered.pixels)
        let extent = extent(rendered: image.width, by: image.height, box: box, cell: cell, sixelBands: sixelBands)
        return FittedPage(
            image: image.extended(toWidth: extent.width, height: extent.height), columns: extent.columns,
            rows: extent.rows)
    }

    /// The zoom (1 = 72 dpi) that makes a page of `page` points as large as fits in `box` cells
    /// of `cell` pixels, or, with `sixelBands`, in the box's whole six-pixel bands.
    static func zoom(page: PageSize, box: Options.CellBox, cell: PixelSize, sixelBands: Bool) -> Double {
        min(
            Double(box.columns * cell.width) / max(page.width, 1),
            Double(heightLimit(box: box, cell: cell, sixelBands: sixelBands)) / max(page.height, 1))
    }

    /// The extent of a page rendered `width` × `height` pixels at ``zoom(page:box:cell:sixelBands:)``:
    /// cut to the box (MuPDF rounds a page's edges outwards, and a pixel too many must not take
    /// a cell more) and padded to the cells it covers. With `sixelBands` the height is whole
    /// bands: the most within those cells that hold the page, else the fewest beyond them, never
    /// past the box's last whole band.
    static func extent(
        rendered width: Int, by height: Int, box: Options.CellBox, cell: PixelSize, sixelBands: Bool
    ) -> Extent {
        let keptWidth = min(width, box.columns * cell.width)
        let keptHeight = min(height, heightLimit(box: box, cell: cell, sixelBands: sixelBands))
        let columns = max((keptWidth + cell.width - 1) / cell.width, 1)
        var rows = max((keptHeight + cell.height - 1) / cell.height, 1)
        var paddedHeight = rows * cell.height
        if sixelBands {
            let withinCells = paddedHeight / 6 * 6
            paddedHeight = withinCells >= keptHeight ? withinCells : (keptHeight + 5) / 6 * 6
            rows = min((paddedHeight + cell.height - 1) / cell.height, box.rows)
        }
        return Extent(width: columns * cell.width, height: paddedHeight, columns: columns, rows: rows)
    }

    /// The most pixel rows a fitted page may have: the box's, or with `sixelBands` its whole
    /// six-pixel bands (at least one).
    private static func heightLimit(box: Options.CellBox, cell: PixelSize, sixelBands: Bool) -> Int {
        let height = box.rows * cell.height
        return sixelBands ? max(height / 6 * 6, 6) : height
    }
}

extension FittedPage {
    /// The kitty command showing this page, `png` being its image, at the cursor (`a=T`): at its
    /// own pixels when the cell size is known (given or measured), so that it is drawn unscaled
    /// over exactly its cells; fitted to its cells (`c`, `r`) when the cell size was assumed, so
    /// that a wrong guess cannot spill past the box (kitty then scales it, by the real cell over
    /// the assumed one).
    func kittyDisplay(png: [UInt8], cellKnown: Bool) -> [UInt8] {
        KittyGraphics.display(png: png, cells: cellKnown ? nil : (columns, rows))
    }

    /// The iTerm2 image showing this page, `png` being its image, at the cursor: told to fit its
    /// cells keeping its shape (`preserveAspectRatio=1`), which for a PNG exactly their pixels
    /// is its own size, and never past them when the cell size was guessed wrong.
    func itermImage(png: [UInt8]) -> [UInt8] {
        ITermImage.encode(png: png, fitting: columns, rows: rows)
    }
}

/// The cell size a batch image (`--image --size`, `--preview`) is rendered for, decided without
/// asking the terminal anything: `--cell-size`, else the window's pixels over its cells
/// (TIOCGWINSZ, a system call), else ``GraphicsSupport/assumedCell``.
struct BatchCell: Equatable {
    /// One cell in pixels.
    var pixels: PixelSize
    /// Whether ``pixels`` was given or measured; false when it was assumed.
    var known: Bool

    /// `given` (`--cell-size`), else `window`'s pixels divided by its cells (TIOCGWINSZ's
    /// fields, zero where the terminal does not fill them in), else assumed.
    static func of(given: PixelSize?, window: (cells: (columns: Int, rows: Int), pixels: PixelSize)) -> BatchCell {
        if let given { return BatchCell(pixels: given, known: true) }
        let (cells, pixels) = window
        if cells.columns > 0, cells.rows > 0, pixels.width >= cells.columns, pixels.height >= cells.rows {
            return BatchCell(
                pixels: PixelSize(width: pixels.width / cells.columns, height: pixels.height / cells.rows), known: true)
        }
        return BatchCell(pixels: GraphicsSupport.assumedCell, known: false)
    }
}
