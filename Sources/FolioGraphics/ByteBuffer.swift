/// A growable byte array for the encoder's inner loop: appending a byte is a store and an
/// increment, without `Array`'s uniqueness and capacity checks on every byte. Callers reserve
/// room for a short write, then append without checks.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `extra` more bytes.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(2 * capacity, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends a byte; room for it must have been reserved.
    mutating func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Appends `value` in decimal; `value` must be in 0..<100_000 and room for five bytes reserved.
    mutating func appendDecimal(_ value: Int) {
        var divisor = 10000
        while divisor > value && divisor > 1 {
            divisor /= 10
        }
        var remainder = value
        while divisor > 0 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder / divisor))
            remainder %= divisor
            divisor /= 10
        }
    }

    /// Drops the bytes after the first `count`, which must be at most ``count``.
    mutating func truncate(to count: Int) {
        precondition(0...self.count ~= count, "truncating past the end")
        self.count = count
    }

    /// The bytes appended so far.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
