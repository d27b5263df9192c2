extension Int {
    /// `value` rounded toward zero and kept within `bounds`: the nearer bound for a value beyond
    /// them (an infinity included), and 0 kept within them for NaN. For numbers from outside
    /// (a document's page size or a glyph's box, times a zoom), where `Int(value)` would trap.
    init(_ value: Double, clampedTo bounds: ClosedRange<Int>) {
        if value.isNaN {
            self = Swift.min(Swift.max(0, bounds.lowerBound), bounds.upperBound)
        } else if value <= Double(bounds.lowerBound) {
            self = bounds.lowerBound
        } else if value >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            self = Int(value)
        }
    }
}
