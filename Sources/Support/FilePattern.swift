/// CocoaPods file patterns (`Sources/**/*.swift`, `Classes/*.{h,m}`): `*` matches within one path
/// component, `**` any number of components, `?` one character, `{a,b}` alternatives, `[abc]` a set.
package struct FilePattern: Sendable {
    private let alternatives: [[Substring]]

    package init(_ pattern: String) {
        alternatives = FilePattern.expandBraces(pattern).map {
            $0.split(separator: "/", omittingEmptySubsequences: true)
        }
    }

    /// Whether `path` (relative, `/`-separated) matches.
    package func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return alternatives.contains { FilePattern.match(ArraySlice($0), ArraySlice(parts)) }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            // `**` matches zero or more folders.
            var rest = path
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let first = path.first, matchComponent(Array(head), Array(first)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: [Character], _ text: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func go(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == "*" {
                result = go(p + 1, t) || (t < text.count && go(p, t + 1))
            } else if t == text.count {
                result = false
            } else if pattern[p] == "?" {
                result = go(p + 1, t + 1)
            } else if pattern[p] == "[", let close = pattern[(p + 1)...].firstIndex(of: "]") {
                let set = Set(pattern[(p + 1)..<close])
                result = set.contains(text[t]) && go(close + 1, t + 1)
            } else {
                result = pattern[p] == text[t] && go(p + 1, t + 1)
            }
            memo[key] = result
            return result
        }
        return go(0, 0)
    }

    /// `a/{b,c}/*.{h,m}` → the four plain patterns.
    static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: String.Index?
        var commas: [String.Index] = []
        var index = open
        while index < pattern.endIndex {
            switch pattern[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
            index = pattern.index(after: index)
        }
        guard let close else { return [pattern] }
        let prefix = pattern[..<open]
        let suffix = pattern[pattern.index(after: close)...]
        var pieces: [Substring] = []
        var start = pattern.index(after: open)
        for comma in commas {
            pieces.append(pattern[start..<comma])
            start = pattern.index(after: comma)
        }
        pieces.append(pattern[start..<close])
        return pieces.flatMap { expandBraces(String(prefix) + $0 + suffix) }
    }
}
