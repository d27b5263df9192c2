public import FolioCore

extension RGBImage {
    /// This picture in `recolor`'s dark mode, the pixels within `kept` (the page's images, in
    /// this picture's pixels) left as they are.
    ///
    /// Each pixel's lightness `L` (Rec. 601 luma, 0 for black, 1 for white) becomes the colour
    /// `1 - L` of the way from ``PageRecolor/dark`` to ``PageRecolor/light``: paper becomes the
    /// dark colour, ink the light one. The pixel's colour beyond its grey (its chroma, each channel
    /// minus `L`) is added back, scaled down only as far as the result must stay within 0…255,
    /// so that its hue is kept: a scaled chroma on a grey has the same hue, and red text stays red.
    public func recolored(_ recolor: PageRecolor, keeping kept: [PixelRect] = []) -> RGBImage {
        let mapping = LightnessMapping(recolor)
        var output = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var index = 0
                while index < source.count {
                    let red = source[index]
                    let green = source[index + 1]
                    let blue = source[index + 2]
                    let mapped: (UInt8, UInt8, UInt8)
                    if red == green, green == blue {
                        mapped = mapping.greys[Int(red)]
                    } else {
                        mapped = mapping.colour(red: red, green: green, blue: blue)
                    }
                    target[index] = mapped.0
                    target[index + 1] = mapped.1
                    target[index + 2] = mapped.2
                    index += 3
                }
            }
        }
        for rect in kept {
            let left = min(max(rect.x, 0), width)
            let right = min(max(rect.x + rect.width, left), width)
            let top = min(max(rect.y, 0), height)
            let bottom = min(max(rect.y + rect.height, top), height)
            guard left < right else { continue }
            for y in top..<bottom {
                let range = ((y * width + left) * 3)..<((y * width + right) * 3)
                output.replaceSubrange(range, with: pixels[range])
            }
        }
        return RGBImage(width: width, height: height, pixels: output)
    }
}

/// ``RGBImage/recolored(_:keeping:)``'s arithmetic: the colour each lightness maps to, and the
/// chroma added back.
private struct LightnessMapping {
    /// The dark colour's components, 0…1.
    let dark: (Double, Double, Double)
    /// The light colour's components minus the dark one's.
    let span: (Double, Double, Double)
    /// The mapped colour of each grey, most pixels of a page, worked out once.
    let greys: [(UInt8, UInt8, UInt8)]

    init(_ recolor: PageRecolor) {
        func unit(_ colour: PageRecolor.Colour) -> (Double, Double, Double) {
            (Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
        }
        let dark = unit(recolor.dark)
        let light = unit(recolor.light)
        let span = (light.0 - dark.0, light.1 - dark.1, light.2 - dark.2)
        self.dark = dark
        self.span = span
        greys = (0...255).map { grey in
            let inverse = 1 - Double(grey) / 255
            return (
                Self.byte(dark.0 + inverse * span.0), Self.byte(dark.1 + inverse * span.1),
                Self.byte(dark.2 + inverse * span.2)
            )
        }
    }

    /// The mapped colour of a pixel that is not grey.
    func colour(red: UInt8, green: UInt8, blue: UInt8) -> (UInt8, UInt8, UInt8) {
        let components = (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
        let lightness = 0.299 * components.0 + 0.587 * components.1 + 0.114 * components.2
        let inverse = 1 - lightness
        let base = (dark.0 + inverse * span.0, dark.1 + inverse * span.1, dark.2 + inverse * span.2)
        let chroma = (components.0 - lightness, components.1 - lightness, components.2 - lightness)
        // The largest share of the chroma, up to all of it, that keeps every channel in 0…1.
        var scale = 1.0
        for (value, offset) in [(base.0, chroma.0), (base.1, chroma.1), (base.2, chroma.2)] {
            if offset > 0 {
                scale = min(scale, (1 - value) / offset)
            } else if offset < 0 {
                scale = min(scale, value / -offset)
            }
        }
        scale = max(scale, 0)
        return (
            Self.byte(base.0 + scale * chroma.0), Self.byte(base.1 + scale * chroma.1),
            Self.byte(base.2 + scale * chroma.2)
        )
    }

    /// `value` (0…1) as a byte, rounded, clamped.
    private static func byte(_ value: Double) -> UInt8 {
        UInt8(min(max((value * 255).rounded(), 0), 255))
    }
}
