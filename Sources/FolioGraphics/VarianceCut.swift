/// A colour with the number of pixels that have it.
struct WeightedColor {
    var key: Int
    var levels: SIMD3<Int32>
    var weight: UInt32

    init(key: Int, weight: UInt32) {
        let color = SixelColor(key: key)
        self.key = key
        levels = SIMD3(Int32(color.red), Int32(color.green), Int32(color.blue))
        self.weight = weight
    }
}

/// Splits a set of weighted colours into a given number of clusters, each represented by the
/// weighted mean of its colours.
///
/// This is median cut with a better cut: the cluster with the largest squared error is split
/// across its channel of greatest variance, at the level that leaves the least squared error
/// along that channel (found from a 101-bin histogram, so no sorting), rather than at the median.
struct VarianceCut {
    /// The colours, reordered so that each cluster is a contiguous range.
    private(set) var colors: [WeightedColor]
    /// The clusters, as ranges of ``colors``.
    private(set) var clusters: [Cluster]

    struct Cluster {
        var range: Range<Int>
        var weight: Double = 0
        var sum = SIMD3<Double>(repeating: 0)
        var sumOfSquares = SIMD3<Double>(repeating: 0)
        var lowest = SIMD3<Int32>(repeating: 100)
        var highest = SIMD3<Int32>(repeating: 0)

        init(range: Range<Int>, colors: UnsafeMutableBufferPointer<WeightedColor>) {
            self.range = range
            for index in range {
                let color = colors[index]
                let weight = Double(color.weight)
                let levels = SIMD3<Double>(color.levels)
                self.weight += weight
                sum += weight * levels
                sumOfSquares += weight * levels * levels
                lowest = pointwiseMin(lowest, color.levels)
                highest = pointwiseMax(highest, color.levels)
            }
        }

        /// Weighted variance times weight, per channel.
        var squaredError: SIMD3<Double> { sumOfSquares - sum * sum / weight }

        var totalSquaredError: Double {
            let error = squaredError
            return error.x + error.y + error.z
        }

        var isSplittable: Bool { any(lowest .< highest) }

        /// The weighted mean, rounded to sixel levels.
        var mean: SixelColor {
            // Adding ½ and truncating rounds these non-negative means without calling libm.
            let mean = SIMD3<Int32>(sum / weight + 0.5)
            return SixelColor(red: UInt8(mean.x), green: UInt8(mean.y), blue: UInt8(mean.z))
        }
    }

    init(colors: [WeightedColor], clusterCount: Int) {
        precondition(!colors.isEmpty && clusterCount >= 1)
        var colors = colors
        var clusters: [Cluster] = []
        colors.withUnsafeMutableBufferPointer { colors in
            clusters.append(Cluster(range: 0..<colors.count, colors: colors))
            while clusters.count < clusterCount {
                var worst: Int?
                var worstError = 0.0
                for (index, cluster) in clusters.enumerated() where cluster.isSplittable {
                    let error = cluster.totalSquaredError
                    if worst == nil || error > worstError {
                        worst = index
                        worstError = error
                    }
                }
                guard let worst else { break }
                let (first, second) = Self.split(clusters[worst], colors: colors)
                clusters[worst] = first
                clusters.append(second)
            }
        }
        self.colors = colors
        self.clusters = clusters
    }

    private static func split(
        _ cluster: Cluster, colors: UnsafeMutableBufferPointer<WeightedColor>
    ) -> (Cluster, Cluster) {
        // The channel of greatest variance among those that still have more than one level.
        let error = cluster.squaredError
        var channel = -1
        for candidate in 0..<3 where cluster.lowest[candidate] < cluster.highest[candidate] {
            if channel < 0 || error[candidate] > error[channel] { channel = candidate }
        }
        var weightAtLevel = [Double](repeating: 0, count: 101)
        for index in cluster.range {
            weightAtLevel[Int(colors[index].levels[channel])] += Double(colors[index].weight)
        }
        // Cutting after `level` leaves sumOfSquares − (S₁²/W₁ + S₂²/W₂) along the channel;
        // maximise the bracket. Both sides are non-empty because lowest ≤ level < highest.
        let lowest = Int(cluster.lowest[channel])
        let highest = Int(cluster.highest[channel])
        let totalWeight = cluster.weight
        let totalSum = cluster.sum[channel]
        var leftWeight = 0.0
        var leftSum = 0.0
        var bestLevel = lowest
        var bestScore = -Double.infinity
        for level in lowest..<highest {
            leftWeight += weightAtLevel[level]
            leftSum += weightAtLevel[level] * Double(level)
            guard leftWeight > 0 else { continue }
            let rightWeight = totalWeight - leftWeight
            let rightSum = totalSum - leftSum
            let score = leftSum * leftSum / leftWeight + rightSum * rightSum / rightWeight
            if score > bestScore {
                bestScore = score
                bestLevel = level
            }
        }
        var boundary = cluster.range.lowerBound
        for index in cluster.range where colors[index].levels[channel] <= Int32(bestLevel) {
            colors.swapAt(index, boundary)
            boundary += 1
        }
        return (
            Cluster(range: cluster.range.lowerBound..<boundary, colors: colors),
            Cluster(range: boundary..<cluster.range.upperBound, colors: colors)
        )
    }
}
