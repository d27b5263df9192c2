/// Finds the palette entry nearest to a colour (squared distance in sixel levels).
///
/// The palette is kept sorted by green, the search starts from a good guess and widens outwards
/// in green only while the green difference alone could still beat the best distance found.
struct NearestColorSearch {
    private let levelsByIndex: [SIMD3<Int32>]
    private let sortedLevels: [SIMD3<Int32>]
    private let sortedIndices: [Int]

    init(palette: [SixelColor]) {
        let levels = palette.map { SIMD3(Int32($0.red), Int32($0.green), Int32($0.blue)) }
        let order = levels.indices.sorted { (levels[$0].y, $0) < (levels[$1].y, $1) }
        levelsByIndex = levels
        sortedIndices = order
        sortedLevels = order.map { levels[$0] }
    }

    /// The index of the palette entry nearest to `levels`; `guess`, any palette index, only
    /// speeds the search up.
    func nearest(to levels: SIMD3<Int32>, guess: Int) -> Int {
        var best = guess
        var bestDistance = Self.distance(levels, levelsByIndex[guess])
        // First entry whose green is at least the colour's green.
        var low = 0
        var high = sortedLevels.count
        while low < high {
            let middle = (low + high) / 2
            if sortedLevels[middle].y < levels.y { low = middle + 1 } else { high = middle }
        }
        var up = low
        while up < sortedLevels.count {
            let green = sortedLevels[up].y - levels.y
            if green * green >= bestDistance { break }
            let distance = Self.distance(levels, sortedLevels[up])
            if distance < bestDistance {
                bestDistance = distance
                best = sortedIndices[up]
            }
            up += 1
        }
        var down = low - 1
        while down >= 0 {
            let green = levels.y - sortedLevels[down].y
            if green * green >= bestDistance { break }
            let distance = Self.distance(levels, sortedLevels[down])
            if distance < bestDistance {
                bestDistance = distance
                best = sortedIndices[down]
            }
            down -= 1
        }
        return best
    }

    private static func distance(_ a: SIMD3<Int32>, _ b: SIMD3<Int32>) -> Int32 {
        let difference = a &- b
        return (difference &* difference).wrappedSum()
    }
}
