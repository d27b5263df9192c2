/// The sixel data of a run of consecutive bands, and which palette entries it uses.
struct EncodedBands: Sendable {
    var bytes: [UInt8]
    var usedColors: [Bool]
}

/// Encodes consecutive six-row bands of an ``IndexedImage`` into sixel data, keeping its scratch
/// space from band to band. Each parallel task has its own writer.
///
/// A band is encoded in one pass over its pixels. Each column adds, for every colour present in
/// it, an entry (column, six bits); an entry that continues the same colour's previous entry with
/// the same bits just grows longer, so the paper of a text page costs a few entries per band, not
/// one per column. The entries are then grouped by colour with a counting sort, and each colour
/// present is written as `#n` and its run-length-encoded sixels. Colours absent from a band cost
/// nothing, however large the palette.
///
/// Sixel paints only the 1 bits of a sixel, and `$` lets the next colour paint over the band
/// again, so the band's busiest colour (the one with the most entries: the paper of a text page)
/// goes first as one solid run across the band when that is shorter than its own sixels, and
/// every other colour then paints its pixels over it. On a text page that pass is otherwise the
/// costliest, full of the glyphs' holes: 9% of an exact page's bytes, 15% of a compact one's.
///
/// The scratch space is raw memory because this is the encoder's inner loop: `Array` would check
/// uniqueness on every store. The pointers are `var` although they never change because Swift
/// 6.3 crashes ("Invalid bitcast") compiling `let` pointer properties of this noncopyable type
/// with `-sanitize=thread`.
struct SixelBandWriter: ~Copyable {
    private let image: IndexedImage
    private let rect: PixelRect
    private var output: ByteBuffer
    private var usedColors: [Bool]

    /// The entries of the band being encoded, in column order: first column, length in columns,
    /// colour, bits (bit 0 is the top row).
    private var entryColumns: UnsafeMutablePointer<Int32>
    private var entryLengths: UnsafeMutablePointer<Int32>
    private var entryColors: UnsafeMutablePointer<UInt16>
    private var entryBits: UnsafeMutablePointer<UInt8>
    private var entryCount = 0
    /// The same entries grouped by colour, each group still in column order.
    private var groupedColumns: UnsafeMutablePointer<Int32>
    private var groupedLengths: UnsafeMutablePointer<Int32>
    private var groupedBits: UnsafeMutablePointer<UInt8>
    /// Per palette entry: its number of entries in the band, then where its group starts.
    private var entriesOfColor: UnsafeMutablePointer<Int32>
    /// Per palette entry present in the band: its latest entry.
    private var latestEntryOfColor: UnsafeMutablePointer<Int32>
    /// The colours present in the band being encoded.
    private var bandColors: UnsafeMutablePointer<UInt16>
    private var bandColorCount = 0
    /// The bits of a sixel covering every row of the band being encoded (fewer than six rows in
    /// the last band of a picture whose height is not a multiple of six).
    private var bandRows: UInt8 = 0
    /// The distinct colours of one column, and their bits.
    private var columnColors: UnsafeMutablePointer<UInt16>
    private var columnBits: UnsafeMutablePointer<UInt8>

    init(image: IndexedImage, rect: PixelRect) {
        self.image = image
        self.rect = rect
        let capacity = max(rect.width * 6, 1)
        let paletteSize = max(image.palette.count, 1)
        output = ByteBuffer(capacity: rect.width * 8)
        usedColors = [Bool](repeating: false, count: image.palette.count)
        entryColumns = .allocate(capacity: capacity)
        entryLengths = .allocate(capacity: capacity)
        entryColors = .allocate(capacity: capacity)
        entryBits = .allocate(capacity: capacity)
        groupedColumns = .allocate(capacity: capacity)
        groupedLengths = .allocate(capacity: capacity)
        groupedBits = .allocate(capacity: capacity)
        entriesOfColor = .allocate(capacity: paletteSize)
        entriesOfColor.initialize(repeating: 0, count: paletteSize)
        latestEntryOfColor = .allocate(capacity: paletteSize)
        bandColors = .allocate(capacity: min(paletteSize, capacity))
        columnColors = .allocate(capacity: 6)
        columnBits = .allocate(capacity: 6)
    }

