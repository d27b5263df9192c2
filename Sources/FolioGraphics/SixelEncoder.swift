import Dispatch

/// Turns an ``IndexedImage``, or a rectangle of it, into a complete sixel image: the bytes to
/// write to a terminal at the cursor position.
///
/// The output is `ESC P 0;0;0 q`, the raster attributes `"1;1;W;H` (square pixels, the
/// rectangle's size), one `#n;2;r;g;b` for each palette entry used inside the rectangle, the
/// bands of six rows separated by `-` (none after the last), and `ESC \`. Within a band each
/// colour present is selected with `#n` and drawn with run-length-encoded sixels (`!count`
/// for runs of four or more, counts at most 255), colours separated by `$`; the band's busiest
/// colour comes first, as one solid run across the band when that is shorter, and the others
/// paint over it. Register numbers
/// are palette indices, so the image needs as many registers as it has palette entries, which
/// ``IndexedImage/init(_:maxColors:)`` bounds.
///
/// `SixelEncoder` is a namespace without state and is `Sendable`.
public enum SixelEncoder: Sendable {
    /// Bands encoded by one task when encoding in parallel: enough work to outweigh the task's
    /// scratch space, few enough that a page splits into many tasks.
    private static let bandsPerTask = 8

    /// Encodes `rect` of `image` (the whole image when nil) as a sixel image.
    ///
    /// - Parameters:
    ///   - rect: The part of the image to draw, within its bounds; the sixel image has its size.
    ///   - parallel: Whether to encode groups of bands on several threads. The bytes are the
    ///     same either way.
    public static func encode(_ image: IndexedImage, rect: PixelRect? = nil, parallel: Bool = true) -> [UInt8] {
        let rect = rect ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        precondition(
            rect.x >= 0 && rect.y >= 0 && rect.width >= 0 && rect.height >= 0
                && rect.x + rect.width <= image.width && rect.y + rect.height <= image.height,
            "the rectangle must lie within the image")
        let bandCount = rect.width == 0 ? 0 : (rect.height + 5) / 6
        let taskCount = (bandCount + bandsPerTask - 1) / bandsPerTask
        let parts: [EncodedBands]
        if parallel && taskCount > 1 {
            let results = TaskResults(count: taskCount)
            DispatchQueue.concurrentPerform(iterations: taskCount) { task in
                let bands = task * bandsPerTask..<min(bandCount, (task + 1) * bandsPerTask)
                results.store(encodeBands(bands, of: image, rect: rect), for: task)
            }
            parts = results.parts
        } else {
            parts = [encodeBands(0..<bandCount, of: image, rect: rect)]
        }
        var output = header(image: image, rect: rect, parts: parts)
        output.reserveCapacity(output.count + parts.reduce(2) { $0 + $1.bytes.count })
        for part in parts {
            output += part.bytes
        }
        output += [0x1B, UInt8(ascii: "\\")]
        return output
    }

    private static func encodeBands(_ bands: Range<Int>, of image: IndexedImage, rect: PixelRect) -> EncodedBands {
        var writer = SixelBandWriter(image: image, rect: rect)
        for band in bands {
            writer.writeBand(band)
        }
        return writer.finish()
    }

    /// The introducer, raster attributes and the definitions of the colours the bands use.
    private static func header(image: IndexedImage, rect: PixelRect, parts: [EncodedBands]) -> [UInt8] {
        var used = [Bool](repeating: false, count: image.palette.count)
        for part in parts {
            for (color, isUsed) in part.usedColors.enumerated() where isUsed {
                used[color] = true
            }
        }
        var text = "\u{1B}P0;0;0q\"1;1;\(rect.width);\(rect.height)"
        for (index, color) in image.palette.enumerated() where used[index] {
            text += "#\(index);2;\(color.red);\(color.green);\(color.blue)"
        }
        return Array(text.utf8)
    }
}

/// The results of a parallel encode, one slot per task.
///
/// `@unchecked Sendable` is sound here: each task writes only its own slot, and the slots are
/// read only after `DispatchQueue.concurrentPerform` has returned, which waits for every task.
/// Raw storage rather than an array keeps the writes from being simultaneous accesses to one
/// array value.
private final class TaskResults: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<EncodedBands?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ part: EncodedBands, for task: Int) {
        slots[task] = part
    }

    /// Every task's result, in task order; call only after all tasks have finished.
    var parts: [EncodedBands] { slots.map { $0! } }
}
