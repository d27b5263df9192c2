/// TEMPORARY stand-in until the FolioCore sources land.
public struct TextRect: Sendable, Equatable {
    public var x0, y0, x1, y1: Double
    public init(x0: Double, y0: Double, x1: Double, y1: Double) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
}
public struct TextChar: Sendable, Equatable {
    public var scalar: Unicode.Scalar; public var box: TextRect; public var size: Double
    public init(scalar: Unicode.Scalar, box: TextRect, size: Double) { self.scalar = scalar; self.box = box; self.size = size }
}
public struct TextLine: Sendable, Equatable {
    public var chars: [TextChar]; public var box: TextRect
    public init(chars: [TextChar], box: TextRect) { self.chars = chars; self.box = box }
    public var text: String { var s = ""; s.unicodeScalars.append(contentsOf: chars.map(\.scalar)); return s }
}
public struct TextBlock: Sendable, Equatable {
    public var lines: [TextLine]; public var box: TextRect
    public init(lines: [TextLine], box: TextRect) { self.lines = lines; self.box = box }
}
public struct PageText: Sendable, Equatable {
    public var width: Double; public var height: Double; public var blocks: [TextBlock]
    public init(width: Double, height: Double, blocks: [TextBlock]) { self.width = width; self.height = height; self.blocks = blocks }
}
public enum TerminalSafeText {
    public static func sanitized(_ s: String, keeping allowed: Set<Unicode.Scalar> = []) -> String {
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            if (c.value < 0x20 || (0x7F...0x9F).contains(c.value)) && !allowed.contains(c) { out.append("\u{FFFD}") } else { out.append(c) }
        }
        return String(out)
    }
}