    deinit {
        entryColumns.deallocate()
        entryLengths.deallocate()
        entryColors.deallocate()
        entryBits.deallocate()
        groupedColumns.deallocate()
        groupedLengths.deallocate()
        groupedBits.deallocate()
        entriesOfColor.deallocate()
        latestEntryOfColor.deallocate()
        bandColors.deallocate()
        columnColors.deallocate()
        columnBits.deallocate()
    }

    /// Appends band `band` (counted from the top of the rectangle), preceded by the `-` that
    /// ends the previous band unless it is the first.
    mutating func writeBand(_ band: Int) {
        if band > 0 {
            output.reserve(1)
            output.append(UInt8(ascii: "-"))
        }
        collectEntries(band)
        groupEntriesByColor()
        writeColors()
    }

    /// The bands written, and the palette entries they use.
    consuming func finish() -> EncodedBands {
        EncodedBands(bytes: output.bytes, usedColors: usedColors)
    }

    private mutating func collectEntries(_ band: Int) {
        entryCount = 0
        bandColorCount = 0
        let top = rect.y + 6 * band
        bandRows = UInt8((1 << min(6, rect.y + rect.height - top)) - 1)
        switch image.indices {
        case .narrow(let indices):
            indices.withUnsafeBufferPointer { collectEntries(from: $0.baseAddress!, top: top) }
        case .wide(let indices):
            indices.withUnsafeBufferPointer { collectEntries(from: $0.baseAddress!, top: top) }
        }
    }

    /// Adds the entries of the band whose top row is `top`, reading the indices at `indices`.
    @inline(__always)
    private mutating func collectEntries<Index: FixedWidthInteger & UnsignedInteger>(
        from indices: UnsafePointer<Index>, top: Int
    ) {
        let rowCount = min(6, rect.y + rect.height - top)
        let allRows = UInt8((1 << rowCount) - 1)
        let stride = image.width
        let pixels = indices + top * stride + rect.x
        for column in 0..<rect.width {
            let pixel = pixels + column
            let first = UInt16(pixel[0])
            var row = 1
            while row < rowCount && UInt16(pixel[row * stride]) == first {
                row += 1
            }
            if row == rowCount {
                addEntry(column: Int32(column), color: first, bits: allRows)
                continue
            }
            // Rows 0..<row have the first colour; sort out the rest of the column.
            columnColors[0] = first
            columnBits[0] = UInt8((1 << row) - 1)
            var distinct = 1
            while row < rowCount {
                let color = UInt16(pixel[row * stride])
                var slot = 0
                while slot < distinct && columnColors[slot] != color {
                    slot += 1
                }
                if slot == distinct {
                    columnColors[slot] = color
                    columnBits[slot] = 0
                    distinct += 1
                }
                columnBits[slot] |= 1 << row
                row += 1
            }
            for slot in 0..<distinct {
                addEntry(column: Int32(column), color: columnColors[slot], bits: columnBits[slot])
            }
        }
    }

    private mutating func addEntry(column: Int32, color: UInt16, bits: UInt8) {
        let colorIndex = Int(color)
        if entriesOfColor[colorIndex] > 0 {
            let latest = Int(latestEntryOfColor[colorIndex])
            if entryBits[latest] == bits && entryColumns[latest] + entryLengths[latest] == column {
                entryLengths[latest] += 1
                return
            }
        } else {
            bandColors[bandColorCount] = color
            bandColorCount += 1
        }
        entryColumns[entryCount] = column
        entryLengths[entryCount] = 1
        entryColors[entryCount] = color
        entryBits[entryCount] = bits
        latestEntryOfColor[colorIndex] = Int32(entryCount)
        entriesOfColor[colorIndex] += 1
        entryCount += 1
    }

