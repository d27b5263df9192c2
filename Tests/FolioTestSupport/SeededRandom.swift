/// A small, fast random number generator with a seed (SplitMix64), so that fuzz-style tests are
/// deterministic: the same seed gives the same inputs on every machine and every run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// One of `choices`, picked uniformly.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }

    /// A Unicode scalar, drawn mostly from the ranges that trouble terminals and layouts: C0 and
    /// C1 controls, ESC, DEL, combining marks, wide CJK, zero-width and format characters,
    /// spaces of every kind, emoji, private use and the largest code points.
    public mutating func troublesomeScalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x1F, 0x1B...0x1B, 0x20...0x7E, 0x7F...0x9F, 0xA0...0xFF, 0x300...0x36F,
            0x1100...0x11FF, 0x2000...0x206F, 0x3000...0x30FF, 0x4E00...0x9FFF, 0xFE00...0xFE0F,
            0xFEFF...0xFEFF, 0xFFF0...0xFFFD, 0x1F300...0x1F9FF, 0xE000...0xF8FF, 0x10FFF0...0x10FFFF,
        ]
        let range = pick(ranges)
        let value = UInt32.random(in: range, using: &self)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// A string of `count` scalars from ``troublesomeScalar()``.
    public mutating func troublesomeString(count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            scalars.append(troublesomeScalar())
        }
        return String(scalars)
    }

    /// A coordinate that is usually ordinary and sometimes absurd: negative, zero, tiny, huge,
    /// infinite or not a number.
    public mutating func troublesomeDouble() -> Double {
        switch Int.random(in: 0..<12, using: &self) {
        case 0: .nan
        case 1: .infinity
        case 2: -.infinity
        case 3: .greatestFiniteMagnitude
        case 4: -Double(Float.greatestFiniteMagnitude)
        case 5: Double(Float.leastNonzeroMagnitude)
        case 6: 0
        case 7: Double.random(in: -1e12...1e12, using: &self)
        default: Double.random(in: -10...1000, using: &self)
        }
    }
}
