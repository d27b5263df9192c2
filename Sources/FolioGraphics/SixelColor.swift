/// A colour as a sixel colour register holds it: red, green and blue each in 0...100,
/// the precision of `#n;2;r;g;b`.
///
/// `SixelColor` is `Sendable`: it is a plain value.
public struct SixelColor: Hashable, Sendable {
    /// Red, 0...100.
    public let red: UInt8
    /// Green, 0...100.
    public let green: UInt8
    /// Blue, 0...100.
    public let blue: UInt8

    /// The largest channel value sixel can express.
    public static let maximumLevel: UInt8 = 100

    /// A colour from channels already in sixel precision; each must be at most 100.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        precondition(
            red <= Self.maximumLevel && green <= Self.maximumLevel && blue <= Self.maximumLevel,
            "sixel channels are 0...100")
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The sixel colour nearest to an 8-bit RGB colour: each channel `v` becomes `round(v × 100 / 255)`.
    ///
    /// A terminal turns a level `q` back into `round(q × 255 / 100)`, so the round trip moves a
    /// channel by at most 1.275 of its 8-bit steps.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8) {
        self.red = Self.level(of: red8)
        self.green = Self.level(of: green8)
        self.blue = Self.level(of: blue8)
    }

    /// The colour with every channel `q` replaced by `100 − q`.
    ///
    /// This is exactly the sixel colour of the 8-bit inverse `255 − v`: `v × 100 / 255` is never
    /// half-way between two integers, so rounding commutes with the inversion.
    public var inverted: SixelColor {
        SixelColor(
            red: Self.maximumLevel - red, green: Self.maximumLevel - green, blue: Self.maximumLevel - blue)
    }

    /// The 8-bit value a terminal shows for sixel level `level` (at most 100): `round(level × 255 / 100)`.
    public static func byte(ofLevel level: UInt8) -> UInt8 {
        UInt8((UInt32(level) * 255 + 50) / 100)
    }

    /// `round(value × 100 / 255)` in integers; exact because the quotient is never half-way.
    static func level(of value: UInt8) -> UInt8 {
        UInt8((UInt32(value) * 100 + 127) / 255)
    }

    /// The number of distinct sixel colours: 101 levels in each of three channels.
    static let keyCount = 101 * 101 * 101

    /// A dense number for this colour in `0..<keyCount`, used to index histograms.
    var key: Int { Int(red) * 10201 + Int(green) * 101 + Int(blue) }

    /// The colour whose ``key`` is `key`.
    init(key: Int) {
        self.red = UInt8(key / 10201)
        self.green = UInt8(key / 101 % 101)
        self.blue = UInt8(key % 101)
    }
}
