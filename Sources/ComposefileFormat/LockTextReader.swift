/// Reads the lock text that compose itself writes (`Lockfile.text`) into the plain values that
/// YAML would give (`[String: Any]` of sections; lists as `[Any]`, mappings as `[String: Any]`,
/// scalars as `String`), in one pass over the bytes, without a YAML parser: on a lock of 2,000 pods
/// Yams costs more than all the other work of a resolve that has nothing to do.
///
/// It accepts only the shapes the writer makes (sections at column 0; list items and keys at
/// column 2; one more level at column 4) and only scalars that read the same in any YAML parser:
/// a plain scalar that `YAMLWriter.scalar` would write plain (decided without YAML's type regex),
/// or `'…'` or `"…"` of printable ASCII without a quote or a backslash inside. Anything else (a comment, a tab, an escape, a flow
/// collection, a key written twice, other indentation) returns nil, and the lock goes through Yams,
/// which reads it or names the fault.
struct LockTextReader {
    private let bytes: [UInt8]
    /// Each non-empty line as a range of `bytes`, without its newline.
    private var lines: [Range<Int>] = []
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func read(_ text: String) -> [String: Any]? {
        var reader = LockTextReader(Array(text.utf8))
        return reader.readRoot()
    }

    private mutating func readRoot() -> [String: Any]? {
        var start = 0
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "\n"):
                if offset > start { lines.append(start..<offset) }
                start = offset + 1
            case UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "#"): return nil
            default: continue
            }
        }
        if bytes.count > start { lines.append(start..<bytes.count) }
        guard !lines.isEmpty else { return nil }
        var root: [String: Any] = [:]
        while index < lines.count {
            guard indent(of: lines[index]) == 0, let (key, value) = keyAndValue(lines[index]), root[key] == nil else {
                return nil
            }
            index += 1
            if let value {
                root[key] = value
                continue
            }
            guard let block = readBlock(indent: 2) else { return nil }
            root[key] = block
        }
        return root
    }

    /// A list or a mapping whose lines start at column `level` (2 or 4).
    private mutating func readBlock(indent level: Int) -> Any? {
        guard index < lines.count, indent(of: lines[index]) == level else { return nil }
        if isItem(lines[index], at: level) {
            var items: [Any] = []
            while index < lines.count, indent(of: lines[index]) == level {
                let line = lines[index]
                guard isItem(line, at: level) else { return nil }
                let item = (line.lowerBound + level + 2)..<line.upperBound
                index += 1
                if bytes[line.upperBound - 1] == UInt8(ascii: ":") {
                    // `- Name (1.0):` and its dependencies one level down (the PODS section).
                    guard level == 2, let key = scalar(item.lowerBound..<(item.upperBound - 1)),
                        let dependencies = readBlock(indent: 4) as? [Any]
                    else { return nil }
                    items.append([key: dependencies] as [String: Any])
                } else {
                    guard let value = scalar(item) else { return nil }
                    items.append(value)
                }
            }
            return items
        }
        var mapping: [String: Any] = [:]
        while index < lines.count, indent(of: lines[index]) == level {
            let line = lines[index]
            guard let (key, value) = keyAndValue((line.lowerBound + level)..<line.upperBound), mapping[key] == nil
            else { return nil }
            index += 1
            if let value {
                mapping[key] = value
            } else {
                guard level == 2, let block = readBlock(indent: 4) else { return nil }
                mapping[key] = block
            }
        }
        return mapping
    }

    private func isItem(_ line: Range<Int>, at level: Int) -> Bool {
        line.count > level + 2 && bytes[line.lowerBound + level] == UInt8(ascii: "-")
            && bytes[line.lowerBound + level + 1] == UInt8(ascii: " ")
    }

    /// `key: value` → (key, value); `key:` → (key, nil); nil for anything else.
    private func keyAndValue(_ line: Range<Int>) -> (String, String?)? {
        guard !line.isEmpty else { return nil }
        if bytes[line.upperBound - 1] == UInt8(ascii: ":") {
            return scalar(line.lowerBound..<(line.upperBound - 1)).map { ($0, nil) }
        }
        var separator = line.lowerBound
        while separator + 1 < line.upperBound,
            !(bytes[separator] == UInt8(ascii: ":") && bytes[separator + 1] == UInt8(ascii: " "))
        {
            separator += 1
        }
        guard separator + 1 < line.upperBound,
            let key = scalar(line.lowerBound..<separator) ?? option(line.lowerBound..<separator),
            let value = scalar((separator + 2)..<line.upperBound)
        else { return nil }
        return (key, value)
    }

    /// `:git`, `:tag`…: the option keys of EXTERNAL SOURCES and CHECKOUT OPTIONS, written as they are.
    private func option(_ range: Range<Int>) -> String? {
        guard range.count > 1, bytes[range.lowerBound] == UInt8(ascii: ":"),
            bytes[(range.lowerBound + 1)..<range.upperBound].allSatisfy({
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0 == UInt8(ascii: "_")
            })
        else { return nil }
        return string(range)
    }

    /// The string a scalar reads as, when every YAML parser reads it so; nil otherwise.
    private func scalar(_ range: Range<Int>) -> String? {
        // YAML drops a plain scalar's spaces at either end.
        guard !range.isEmpty, bytes[range.lowerBound] != UInt8(ascii: " "),
            bytes[range.upperBound - 1] != UInt8(ascii: " ")
        else { return nil }
        let quote = bytes[range.lowerBound]
        guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else {
            if Self.isPlainWithoutDoubt(bytes[range]) { return string(range) }
            // What only YAML's type regex could settle is left to Yams.
            let text = string(range)
            guard YAMLWriter.resolvesWithoutRegex(text) != nil else { return nil }
            return YAMLWriter.scalar(text) == text ? text : nil
        }
        // `'…'` and `"…"` holding printable ASCII but no quote or backslash: every YAML parser reads
        // the text between the quotes.
        guard range.count > 2, bytes[range.upperBound - 1] == quote else { return nil }
        let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
        guard bytes[inner].allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != quote && $0 != UInt8(ascii: "\\") }) else {
            return nil
        }
        return string(inner)
    }

    /// Whether YAML reads these bytes as the string they spell, by a check of the bytes alone that
    /// answers for most of a lock (pod names, `Name (1.2.3)`, `Name (~> 1.0)`): a letter first that
    /// starts none of YAML's other types (`null`, `true`, `no`, `on`, `yes`…), then only the
    /// characters `YAMLWriter.isPlain` allows, no `: `, no `:` at the end. False means "ask
    /// `YAMLWriter.scalar`", not "not plain".
    private static func isPlainWithoutDoubt(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            !"nNtTfFyYoO".utf8.contains(first), text.last != UInt8(ascii: ":"), YAMLWriter.isPlain(text)
        else { return false }
        return !zip(text, text.dropFirst()).contains { $0 == UInt8(ascii: ":") && $1 == UInt8(ascii: " ") }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func indent(of line: Range<Int>) -> Int {
        var count = 0
        while line.lowerBound + count < line.upperBound, bytes[line.lowerBound + count] == UInt8(ascii: " ") {
            count += 1
        }
        return count
    }
}
