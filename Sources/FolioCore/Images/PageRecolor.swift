/// Dark mode that keeps colour (`set recolor`, `C` toggles): a page's lightness is mapped from
/// paper to ink onto ``dark`` to ``light``, its hue kept, so white paper becomes the dark colour,
/// black ink the light one, and red text stays red. Raster images on the page (photographs,
/// figures drawn as pixels) are left as they are unless ``recolorsImages``; images that together
/// cover most of the page are a picture of the page itself (a scan) and are recoloured with it.
///
/// The text views take the same two colours: ``light`` on ``dark``.
public struct PageRecolor: Sendable, Hashable {
    /// An 8-bit RGB colour.
    public struct Colour: Sendable, Hashable {
        /// The red component.
        public var red: UInt8
        /// The green component.
        public var green: UInt8
        /// The blue component.
        public var blue: UInt8

        /// A colour from its components.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The colour written `#rrggbb` (or `rrggbb`); nil for anything else.
        public init?(hex: String) {
            guard let colour = AnnotationColour(hex: hex) else { return nil }
            func byte(_ component: Double) -> UInt8 { UInt8((component * 255).rounded()) }
            self.init(red: byte(colour.red), green: byte(colour.green), blue: byte(colour.blue))
        }

        /// The colour as `#rrggbb`.
        public var hex: String {
            AnnotationColour(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255).hex
        }
    }

    /// The colour the paper (white) becomes (`set recolor-dark`).
    public var dark: Colour
    /// The colour black ink becomes (`set recolor-light`).
    public var light: Colour
    /// Whether raster images on the page are recoloured too (`set recolor-images`); by default
    /// they are left as they are.
    public var recolorsImages: Bool

    /// The paper's colour unless a file says otherwise: a near-black grey.
    public static let defaultDark = Colour(red: 0x1e, green: 0x1e, blue: 0x1e)
    /// The ink's colour unless a file says otherwise: a light grey, softer than white.
    public static let defaultLight = Colour(red: 0xdc, green: 0xdc, blue: 0xdc)

    /// The share of the page's area from which the page's images together are taken for a
    /// picture of the page itself (a scan, a printer's raster strips, a comic's page) and
    /// recoloured with it: pictures on a page of text leave most of it to the text.
    public static let pageImageShare = 0.9

    /// A recolouring from `dark` (the paper's new colour) to `light` (the ink's).
    public init(dark: Colour = defaultDark, light: Colour = defaultLight, recolorsImages: Bool = false) {
        self.dark = dark
        self.light = light
        self.recolorsImages = recolorsImages
    }

    /// The images of a page `pageWidth` × `pageHeight` points to leave as they are, of those at
    /// `areas` (in points): none when images are recoloured too, or when together they cover at
    /// least ``pageImageShare`` of the page (it is a picture of a page); else all of them.
    public func keptImages(of areas: [TextRect], pageWidth: Double, pageHeight: Double) -> [TextRect] {
        guard !recolorsImages else { return [] }
        // The part of each image on the page: an image may reach past its edges.
        let covered = areas.reduce(0.0) { sum, area in
            let shownWidth = max(min(area.x1, pageWidth) - max(area.x0, 0), 0)
            let shownHeight = max(min(area.y1, pageHeight) - max(area.y0, 0), 0)
            return sum + shownWidth * shownHeight
        }
        return covered >= Self.pageImageShare * pageWidth * pageHeight ? [] : areas
    }
}
