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
