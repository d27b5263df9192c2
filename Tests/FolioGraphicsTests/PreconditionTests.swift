import FolioGraphics
import Testing

/// Caller mistakes stop the program at once rather than produce a sixel a terminal mis-draws.
@Suite struct PreconditionTests {
    @Test func rectangleOutsideTheImageStops() async {
        await #expect(processExitsWith: .failure) {
            let image = RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 12))
            _ = SixelEncoder.encode(IndexedImage(image, maxColors: 4), rect: PixelRect(x: 1, y: 1, width: 2, height: 1))
        }
    }

    @Test func pixelBufferOfTheWrongSizeStops() async {
        await #expect(processExitsWith: .failure) {
            _ = RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 11))
        }
    }

    @Test func zeroRegistersStops() async {
        await #expect(processExitsWith: .failure) {
            _ = IndexedImage(RGBImage(width: 1, height: 1, pixels: [0, 0, 0]), maxColors: 0)
        }
    }

    @Test func sixelLevelAbove100Stops() async {
        await #expect(processExitsWith: .failure) {
            _ = SixelColor(red: 101, green: 0, blue: 0)
        }
    }
}
