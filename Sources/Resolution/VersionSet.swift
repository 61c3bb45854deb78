/// A finite set of candidate versions of one package, as a bitset over the package's sorted
/// candidate list (bit `i` = the `i`-th oldest version). Exact for every CocoaPods requirement,
/// whatever its shape, because membership is decided version by version.
struct VersionSet: Hashable, Sendable {
    /// Bits 0..<64.
    private(set) var low: UInt64 = 0
    /// Bits 64 and up, 64 per word; no trailing zero words, so equal sets are equal values.
    private(set) var high: [UInt64] = []

    init() {}

    /// The first `count` indices.
    init(count: Int) {
        if count >= 64 {
            low = ~0
            var rest = count - 64
            while rest >= 64 {
                high.append(~0)
                rest -= 64
            }
            if rest > 0 { high.append((1 << UInt64(rest)) - 1) }
        } else if count > 0 {
            low = (1 << UInt64(count)) - 1
        }
    }

    init(index: Int) {
        insert(index)
    }

    private func word(_ k: Int) -> UInt64 {
        k == 0 ? low : (k - 1 < high.count ? high[k - 1] : 0)
    }

    private mutating func trim() {
        while let last = high.last, last == 0 { high.removeLast() }
    }

    var isEmpty: Bool { low == 0 && high.isEmpty }

    var count: Int { high.reduce(low.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }

    func contains(_ i: Int) -> Bool {
        (word(i >> 6) >> UInt64(i & 63)) & 1 == 1
    }

    mutating func insert(_ i: Int) {
        let k = i >> 6
        let bit: UInt64 = 1 << UInt64(i & 63)
        if k == 0 {
            low |= bit
        } else {
            while high.count < k { high.append(0) }
            high[k - 1] |= bit
        }
    }

    func intersection(_ other: VersionSet) -> VersionSet {
        var result = VersionSet()
        result.low = low & other.low
        if !high.isEmpty && !other.high.isEmpty {
            let n = min(high.count, other.high.count)
            result.high = (0..<n).map { high[$0] & other.high[$0] }
            result.trim()
        }
        return result
    }

    func union(_ other: VersionSet) -> VersionSet {
        var result = VersionSet()
        result.low = low | other.low
        if !high.isEmpty || !other.high.isEmpty {
            let n = max(high.count, other.high.count)
            result.high = (0..<n).map { word($0 + 1) | other.word($0 + 1) }
        }
        return result
    }

    func subtracting(_ other: VersionSet) -> VersionSet {
        var result = VersionSet()
        result.low = low & ~other.low
        if !high.isEmpty {
            result.high = (0..<high.count).map { high[$0] & ~other.word($0 + 1) }
            result.trim()
        }
        return result
    }

    func isSubset(of other: VersionSet) -> Bool {
        if low & ~other.low != 0 { return false }
        for k in 0..<high.count where high[k] & ~other.word(k + 1) != 0 { return false }
        return true
    }

    func isDisjoint(with other: VersionSet) -> Bool {
        if low & other.low != 0 { return false }
        for k in 0..<min(high.count, other.high.count) where high[k] & other.high[k] != 0 { return false }
        return true
    }

    /// The highest index in the set (the newest version).
    var last: Int? {
        for k in stride(from: high.count, through: 0, by: -1) {
            let w = word(k)
            if w != 0 { return k * 64 + 63 - w.leadingZeroBitCount }
        }
        return nil
    }

    /// Every index, ascending.
    var indices: [Int] {
        var result: [Int] = []
        for k in 0...high.count {
            var w = word(k)
            while w != 0 {
                result.append(k * 64 + w.trailingZeroBitCount)
                w &= w - 1
            }
        }
        return result
    }
}
