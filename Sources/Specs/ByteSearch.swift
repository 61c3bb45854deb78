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
        var needle = needle
        return needle.withUTF8 { pattern in
            utf8.withContiguousStorageIfAvailable { Self.occurs(pattern, in: $0) }
                ?? Array(utf8).withUnsafeBufferPointer { Self.occurs(pattern, in: $0) }
        }
    }

    private static func occurs(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = pattern.first else { return true }
        guard pattern.count <= text.count else { return false }
        var i = 0
        while i <= text.count - pattern.count {
            if text[i] == first {
                var matched = 1
                while matched < pattern.count, text[i + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
            }
            i += 1
        }
        return false
    }
}
