/// The hue and saturation of 8-bit RGB colours, as HSV defines them, for tests that check a
/// colour kept its hue through a change of lightness (dark mode).
public enum ColourHue {
    /// The hue of (`red`, `green`, `blue`) in degrees, 0 ≤ hue < 360; nil for a grey.
    public static func degrees(red: UInt8, green: UInt8, blue: UInt8) -> Double? {
        let (r, g, b) = (Double(red), Double(green), Double(blue))
        let largest = max(r, g, b)
        let smallest = min(r, g, b)
        let spread = largest - smallest
        guard spread > 0 else { return nil }
        let sector: Double
        if largest == r {
            sector = (g - b) / spread
        } else if largest == g {
            sector = (b - r) / spread + 2
        } else {
            sector = (r - g) / spread + 4
        }
        let hue = sector * 60
        return hue < 0 ? hue + 360 : hue
    }

    /// How far apart two hues are around the circle, in degrees (0…180).
    public static func distance(_ first: Double, _ second: Double) -> Double {
        let apart = abs(first - second).truncatingRemainder(dividingBy: 360)
        return min(apart, 360 - apart)
    }

    /// The HSV saturation of (`red`, `green`, `blue`), 0 for a grey to 1.
    public static func saturation(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        let largest = Double(max(red, green, blue))
        guard largest > 0 else { return 0 }
        return (largest - Double(min(red, green, blue))) / largest
    }
}
