extension StringProtocol {
    /// Where the two ASCII bytes `first` `second` first occur next to each other (the index of
    /// `first`), by a plain scan of the UTF-8 bytes: `firstRange(of:)` costs more than reading a
    /// lock of thousands of entries.
    @inlinable
    package func firstIndex(ofASCII first: UInt8, _ second: UInt8) -> Index? {
        var previous: Index?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == second, let previous { return previous }
            previous = byte == first ? index : nil
            index = utf8.index(after: index)
        }
        return nil
    }
}

extension StringProtocol {
    /// Whether `needle`'s UTF-8 bytes occur in this text's, by a plain scan. For the ASCII needles
    /// lint looks for (`..`, `:`, a template's marker) this is what `contains` answers, except that
    /// a needle byte followed by a combining mark still counts (stricter); Foundation's `contains`
    /// goes through `CFString` on Linux and was 4 % of `repo lint`.
    package func containsBytes(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == first {
                var candidate = index
                var matched = 0
                while matched < pattern.count, candidate != utf8.endIndex, utf8[candidate] == pattern[matched] {
                    matched += 1
                    candidate = utf8.index(after: candidate)
                }
                if matched == pattern.count { return true }
            }
            index = utf8.index(after: index)
        }
        return false
    }
}
