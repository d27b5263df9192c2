/// A picture converted once to palette indices, ready for ``SixelEncoder``: convert a page when
/// it is rendered, keep the result, and encode only the visible rectangle as the view scrolls.
///
/// The palette is chosen "exact first". Every pixel is first reduced to sixel precision (0...100
/// per channel). When the picture then has no more colours than `maxColors`, as rendered text
/// pages do (their anti-aliasing is at most 101 greys), each colour gets its own register and
/// the picture is encoded exactly: no quantising, no dithering. Otherwise the most frequent
/// colours keep registers of their own, the rest are clustered (see ``init(_:maxColors:)``),
/// and each of those colours is drawn with its nearest palette entry.
///
/// `IndexedImage` is `Sendable`: it is an immutable value, and one instance may be encoded from
/// several threads at once.
public struct IndexedImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The colour registers; a pixel's index points into this array. Colours kept exact come
    /// first, most frequent first, so that they get the shortest register numbers.
    public let palette: [SixelColor]
    /// One palette index per pixel, row after row: a byte each when the palette has at most 256
    /// entries (as for every terminal Folio draws on), two bytes otherwise.
    let indices: Indices
    /// Whether every pixel is drawn in exactly its own colour at sixel precision, which is the
    /// case when the picture had no more distinct colours than `maxColors`.
    public let isExact: Bool

    /// The largest `maxColors` accepted: indices are 16-bit.
    public static let maximumPaletteSize = 65536

    /// Palette indices, in the narrowest type that holds them.
    enum Indices: Sendable {
        case narrow([UInt8])
        case wide([UInt16])
    }

    /// The palette index of the pixel at column `x`, row `y`.
    public func paletteIndex(x: Int, y: Int) -> Int {
        switch indices {
        case .narrow(let narrow): Int(narrow[y * width + x])
        case .wide(let wide): Int(wide[y * width + x])
        }
    }

    /// The palette indices, a byte a pixel, row after row, when the palette has at most 256
    /// entries (nil otherwise): what a palette PNG carries.
    public var byteIndices: [UInt8]? {
        switch indices {
        case .narrow(let narrow): narrow
        case .wide: nil
        }
    }

    /// The memory the palette indices take, in bytes.
    public var byteCount: Int {
        switch indices {
        case .narrow(let narrow): narrow.count
        case .wide(let wide): wide.count * 2
        }
    }

    /// Converts `image`, using at most `maxColors` colour registers.
    ///
    /// Pass the terminal's number of colour registers as `maxColors` (xterm reports 1024 by
    /// default, 256 when configured so; a VT340 has 16). When the image has more distinct
    /// colours than that, up to half of the registers go to the most frequent colours that
    /// each cover at least half a register's fair share of the pixels (1/(2 × `maxColors`) of
    /// the image); these stay exact: paper, text, rules, flat fills. The other colours,
    /// weighted by their pixel counts, are split into the remaining registers by variance
    /// cut, a median cut that cuts at the least-error level rather than at the median, and
    /// each is then drawn with its nearest palette entry.
    public init(_ image: RGBImage, maxColors: Int) {
        precondition(1...Self.maximumPaletteSize ~= maxColors, "maxColors must be in 1...65536")
        let histogram = ColorHistogram(image)
        // Dense, like the histogram; only the slots of colours that occur are ever read.
        var indexOfKey = [UInt16](repeating: 0, count: SixelColor.keyCount)
        if histogram.keys.count <= maxColors {
            let keys = Self.byFrequency(histogram.keys, counts: histogram.counts)
            palette = keys.map(SixelColor.init(key:))
            for (index, key) in keys.enumerated() {
                indexOfKey[key] = UInt16(index)
            }
            isExact = true
        } else {
            palette = Self.quantisedPalette(
                histogram, maxColors: maxColors, pixelCount: image.width * image.height, indexOfKey: &indexOfKey)
            isExact = false
        }
        width = image.width
        height = image.height
        if palette.count <= 256 {
            indices = .narrow(Self.indices(of: image, indexOfKey: indexOfKey.map { UInt8(truncatingIfNeeded: $0) }))
        } else {
            indices = .wide(Self.indices(of: image, indexOfKey: indexOfKey))
        }
    }

    private init(width: Int, height: Int, palette: [SixelColor], indices: Indices, isExact: Bool) {
        self.width = width
        self.height = height
        self.palette = palette
        self.indices = indices
        self.isExact = isExact
    }

    /// The same picture with every colour inverted (8-bit `v` becomes `255 − v`), for showing a
    /// page light-on-dark. Only the palette changes, so this costs nothing per pixel.
    public func inverted() -> IndexedImage {
        IndexedImage(
            width: width, height: height, palette: palette.map(\.inverted), indices: indices, isExact: isExact)
    }

    /// `keys` ordered by falling pixel count, ties by key, so that the order is reproducible.
    private static func byFrequency(_ keys: [Int], counts: [UInt32]) -> [Int] {
        keys.sorted { (counts[$1], $0) < (counts[$0], $1) }
    }

    /// Chooses the palette for an image with more colours than registers, and fills
    /// `indexOfKey` for every colour that occurs.
    private static func quantisedPalette(
        _ histogram: ColorHistogram, maxColors: Int, pixelCount: Int, indexOfKey: inout [UInt16]
    ) -> [SixelColor] {
        let smallestExactCount = UInt32(clamping: max(2, pixelCount / (2 * maxColors)))
        let frequentKeys = histogram.keys.filter { histogram.counts[$0] >= smallestExactCount }
        let exactKeys = Array(byFrequency(frequentKeys, counts: histogram.counts).prefix(maxColors / 2))
        let exactKeySet = Set(exactKeys)
        let remaining = histogram.keys.compactMap { key in
            exactKeySet.contains(key) ? nil : WeightedColor(key: key, weight: histogram.counts[key])
        }
        let cut = VarianceCut(colors: remaining, clusterCount: maxColors - exactKeys.count)
        let palette = exactKeys.map(SixelColor.init(key:)) + cut.clusters.map(\.mean)
        for (index, key) in exactKeys.enumerated() {
            indexOfKey[key] = UInt16(index)
        }
        let search = NearestColorSearch(palette: palette)
        for (clusterIndex, cluster) in cut.clusters.enumerated() {
            let mean = exactKeys.count + clusterIndex
            for color in cut.colors[cluster.range] {
                indexOfKey[color.key] = UInt16(search.nearest(to: color.levels, guess: mean))
            }
        }
        return palette
    }

    /// Looks every pixel's colour up in `indexOfKey`.
    private static func indices<Index: FixedWidthInteger & UnsignedInteger>(
        of image: RGBImage, indexOfKey: [Index]
    ) -> [Index] {
        let pixelCount = image.width * image.height
        let keyOfPixel = PixelKeyTable()
        return [Index](unsafeUninitializedCapacity: pixelCount) { indices, initializedCount in
            indexOfKey.withUnsafeBufferPointer { indexOfKey in
                image.pixels.withUnsafeBufferPointer { pixels in
                    var previous = (red: UInt8(0), green: UInt8(0), blue: UInt8(0))
                    var previousIndex: Index = 0
                    for pixel in 0..<pixelCount {
                        let red = pixels[3 * pixel]
                        let green = pixels[3 * pixel + 1]
                        let blue = pixels[3 * pixel + 2]
                        if pixel == 0 || (red, green, blue) != previous {
                            previous = (red, green, blue)
                            previousIndex = indexOfKey[keyOfPixel(red, green, blue)]
                        }
                        indices[pixel] = previousIndex
                    }
                }
            }
            initializedCount = pixelCount
        }
    }
}

extension IndexedImage {
    /// How many greys a compact page keeps (black and white among them).
    public static let compactGreyLevels = 12

    /// A rendered page converted as ``init(_:maxColors:)`` does; when `compact` and the page is
    /// all grey, its greys first reduced to ``compactGreyLevels`` (a text page then takes about
    /// half the sixel bytes, its text still sharp).
    public init(page: RGBImage, maxColors: Int, compact: Bool) {
        let reduced = compact ? page.reducingGreys(to: Self.compactGreyLevels) : nil
        self.init(reduced ?? page, maxColors: maxColors)
    }
}
