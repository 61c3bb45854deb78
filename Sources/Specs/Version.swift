import Support

/// A CocoaPods version (`Pod::Version`, which builds on RubyGems' `Gem::Version`).
///
/// Grammar: `[0-9]+(\.[0-9a-zA-Z-]+)*(\+[0-9a-zA-Z.-]+)?`, surrounding white space ignored:
/// `1.5pre`, `1.last`, `5.0.0.beta.1`, `7.1.0-fac-beta-1.0.0`, `1.0.0+meta` are all versions.
///
/// Semantics, exactly as cocoapods-core 1.17.0 behaves:
/// - `==`, `>=` and `<=` compare *segments*: numeric segments with trailing zeros dropped
///   (`1` == `1.0` == `1.0.0`), then prerelease segments (a version with prerelease segments sorts
///   before the same version without); `+metadata` is ignored.
/// - `<`, `>` and sorting use the full comparison, which falls back to comparing the strings when
///   the segments tie: so `1.0.0 > 1.0` is true although `1.0.0 == 1.0` (the `> 1.0` quirk).
/// - Numeric segments may be arbitrarily long; they never overflow.
package struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One run of digits or of letters.
    package enum Segment: Sendable, Hashable {
        /// Decimal digits with leading zeros removed ("0" for zero).
        case number(String)
        case string(String)

        var isNumber: Bool { if case .number = self { true } else { false } }
    }

    /// The version as written, trimmed of surrounding white space.
    package let string: String
    /// The usual version (at most four segments, all numbers below 10,000: `1.2.0`, `2024.11.3`)
    /// needs no allocation: its numbers, 14 bits each from the most significant bit down, missing
    /// ones zero (so two such versions compare as integers), then 8 bits: the number of segments
    /// (`1.0` has two; `bump` and `release` depend on it) and the prerelease flag. Any other
    /// version keeps its segments in `general` and only the flag here. A `Version` is 32 bytes.
    private let packed: UInt64
    private let general: Segments?

    private static let prereleaseBit: UInt64 = 8

    /// Whether the version (metadata removed) contains a letter or a `-`.
    package var isPrerelease: Bool { packed & Self.prereleaseBit != 0 }
    /// The numbers of the packed form, comparable as integers.
    private var packedNumbers: UInt64 { packed >> 8 }

    /// The segments of a version that does not pack.
    private final class Segments: Sendable {
        /// All segments, metadata removed.
        let all: [Segment]
        /// Leading numeric segments with trailing zeros dropped.
        let numeric: [Segment]
        /// Everything from the first letter segment on.
        let prerelease: [Segment]

        init(_ all: [Segment]) {
            self.all = all
            var numeric = Array(all.prefix { $0.isNumber })
            while let last = numeric.last, last == .number("0") { numeric.removeLast() }
            self.numeric = numeric
            prerelease = Array(all.drop { $0.isNumber })
        }
    }

    /// All segments, metadata removed.
    var segments: [Segment] {
        general?.all ?? Self.unpack(packed, count: Int(packed & 7))
    }
    /// Leading numeric segments with trailing zeros dropped.
    var numericSegments: [Segment] {
        if let general { return general.numeric }
        var all = Self.unpack(packed, count: 4)
        while let last = all.last, last == .number("0") { all.removeLast() }
        return all
    }
    /// Everything from the first letter segment on.
    var prereleaseSegments: [Segment] { general?.prerelease ?? [] }

    package enum ParseError: ComposeFailure, Equatable {
        case malformed(String)
        package var kind: FailureKind { .input }
        package var description: String {
            switch self {
            case .malformed(let text):
                return
                    "Malformed version number string \"\(text)\": a version is numbers separated by dots, optionally followed by letters or a '-' prerelease part and '+metadata' (for example 1.2.0, 2.0.0-beta.1)."
            }
        }
    }

    package init(_ text: String) throws(ParseError) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard Version.isWellFormed(trimmed) else { throw .malformed(text) }
        self.string = trimmed
        let withoutMetadata: Substring
        if let plus = trimmed.utf8.firstIndex(of: 43) {
            withoutMetadata = trimmed[..<plus]
        } else {
            withoutMetadata = Substring(trimmed)
        }
        let flag =
            withoutMetadata.utf8.contains { $0 == 45 || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
            ? Self.prereleaseBit : 0
        if let value = Version.pack(withoutMetadata) {
            packed = value | flag
            general = nil
        } else {
            packed = flag
            general = Segments(Version.scanSegments(withoutMetadata))
        }
    }

    /// The packed form (flag clear) of a well-formed version without metadata, when it has one.
    private static func pack(_ s: Substring) -> UInt64? {
        var value: UInt64 = 0
        var count: UInt64 = 0
        var current: UInt64 = 0
        var inNumber = false
        func end() -> Bool {
            guard count < 4 else { return false }
            value |= current << (8 + 14 * (3 - count))
            count += 1
            return true
        }
        for b in s.utf8 {
            if b >= 48 && b <= 57 {
                if !inNumber {
                    inNumber = true
                    current = 0
                }
                current = current * 10 + UInt64(b - 48)
                guard current < 10_000 else { return nil }
            } else if (b >= 65 && b <= 90) || (b >= 97 && b <= 122) {
                return nil
            } else if inNumber {
                inNumber = false
                guard end() else { return nil }
            }
        }
        if inNumber { guard end() else { return nil } }
        return value | count
    }

    /// The packed form of segments, when they pack (numbers only, leading zeros already dropped).
    private static func pack(_ segments: [Segment]) -> UInt64? {
        guard segments.count <= 4 else { return nil }
        var value = UInt64(segments.count)
        for (i, segment) in segments.enumerated() {
            guard case .number(let digits) = segment, digits.utf8.count <= 4, let number = UInt64(digits) else {
                return nil
            }
            value |= number << (8 + 14 * (3 - UInt64(i)))
        }
        return value
    }

    /// The first `count` numbers of a packed form.
    private static func unpack(_ value: UInt64, count: Int) -> [Segment] {
        (0..<count).map { .number(String((value >> (8 + 14 * (3 - UInt64($0)))) & 0x3FFF)) }
    }

    /// Version 0.
    package static let zero = try! Version("0")

    package var description: String { string }

    /// `true` when `text` is a well-formed version.
    package static func isValid(_ text: String) -> Bool {
        isWellFormed(text.trimmingASCIIWhitespace())
    }

    // MARK: Grammar

    static func isWellFormed(_ s: String) -> Bool {
        if let answer = s.utf8.withContiguousStorageIfAvailable({ isWellFormed($0) }) { return answer }
        return Array(s.utf8).withUnsafeBufferPointer { isWellFormed($0) }
    }

    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        func isAlnumDash(_ b: UInt8) -> Bool {
            isDigit(b) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 45
        }
        guard i < bytes.count, isDigit(bytes[i]) else { return false }
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        while i < bytes.count, bytes[i] == 46 {  // "."
            i += 1
            let start = i
            while i < bytes.count, isAlnumDash(bytes[i]) { i += 1 }
            if i == start { return false }
        }
        if i < bytes.count, bytes[i] == 43 {  // "+"
            i += 1
            let start = i
            while i < bytes.count, isAlnumDash(bytes[i]) || bytes[i] == 46 { i += 1 }
            if i == start { return false }
        }
        return i == bytes.count
    }

    /// Runs of ASCII digits (leading zeros dropped) and of ASCII letters; anything else separates.
    /// Read byte by byte: the text is already well formed (ASCII), and this runs for every version
    /// of every pod a resolve lists.
    static func scanSegments(_ s: Substring) -> [Segment] {
        var result: [Segment] = []
        let bytes = s.utf8
        var index = bytes.startIndex
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
        while index != bytes.endIndex {
            let b = bytes[index]
            if isDigit(b) {
                var start = index
                while index != bytes.endIndex, isDigit(bytes[index]) { index = bytes.index(after: index) }
                while start != index, bytes[start] == 48 { start = bytes.index(after: start) }
                result.append(.number(start == index ? "0" : String(s[start..<index])))
            } else if isLetter(b) {
                let start = index
                while index != bytes.endIndex, isLetter(bytes[index]) { index = bytes.index(after: index) }
                result.append(.string(String(s[start..<index])))
            } else {
                index = bytes.index(after: index)
            }
        }
        return result
    }

    // MARK: Comparison

    /// Ruby's `<=>` between two segments: numbers by value, strings bytewise, and `nil` (no order)
    /// between a number and a string, in which case the comparison moves on to the next segment.
    static func compare(_ a: Segment, _ b: Segment) -> Int? {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            if x.utf8.count != y.utf8.count { return x.utf8.count < y.utf8.count ? -1 : 1 }
            return x == y ? 0 : (x < y ? -1 : 1)
        case (.string(let x), .string(let y)):
            return x == y ? 0 : (Array(x.utf8).lexicographicallyPrecedes(y.utf8) ? -1 : 1)
        default:
            return nil
        }
    }

    static func compareRuns(_ lhs: [Segment], _ rhs: [Segment], prerelease: Bool) -> Int? {
        let limit = max(lhs.count, rhs.count)
        for i in 0..<limit {
            let l = i < lhs.count ? lhs[i] : nil
            let r = i < rhs.count ? rhs[i] : nil
            if l == r { continue }
            if prerelease && i == 0 {
                if l == nil { return 1 }
                if r == nil { return -1 }
            } else {
                if l == nil { return -1 }
                if r == nil { return 1 }
            }
            if let c = compare(l!, r!), c != 0 { return c }
        }
        return nil
    }

    /// `Pod::Version#compare_segments`: -1, 0 or 1, ignoring how the version was spelled.
    package func compareSegments(_ other: Version) -> Int {
        if general == nil && other.general == nil {
            let (a, b) = (packedNumbers, other.packedNumbers)
            return a == b ? 0 : (a < b ? -1 : 1)
        }
        if string == other.string { return 0 }
        if let c = Version.compareRuns(numericSegments, other.numericSegments, prerelease: false) { return c }
        if let c = Version.compareRuns(prereleaseSegments, other.prereleaseSegments, prerelease: true) { return c }
        return 0
    }

    /// `Pod::Version#<=>`: segments first, then the strings bytewise.
    package func compare(_ other: Version) -> Int {
        let c = compareSegments(other)
        if c != 0 { return c }
        if string == other.string { return 0 }
        return Array(string.utf8).lexicographicallyPrecedes(other.string.utf8) ? -1 : 1
    }

    package static func == (lhs: Version, rhs: Version) -> Bool { lhs.compareSegments(rhs) == 0 }
    package static func < (lhs: Version, rhs: Version) -> Bool { lhs.compare(rhs) < 0 }
    package static func > (lhs: Version, rhs: Version) -> Bool { lhs.compare(rhs) > 0 }
    package static func <= (lhs: Version, rhs: Version) -> Bool { lhs.compareSegments(rhs) <= 0 }
    package static func >= (lhs: Version, rhs: Version) -> Bool { lhs.compareSegments(rhs) >= 0 }

    /// Equal versions hash alike: a version that does not pack but equals one that does (`1.0.0.0.0`
    /// and `1`) hashes its numbers packed too.
    package func hash(into hasher: inout Hasher) {
        guard let general else {
            hasher.combine(packedNumbers)
            return
        }
        if general.prerelease.isEmpty, let value = Version.pack(general.numeric) {
            hasher.combine(value >> 8)
            return
        }
        hasher.combine(general.numeric)
        hasher.combine(general.prerelease)
    }

    // MARK: RubyGems helpers used by `~>`

    /// The version without its prerelease part (`1.3.0-beta.1` → `1.3.0`); itself when it is a release.
    package var release: Version {
        guard isPrerelease else { return self }
        let kept = segments.prefix { $0.isNumber }
        return Version(numbers: Array(kept))
    }

    /// RubyGems' `bump`: drop every segment from the first letter on, drop the last if more than
    /// one remains, and increment the new last one (`1.2.3` → `1.3`, `1.2` → `2`, `1` → `2`).
    package var bump: Version {
        var kept = Array(segments.prefix { $0.isNumber })
        if kept.count > 1 { kept.removeLast() }
        if case .number(let digits)? = kept.last {
            kept[kept.count - 1] = .number(Version.increment(digits))
        }
        return Version(numbers: kept)
    }

    private init(numbers: [Segment]) {
        let text = numbers.map { if case .number(let d) = $0 { d } else { "0" } }.joined(separator: ".")
        // Built from digit runs joined by dots: always well formed.
        self = try! Version(text.isEmpty ? "0" : text)
    }

    static func increment(_ digits: String) -> String {
        var bytes = Array(digits.utf8)
        var i = bytes.count - 1
        while i >= 0 {
            if bytes[i] == 57 {
                bytes[i] = 48
                i -= 1
            } else {
                bytes[i] += 1
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return "1" + String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    package func trimmingASCIIWhitespace() -> String {
        let isSpaceByte: (UInt8) -> Bool = { $0 == 32 || (9...13).contains($0) }
        if let first = utf8.first, let last = utf8.last, !isSpaceByte(first), !isSpaceByte(last) { return self }
        let isSpace: (Character) -> Bool = {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}"
        }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
