import Foundation
import Specs
import Support
import Yams

/// `Compose.lock`: what a resolve chose, in the shape of CocoaPods' Podfile.lock.
///
/// Sections, in this order, empty ones omitted: PODS, DEPENDENCIES, SPEC REPOS, EXTERNAL SOURCES,
/// CHECKOUT OPTIONS, CONFIGURATIONS, SPEC CHECKSUMS, PODFILE CHECKSUM, COMPOSEFILE CHECKSUM,
/// COCOAPODS, COMPOSE. A Podfile.lock (CocoaPods 0.39 to 1.16) reads as a lock too. The text is deterministic: lists
/// and keys sorted case-insensitively (ties keep their order), scalars quoted only where plain YAML
/// would read them differently, as CocoaPods' `YAMLHelper` writes them.
package struct Lockfile: Sendable, Equatable {
    /// One resolved spec (a root or a subspec) and the dependencies it declares.
    package struct Pod: Sendable, Equatable {
        /// `Name` or `Name/Sub`.
        package var name: String
        package var version: Version
        /// `Dep` or `Dep (~> 1.2)`, as the lock spells dependencies.
        package var dependencies: [String]

        package init(name: String, version: Version, dependencies: [String] = []) {
            self.name = name
            self.version = version
            self.dependencies = dependencies
        }

        package var rootName: String { String(name.split(separator: "/", maxSplits: 1).first ?? Substring(name)) }
    }

    package var pods: [Pod] = []
    /// The Composefile's dependencies as strings (`Dependency.description`).
    package var dependencies: [String] = []
    /// Source URL or folder → root names resolved from it.
    package var specRepos: [String: [String]] = [:]
    /// Root name → the Composefile's options without colons (`git`, `tag`, `branch`, `commit`, `path`).
    package var externalSources: [String: [String: String]] = [:]
    /// Root name → what was checked out (`git` and `commit`, and `tag` when one was asked for).
    package var checkoutOptions: [String: [String: String]] = [:]
    /// Pod name (as on its Composefile line) → the build configurations it is linked into
    /// (`:configurations`); pods linked into every configuration are absent.
    package var configurations: [String: [String]] = [:]
    /// Root name → SHA-1 of the spec file's bytes.
    package var specChecksums: [String: String] = [:]
    /// A Podfile.lock's `PODFILE CHECKSUM` (kept when present, never computed by compose).
    package var podfileChecksum: String?
    package var composefileChecksum: String?
    /// A Podfile.lock's `COCOAPODS` version (kept when present).
    package var cocoapodsVersion: String?
    package var composeVersion: String?

    package init() {}

    /// Every locked spec's version by name (roots and subspecs).
    package var lockedVersions: [String: Version] {
        var result: [String: Version] = [:]
        for pod in pods { result[pod.name] = pod.version }
        return result
    }

    /// The pod named `name` (root or subspec), if locked.
    package func pod(named name: String) -> Pod? { pods.first { $0.name == name } }

    /// Splits the lock's `Name (…)` spelling into the name and the parenthesised part (nil if none).
    package static func splitEntry(_ entry: String) -> (name: String, detail: String?) {
        guard entry.utf8.last == UInt8(ascii: ")"), let open = entry.firstIndex(ofASCII: 32, UInt8(ascii: "("))
        else { return (entry, nil) }
        let name = String(entry[..<open])
        let detail = String(entry[entry.utf8.index(open, offsetBy: 2)..<entry.index(before: entry.endIndex)])
        return (name, detail)
    }

    // MARK: Writing

    static let sectionOrder = [
        "PODS", "DEPENDENCIES", "SPEC REPOS", "EXTERNAL SOURCES", "CHECKOUT OPTIONS", "CONFIGURATIONS",
        "SPEC CHECKSUMS", "PODFILE CHECKSUM", "COMPOSEFILE CHECKSUM", "COCOAPODS", "COMPOSE",
    ]

    /// The lock's text.
    package var text: String {
        var sections: [String] = []
        if !pods.isEmpty {
            let entries = YAMLWriter.sorted(
                pods.map { pod in
                    ("\(pod.name) (\(pod.version.string))", pod)
                }
            ).map { pod -> String in
                let head = YAMLWriter.scalar("\(pod.name) (\(pod.version.string))")
                if pod.dependencies.isEmpty { return "  - \(head)" }
                let deps = YAMLWriter.sorted(unique(pod.dependencies).map { ($0, $0) })
                return "  - \(head):\n" + deps.map { "    - \(YAMLWriter.scalar($0))" }.joined(separator: "\n")
            }
            sections.append("PODS:\n" + entries.joined(separator: "\n"))
        }
        if !dependencies.isEmpty {
            sections.append(
                "DEPENDENCIES:\n"
                    + YAMLWriter.sorted(unique(dependencies).map { ($0, $0) }).map { "  - \(YAMLWriter.scalar($0))" }
                    .joined(separator: "\n"))
        }
        if !specRepos.isEmpty {
            sections.append(
                "SPEC REPOS:\n"
                    + YAMLWriter.sorted(specRepos.map { ($0.key, $0) }).map { url, names in
                        "  \(YAMLWriter.scalar(url)):\n"
                            + YAMLWriter.sorted(unique(names).map { ($0, $0) }).map { "    - \(YAMLWriter.scalar($0))" }
                            .joined(separator: "\n")
                    }.joined(separator: "\n"))
        }
        for (title, table) in [("EXTERNAL SOURCES", externalSources), ("CHECKOUT OPTIONS", checkoutOptions)]
        where !table.isEmpty {
            sections.append(
                "\(title):\n"
                    + YAMLWriter.sorted(table.map { ($0.key, $0) }).map { name, options in
                        "  \(YAMLWriter.scalar(name)):\n"
                            + YAMLWriter.sorted(options.map { ($0.key, $0) }).map { key, value in
                                "    :\(key): \(YAMLWriter.scalar(value))"
                            }.joined(separator: "\n")
                    }.joined(separator: "\n"))
        }
        if !configurations.isEmpty {
            sections.append(
                "CONFIGURATIONS:\n"
                    + YAMLWriter.sorted(configurations.map { ($0.key, $0) }).map { name, names in
                        "  \(YAMLWriter.scalar(name)):\n"
                            + names.map { "    - \(YAMLWriter.scalar($0))" }.joined(separator: "\n")
                    }.joined(separator: "\n"))
        }
        if !specChecksums.isEmpty {
            sections.append(
                "SPEC CHECKSUMS:\n"
                    + YAMLWriter.sorted(specChecksums.map { ($0.key, $0) }).map { name, sum in
                        "  \(YAMLWriter.scalar(name)): \(YAMLWriter.scalar(sum))"
                    }.joined(separator: "\n"))
        }
        if let podfileChecksum { sections.append("PODFILE CHECKSUM: \(YAMLWriter.scalar(podfileChecksum))") }
        if let composefileChecksum {
            sections.append("COMPOSEFILE CHECKSUM: \(YAMLWriter.scalar(composefileChecksum))")
        }
        if let cocoapodsVersion { sections.append("COCOAPODS: \(YAMLWriter.scalar(cocoapodsVersion))") }
        if let composeVersion { sections.append("COMPOSE: \(YAMLWriter.scalar(composeVersion))") }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    /// Writes the lock to `path` through a temporary file in the same folder and a rename, so a
    /// reader never sees half a lock. Leaves an identical file untouched. Returns whether the file
    /// changed.
    @discardableResult
    package func write(to path: String) throws(ComposefileError) -> Bool {
        let data = Data(text.utf8)
        if let existing = FileManager.default.contents(atPath: path), existing == data { return false }
        do {
            try AtomicFile.write(data, to: URL(fileURLWithPath: path))
        } catch {
            throw .unwritable(path: path, reason: error.message)
        }
        return true
    }

    // MARK: Reading

    /// Reads the lock at `path`; nil when there is no file.
    package static func read(at path: String) throws(ComposefileError) -> Lockfile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or not a file")
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// Parses lock text. `path` names the file in errors. Unknown sections are skipped (see
    /// `parseWithWarnings` for the warnings naming them).
    package static func parse(_ text: String, path: String = "Compose.lock") throws(ComposefileError) -> Lockfile {
        try parseWithWarnings(text, path: path).lockfile
    }

    /// Parses lock text (Compose.lock or Podfile.lock) and says what was skipped: each section
    /// compose does not know gives a warning, never a failure.
    package static func parseWithWarnings(_ text: String, path: String = "Compose.lock") throws(ComposefileError) -> (
        lockfile: Lockfile, warnings: [Finding]
    ) {
        if Self.holdsConflictMarker(text) {
            throw .malformedLock(path: path, message: "it holds git merge conflict markers")
        }
        // Before YAML sees the text: an alias can expand a few kilobytes into gigabytes.
        if let found = firstAnchorOrAlias(in: text) {
            throw .malformedLock(
                path: path,
                message:
                    "line \(found.line), column \(found.column) uses a YAML \(found.isAlias ? "alias" : "anchor") ('\(found.text)'), which a lock never holds"
            )
        }
        // What compose writes is read without a YAML parser; anything else goes through Yams.
        var loaded: Any? = LockTextReader.read(text)
        if loaded == nil { loaded = try yamlValues(text, path: path) }
        guard let root = loaded as? [String: Any] else {
            throw .malformedLock(path: path, message: "the top level is not a mapping of sections")
        }
        var lock = Lockfile()
        func fail(_ message: String) -> ComposefileError { .malformedLock(path: path, message: message) }
        func string(_ value: Any?, _ what: String) throws(ComposefileError) -> String {
            switch value {
            case let s as String: return s
            case let i as Int: return String(i)
            case let d as Double: return String(d)
            case let b as Bool: return String(b)
            default: throw fail("\(what) is not a string")
            }
        }
        func strings(_ value: Any?, _ what: String) throws(ComposefileError) -> [String] {
            guard let list = value as? [Any] else { throw fail("\(what) is not a list") }
            var result: [String] = []
            for item in list { result.append(try string(item, "an entry of \(what)")) }
            return result
        }
        func table(_ value: Any?, _ what: String) throws(ComposefileError) -> [String: [String: String]] {
            guard let map = value as? [String: Any] else { throw fail("\(what) is not a mapping") }
            var result: [String: [String: String]] = [:]
            for (name, options) in map {
                guard let options = options as? [String: Any] else { throw fail("\(what) of \(name) is not a mapping") }
                var entry: [String: String] = [:]
                for (key, value) in options {
                    let bare = key.hasPrefix(":") ? String(key.dropFirst()) : key
                    entry[bare] = try string(value, "\(what) :\(bare) of \(name)")
                }
                result[name] = entry
            }
            return result
        }
        var warnings: [Finding] = []
        for key in root.keys.sorted() where !sectionOrder.contains(key) {
            warnings.append(
                Finding(
                    severity: .warning, ruleID: LockRule.sectionSkipped,
                    message: "the section '\(key)' is not one compose reads; it is skipped.",
                    location: .init(file: path)))
        }
        if let pods = root["PODS"] {
            guard let list = pods as? [Any] else { throw fail("PODS is not a list") }
            for item in list {
                let head: String
                var deps: [String] = []
                if let s = item as? String {
                    head = s
                } else if let map = item as? [String: Any], map.count == 1, let (key, value) = map.first {
                    head = key
                    deps = try strings(value, "the dependencies of \(key)")
                } else {
                    throw fail("a PODS entry is neither 'Name (version)' nor a mapping of it to its dependencies")
                }
                let (name, rawDetail) = splitEntry(head)
                // CocoaPods before 1.0 wrote `Name (HEAD based on 3.3.0)` for a :head pod.
                let detail = rawDetail.map {
                    $0.hasPrefix("HEAD based on ") ? String($0.dropFirst("HEAD based on ".count)) : $0
                }
                guard let detail, let version = try? Version(detail) else {
                    throw fail("the PODS entry '\(head)' is not 'Name (version)'")
                }
                lock.pods.append(Pod(name: name, version: version, dependencies: deps))
            }
        }
        if let deps = root["DEPENDENCIES"] { lock.dependencies = try strings(deps, "DEPENDENCIES") }
        if let repos = root["SPEC REPOS"] {
            guard let map = repos as? [String: Any] else { throw fail("SPEC REPOS is not a mapping") }
            for (url, names) in map {
                lock.specRepos[url] =
                    names is String ? [try string(names, "SPEC REPOS \(url)")] : try strings(names, "SPEC REPOS \(url)")
            }
        }
        if let external = root["EXTERNAL SOURCES"] { lock.externalSources = try table(external, "EXTERNAL SOURCES") }
        if let checkout = root["CHECKOUT OPTIONS"] { lock.checkoutOptions = try table(checkout, "CHECKOUT OPTIONS") }
        if let configurations = root["CONFIGURATIONS"] {
            guard let map = configurations as? [String: Any] else { throw fail("CONFIGURATIONS is not a mapping") }
            for (name, names) in map { lock.configurations[name] = try strings(names, "CONFIGURATIONS \(name)") }
        }
        if let sums = root["SPEC CHECKSUMS"] {
            guard let map = sums as? [String: Any] else { throw fail("SPEC CHECKSUMS is not a mapping") }
            for (name, sum) in map { lock.specChecksums[name] = try string(sum, "the checksum of \(name)") }
        }
        if let sum = root["PODFILE CHECKSUM"] { lock.podfileChecksum = try string(sum, "PODFILE CHECKSUM") }
        if let sum = root["COMPOSEFILE CHECKSUM"] { lock.composefileChecksum = try string(sum, "COMPOSEFILE CHECKSUM") }
        if let version = root["COCOAPODS"] { lock.cocoapodsVersion = try string(version, "COCOAPODS") }
        if let version = root["COMPOSE"] { lock.composeVersion = try string(version, "COMPOSE") }
        return (lock, warnings)
    }

    /// Whether `text` holds git's `<<<<<<<` (seven in a row), by a scan of its bytes (Foundation's
    /// `contains` would copy the whole lock to UTF-16 first).
    static func holdsConflictMarker(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "<") ? run + 1 : 0
            if run == 7 { return true }
        }
        return false
    }

    /// The YAML tree as written, turned into plain values by `plainValue` (Yams' own construction
    /// traps on a key that is not a scalar): every scalar as the string written, so versions and
    /// checksums are never numbers. Nil for an empty document.
    static func yamlValues(_ text: String, path: String) throws(ComposefileError) -> Any? {
        do {
            return try Yams.compose(yaml: text).map { node throws(ComposefileError) in
                try plainValue(node, path: path, depth: 0)
            }
        } catch let error as ComposefileError {
            throw error
        } catch {
            throw .malformedLock(path: path, message: "not YAML (\(error))")
        }
    }

    /// The first YAML anchor (`&a`) or alias (`*a`) in `text`, found by a linear scan of where a
    /// node may start (line start, after `- `, `? `, `key: `, and inside `[ ]`/`{ }`), quoted
    /// scalars and comments skipped. compose and CocoaPods never write either.
    static func firstAnchorOrAlias(in text: String) -> (line: Int, column: Int, text: String, isAlias: Bool)? {
        // Neither can start without its character; most locks hold neither.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "*") }) else { return nil }
        var flow = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let chars = Array(rawLine)
            var i = 0
            var nodeStart = true
            var quote: Character? = nil
            scan: while i < chars.count {
                let c = chars[i]
                if let q = quote {
                    if c == q {
                        if q == "'", i + 1 < chars.count, chars[i + 1] == "'" {
                            i += 2
                            continue
                        }
                        quote = nil
                    } else if c == "\\", q == "\"" {
                        i += 1
                    }
                    i += 1
                    continue
                }
                let followedBySpace = i + 1 == chars.count || chars[i + 1] == " " || chars[i + 1] == "\t"
                if c == " " || c == "\t" || c == "\r" {
                    i += 1
                    continue
                }
                if nodeStart {
                    switch c {
                    case "&", "*":
                        var name = String(c)
                        var j = i + 1
                        while j < chars.count, chars[j] != " ", chars[j] != ",", chars[j] != "]", chars[j] != "}" {
                            name.append(chars[j])
                            j += 1
                        }
                        return (lineNumber, i + 1, name, c == "*")
                    case "-",
                        "?" where followedBySpace:
                        i += 1
                        continue
                    case "!":
                        while i < chars.count, chars[i] != " " { i += 1 }
                        continue
                    case "'", "\"":
                        quote = c
                        nodeStart = false
                        i += 1
                        continue
                    case "[", "{":
                        flow += 1
                        i += 1
                        continue
                    case "#": break scan
                    default: nodeStart = false
                    }
                }
                switch c {
                case "#" where i > 0 && (chars[i - 1] == " " || chars[i - 1] == "\t"): break scan
                case ":" where followedBySpace: nodeStart = true
                case "," where flow > 0: nodeStart = true
                case "[" where flow > 0, "{" where flow > 0:
                    flow += 1
                    nodeStart = true
                case "]" where flow > 0, "}" where flow > 0: flow -= 1
                default: break
                }
                i += 1
            }
        }
        return nil
    }
}