    private mutating func groupEntriesByColor() {
        var colors = UnsafeMutableBufferPointer(start: bandColors, count: bandColorCount)
        colors.sort()
        var end: Int32 = 0
        for position in 0..<bandColorCount {
            let color = Int(bandColors[position])
            end += entriesOfColor[color]
            entriesOfColor[color] = end
        }
        // Fill each group from its end backwards, so that groups stay in column order and each
        // colour's counter ends at the start of its group.
        var entry = entryCount - 1
        while entry >= 0 {
            let color = Int(entryColors[entry])
            entriesOfColor[color] -= 1
            let slot = Int(entriesOfColor[color])
            groupedColumns[slot] = entryColumns[entry]
            groupedLengths[slot] = entryLengths[entry]
            groupedBits[slot] = entryBits[entry]
            entry -= 1
        }
    }

    private mutating func writeColors() {
        guard bandColorCount > 0 else { return }
        var busiest = 0
        for position in 1..<bandColorCount where entries(at: position).count > entries(at: busiest).count {
            busiest = position
        }
        writeColor(at: busiest, first: true)
        for position in 0..<bandColorCount where position != busiest {
            writeColor(at: position, first: false)
        }
        for position in 0..<bandColorCount {
            entriesOfColor[Int(bandColors[position])] = 0
        }
    }

    /// The grouped entries of the band's colour at `position` in `bandColors`.
    private func entries(at position: Int) -> Range<Int> {
        let start = Int(entriesOfColor[Int(bandColors[position])])
        let end = position + 1 < bandColorCount ? Int(entriesOfColor[Int(bandColors[position + 1])]) : entryCount
        return start..<end
    }

    /// Writes `#n` and the sixels of the band's colour at `position`; the `first` colour is
    /// written as a solid run across the band instead when that is shorter, since every colour
    /// after it paints over it.
    private mutating func writeColor(at position: Int, first: Bool) {
        let color = Int(bandColors[position])
        output.reserve(7)
        if !first { output.append(UInt8(ascii: "$")) }
        output.append(UInt8(ascii: "#"))
        output.appendDecimal(color)
        let start = output.count
        writeSixels(entries(at: position))
        if first && output.count - start > Self.runByteCount(rect.width) {
            output.truncate(to: start)
            appendRun(UInt8(ascii: "?") + bandRows, Int32(rect.width))
        }
        usedColors[color] = true
    }

    /// The bytes ``appendRun(_:_:)`` writes for a run of `length` sixels.
    private static func runByteCount(_ length: Int) -> Int {
        let remainder = length % 255
        let last = remainder >= 4 ? 2 + (remainder >= 100 ? 3 : remainder >= 10 ? 2 : 1) : remainder
        return length / 255 * 5 + last
    }

    /// Writes one colour's sixels: blank sixels (`?`) in the gaps between its entries, and every
    /// run of four or more equal sixels as `!count` + sixel.
    private mutating func writeSixels(_ group: Range<Int>) {
        let blank = UInt8(ascii: "?")
        var column: Int32 = 0
        var runSixel = blank
        var runLength: Int32 = 0
        for slot in group {
            let gap = groupedColumns[slot] - column
            if gap > 0 {
                if runSixel != blank {
                    appendRun(runSixel, runLength)
                    runSixel = blank
                    runLength = 0
                }
                runLength += gap
            }
            let sixel = blank + groupedBits[slot]
            if sixel == runSixel {
                runLength += groupedLengths[slot]
            } else {
                appendRun(runSixel, runLength)
                runSixel = sixel
                runLength = groupedLengths[slot]
            }
            column = groupedColumns[slot] + groupedLengths[slot]
        }
        appendRun(runSixel, runLength)
    }

    /// Some terminals reject repeat counts above 255, so longer runs are split.
    private mutating func appendRun(_ sixel: UInt8, _ length: Int32) {
        var remaining = Int(length)
        output.reserve(5 * (remaining / 255 + 1))
        while remaining >= 4 {
            let count = min(remaining, 255)
            output.append(UInt8(ascii: "!"))
            output.appendDecimal(count)
            output.append(sixel)
            remaining -= count
        }
        while remaining > 0 {
            output.append(sixel)
            remaining -= 1
        }
    }
}
