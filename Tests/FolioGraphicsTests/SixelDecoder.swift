/// A deliberately strict decoder for the sixel subset FolioGraphics writes, so that the tests can
/// check the encoder's output pixel by pixel without a terminal.
///
/// It accepts `ESC P params q`, raster attributes straight after the `q`, colour definitions
/// `#n;2;r;g;b`, selections `#n`, sixels `?`…`~`, repeats `!count sixel`, `$`, `-` and `ESC \`,
/// and throws on anything else. It also records facts the format tests assert on.
struct DecodedSixel {
    /// The DCS parameters before `q`.
    var parameters: [Int] = []
    /// Raster attributes: aspect numerator and denominator, width, height.
    var raster: [Int] = []
    var width: Int { raster[2] }
    var height: Int { raster[3] }
    /// RGB, three bytes per pixel; each level `q` turned back into `round(q × 255 / 100)`.
    var pixels: [UInt8] = []
    /// How many times each pixel was painted.
    var paintCounts: [Int] = []
    /// The colour registers defined, in order of definition.
    var definedRegisters: [Int] = []
    /// For each band, the registers selected in it, in order.
    var registersSelectedInBand: [[Int]] = [[]]
    /// The largest `!` repeat count.
    var largestRepeat = 0
    /// Whether a `-` came straight before the string terminator.
    var endsWithBandSeparator = false

    /// The 8-bit value a terminal shows for sixel level `level`.
    static func byte(fromLevel level: Int) -> UInt8 {
        UInt8((level * 255 + 50) / 100)
    }

    init(_ bytes: [UInt8]) throws(SixelDecodingError) {
        var reader = ByteReader(bytes: bytes)
        try reader.expect(0x1B)
        try reader.expect(UInt8(ascii: "P"))
        parameters = try reader.numbers()
        try reader.expect(UInt8(ascii: "q"))
        try reader.expect(UInt8(ascii: "\""))
        raster = try reader.numbers()
        guard raster.count == 4, raster[0] >= 1, raster[1] >= 1 else { throw .badRaster(raster) }
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        paintCounts = [Int](repeating: 0, count: width * height)

        var colors: [Int: (UInt8, UInt8, UInt8)] = [:]
        var current: Int?
        var x = 0
        var top = 0
        var previous: UInt8 = 0
        while true {
            let byte = try reader.next()
            switch byte {
            case 0x1B:
                try reader.expect(UInt8(ascii: "\\"))
                endsWithBandSeparator = previous == UInt8(ascii: "-")
                guard reader.isAtEnd else { throw .trailingBytes }
                return
            case UInt8(ascii: "#"):
                let numbers = try reader.numbers()
                if numbers.count == 5 {
                    guard numbers[1] == 2, numbers[2...].allSatisfy({ (0...100).contains($0) }) else {
                        throw .badColor(numbers)
                    }
                    colors[numbers[0]] = (
                        Self.byte(fromLevel: numbers[2]), Self.byte(fromLevel: numbers[3]),
                        Self.byte(fromLevel: numbers[4])
                    )
                    definedRegisters.append(numbers[0])
                    current = numbers[0]
                } else if numbers.count == 1 {
                    guard colors[numbers[0]] != nil else { throw .undefinedRegister(numbers[0]) }
                    current = numbers[0]
                    registersSelectedInBand[registersSelectedInBand.count - 1].append(numbers[0])
                } else {
                    throw .badColor(numbers)
                }
            case UInt8(ascii: "!"):
                let numbers = try reader.numbers()
                guard numbers.count == 1 else { throw .badRepeat }
                largestRepeat = max(largestRepeat, numbers[0])
                let sixel = try reader.next()
                guard (63...126).contains(sixel) else { throw .unexpected(sixel) }
                for _ in 0..<numbers[0] {
                    try paint(sixel, x: x, top: top, color: current.flatMap { colors[$0] })
                    x += 1
                }
            case 63...126:
                try paint(byte, x: x, top: top, color: current.flatMap { colors[$0] })
                x += 1
            case UInt8(ascii: "$"):
                x = 0
            case UInt8(ascii: "-"):
                x = 0
                top += 6
                registersSelectedInBand.append([])
            default:
                throw .unexpected(byte)
            }
            previous = byte
        }
    }

    private mutating func paint(
        _ sixel: UInt8, x: Int, top: Int, color: (UInt8, UInt8, UInt8)?
    ) throws(SixelDecodingError) {
        let bits = Int(sixel) - 63
        guard bits != 0 else { return }
        guard let color else { throw .noColorSelected }
        guard x < width else { throw .outOfBounds(x: x, y: top) }
        for bit in 0..<6 where bits & (1 << bit) != 0 {
            let y = top + bit
            guard y < height else { throw .outOfBounds(x: x, y: y) }
            let pixel = y * width + x
            pixels[3 * pixel] = color.0
            pixels[3 * pixel + 1] = color.1
            pixels[3 * pixel + 2] = color.2
            paintCounts[pixel] += 1
        }
    }
}

enum SixelDecodingError: Error, Equatable {
    case truncated
    case unexpected(UInt8)
    case badRaster([Int])
    case badColor([Int])
    case badRepeat
    case undefinedRegister(Int)
    case noColorSelected
    case outOfBounds(x: Int, y: Int)
    case trailingBytes
}

private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func next() throws(SixelDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func expect(_ byte: UInt8) throws(SixelDecodingError) {
        let actual = try next()
        guard actual == byte else { throw .unexpected(actual) }
    }

    /// Decimal numbers separated by `;`, as in `1;1;800;600`.
    mutating func numbers() throws(SixelDecodingError) -> [Int] {
        var numbers: [Int] = []
        var current: Int?
        while offset < bytes.count {
            let byte = bytes[offset]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            } else if byte == UInt8(ascii: ";") {
                numbers.append(current ?? 0)
                current = nil
            } else {
                break
            }
            offset += 1
        }
        if let current { numbers.append(current) }
        return numbers
    }
}