/// The scalar and ordering rules of CocoaPods' `YAMLHelper`.
enum YAMLWriter {
    /// Sorts by the key lowercased; equal keys keep their order.
    static func sorted<T>(_ items: [(String, T)]) -> [T] {
        let keys = items.map { Array($0.0.lowercased().utf8) }
        return items.indices
            .sorted { a, b in
                keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : a < b
            }
            .map { items[$0].1 }
    }

    nonisolated(unsafe) private static let resolvedTag = try! Regex(
        #"null|Null|NULL|~|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF"#
            + #"|[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"#
            + #"|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?([Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](\.[0-9]*)?(([ \t]*)(Z|[-+][0-9][0-9]?(:[0-9][0-9])?))?"#
            + #"|[-+]?[0-9]+|00[0-7]+|0x[0-9a-fA-F]+|[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"#
            + #"|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)"#)
    /// False when `s` starts with a digit but cannot be a number, a date or a `0x` number (a
    /// checksum such as `3a9f…`): the regex is then not needed.
    private static func mayBeResolved(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, ("0"..."9").contains(first), !s.hasPrefix("0x") else { return true }
        return s.unicodeScalars.allSatisfy { "0123456789+-.:eETtZ \t".unicodeScalars.contains($0) }
    }

    /// Whether `resolvedTag` matches the whole of `s`.
    static func isResolvedByRegex(_ s: String) -> Bool {
        (try? resolvedTag.wholeMatch(in: s)) != nil
    }

    /// The words `resolvedTag` matches: for a string starting with a letter, matching the regex
    /// and being one of these are the same.
    private static let resolvedWords: Set<String> = [
        "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no", "No",
        "NO", "on", "On", "ON", "off", "Off", "OFF",
    ]

    /// Whether YAML would read `s` as another type than a string (null, a bool, a number, a date),
    /// or nil when only the regex can tell (`s` starts with a digit, `+`, `-`, `.` or `~` and is
    /// not a dotted version such as `1.2.3`, which no YAML type matches).
    static func resolvesWithoutRegex(_ s: String) -> Bool? {
        guard let first = s.utf8.first, "nNtTfFyYoO~0123456789+-.".utf8.contains(first), mayBeResolved(s) else {
            return false
        }
        let isLetter = { (byte: UInt8) in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }
        if isLetter(first) { return resolvedWords.contains(s) }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        // Every match of the regex is made of these bytes alone.
        if !s.utf8.allSatisfy({ isDigit($0) || isLetter($0) || " \t.+-:~".utf8.contains($0) }) { return false }
        if isDigit(first), s.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }),
            s.utf8.filter({ $0 == UInt8(ascii: ".") }).count >= 2
        {
            return false
        }
        return nil
    }

    /// `[A-Za-z0-9_][A-Za-z0-9_/ ()~<>=.:`,-]*`, checked byte by byte (a regex costs more than
    /// the rest of writing a lock of thousands of pods).
    static func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
        var first = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: "/"), UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "~"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "."), UInt8(ascii: ":"),
                UInt8(ascii: "`"), UInt8(ascii: ","), UInt8(ascii: "-"):
                if first { return false }
            default: return false
            }
            first = false
        }
        return !first
    }
    private static let indicators = Set("-?:,[]{}#&*!|>'\"%@`".utf8)

    /// A string as a YAML scalar: plain when unambiguous, `'…'` when YAML would read it as another
    /// type, `"…"` (escaped) otherwise.
    static func scalar(_ s: String) -> String {
        if s.isEmpty { return "''" }
        if resolvesWithoutRegex(s) ?? isResolvedByRegex(s) {
            return "'\(s)'"
        }
        if s.utf8.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 }) || indicators.contains(s.utf8.first!)
            || s.utf8.last == UInt8(ascii: ":") || s.utf8.last == 32
            || s.firstIndex(ofASCII: UInt8(ascii: ":"), 32) != nil
            || s.firstIndex(ofASCII: 32, UInt8(ascii: "#")) != nil
        {
            return quoted(s)
        }
        return isPlain(s.utf8) ? s : quoted(s)
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        var previous: Character? = nil
        for c in s {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "{" where previous == "#", "$" where previous == "#", "@" where previous == "#":
                out.removeLast()
                out += "\\#\(c)"
            default:
                if let ascii = c.asciiValue, ascii < 0x20 || ascii == 0x7f {
                    out += "\\x" + String(ascii, radix: 16, uppercase: true).leftPadded(to: 2)
                } else {
                    out.append(c)
                }
            }
            previous = c
        }
        return out + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// A YAML node as plain values: scalars as the text written, sequences as `[Any]`, mappings as
/// `[String: Any]`. A lock's keys are plain strings written once; anything else (a `? [a, b]` key, a
/// key written twice, nesting deeper than a lock ever goes) is refused with its line.
private func plainValue(_ node: Node, path: String, depth: Int) throws(ComposefileError) -> Any {
    func refuse(_ message: String, at node: Node) -> ComposefileError {
        let place = node.mark.map { "line \($0.line), column \($0.column): " } ?? ""
        return .malformedLock(path: path, message: place + message)
    }
    guard depth < 32 else { throw refuse("the YAML is nested deeper than a lock ever is", at: node) }
    switch node {
    case .scalar(let scalar):
        return scalar.string
    case .sequence(let sequence):
        var items: [Any] = []
        for item in sequence { items.append(try plainValue(item, path: path, depth: depth + 1)) }
        return items
    case .mapping(let mapping):
        var result: [String: Any] = [:]
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else { throw refuse("a mapping key is not a plain string", at: key) }
            guard result[scalar.string] == nil else {
                throw refuse("the key '\(scalar.string)' is written twice", at: key)
            }
            result[scalar.string] = try plainValue(value, path: path, depth: depth + 1)
        }
        return result
    case .alias:
        throw refuse("a YAML alias, which a lock never holds", at: node)
    }
}
