import Foundation

/// One object of a project: `id /* comment */ = { isa = …; … };`.
package struct PBXObject: Sendable {
    package let id: String
    /// The comment Xcode writes after the id (the object's name); nil for none.
    package var comment: String?
    package var body: PBXDictionary
    var leading: String
    var trailing: String
    var keyRaw: Substring?
    var raw: Substring?

    package init(id: String, comment: String?, body: PBXDictionary) {
        self.id = id
        self.isa = body.string("isa") ?? ""
        self.comment = comment
        self.body = body
        self.leading = "\t\t"
        self.trailing = "\n"
        self.keyRaw = nil
        self.raw = nil
    }

    init(
        id: String, comment: String?, body: PBXDictionary, leading: String, trailing: String, keyRaw: Substring?,
        raw: Substring?
    ) {
        self.id = id
        self.isa = body.string("isa") ?? ""
        self.comment = comment
        self.body = body
        self.leading = leading
        self.trailing = trailing
        self.keyRaw = keyRaw
        self.raw = raw
    }

    /// The object's class (`PBXNativeTarget`, `PBXBuildFile`, …) as it was made or read; empty when it has
    /// none. An object does not change class.
    package let isa: String

    /// The object's text as it is written in the file, from its id to its `;`.
    package var text: String {
        if let raw { return String(raw) }
        var output = ""
        if let keyRaw {
            output += keyRaw
        } else {
            PBXWriter.render(PBXString(id, comment: comment), into: &output)
        }
        output += " = "
        PBXWriter.render(body, indent: leading, oneLine: PBXWriter.oneLineISAs.contains(isa), into: &output)
        return output + ";"
    }
}

/// A `project.pbxproj` read losslessly: every object with its key order, comments, quoting and white
/// space as written, and the text between objects (section markers). Written back unchanged it is the
/// same bytes; edited, only the objects that changed are written anew, the way Xcode writes them, and
/// new objects go into their section (sections sorted by class, objects by id within a section).
package struct PBXProjDocument: Sendable {
    /// Files larger than this are refused.
    package static let maximumSize = 50 * 1024 * 1024
    /// Projects with more objects than this are refused.
    package static let maximumObjects = 1_000_000

    /// The path errors and notes name.
    package let path: String
    let original: Data
    var head: String
    var tail: String
    var items: [PBXParser.BodyItem]
    var storage: [PBXObject?]
    var index: [String: Int]
    var rootEntries: [PBXEntry]
    /// Sections from which an object was removed: an empty one loses its markers when written.
    var touchedSections: Set<String> = []
    /// True once anything was changed.
    package private(set) var isModified = false

    /// Reads `data`, the bytes of the `project.pbxproj` at `path` (named in errors).
    package init(data: Data, path: String) throws(XcodeProjectError) {
        guard data.count <= Self.maximumSize else {
            throw .tooLarge(path: path, size: data.count, limit: Self.maximumSize)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .parse(
                path: path, line: 1, column: 1,
                message: "the file is not UTF-8 (Xcode writes project files in UTF-8; was it re-encoded?)")
        }
        var parser = PBXParser(source: text, maximumObjects: Self.maximumObjects)
        do {
            try parser.parse()
        } catch {
            let location = PBXParser.location(of: error.offset, in: parser.bytes)
            throw .parse(path: path, line: location.line, column: location.column, message: error.message)
        }
        self.path = path
        self.original = data
        self.head = parser.head
        self.tail = parser.tail
        self.items = parser.items
        self.storage = parser.objects
        self.rootEntries = parser.rootEntries
        var index: [String: Int] = [:]
        index.reserveCapacity(parser.objects.count)
        for (position, object) in parser.objects.enumerated() { index[object.id] = position }
        self.index = index
    }

    // MARK: Reading

    /// `objectVersion` of the project (46 for Xcode 3.2 format, 60 and later for Xcode 15).
    package var objectVersion: Int? {
        rootEntries.first { $0.key.value == "objectVersion" }?.value.stringValue.flatMap(Int.init)
    }

    /// The id of the PBXProject object.
    package var rootObjectID: String? {
        rootEntries.first { $0.key.value == "rootObject" }?.value.stringValue
    }

    /// The PBXProject object.
    package var projectObject: PBXObject? { rootObjectID.flatMap(object) }

    /// The object with `id`, or nil.
    package func object(_ id: String) -> PBXObject? {
        index[id].flatMap { storage[$0] }
    }

    /// Every object, in the order they are written.
    package var objects: [PBXObject] {
        var result: [PBXObject] = []
        result.reserveCapacity(index.count)
        for item in items {
            if case .object(let position) = item, let object = storage[position] { result.append(object) }
        }
        return result
    }

    /// Every object of class `isa`, in the order written.
    package func objects(isa: String) -> [PBXObject] {
        var result: [PBXObject] = []
        for item in items {
            if case .object(let position) = item, let object = storage[position], object.isa == isa {
                result.append(object)
            }
        }
        return result
    }

    /// The native targets (and aggregate and legacy targets), in the order of the project's `targets`.
    package var targets: [PBXObject] {
        guard let project = projectObject else { return [] }
        return project.body.strings("targets").compactMap(object)
    }

    /// The native target named `name`.
    package func nativeTarget(named name: String) -> PBXObject? {
        targets.first { $0.isa == "PBXNativeTarget" && $0.body.string("name") == name }
    }

    // MARK: Editing

    /// Changes the object `id` in place; the object is written anew only if `change` changed it.
    package mutating func update(_ id: String, _ change: (inout PBXDictionary) -> Void) {
        guard let position = index[id], var object = storage[position] else { return }
        var body = object.body
        change(&body)
        guard body != object.body else { return }
        object.body = body
        object.raw = nil
        storage[position] = object
        isModified = true
    }

    /// Changes the `objectVersion` of the project.
    package mutating func setObjectVersion(_ version: Int) {
        guard objectVersion != version,
            let range = head.range(of: #"objectVersion = [0-9]+;"#, options: .regularExpression)
        else { return }
        head.replaceSubrange(range, with: "objectVersion = \(version);")
        if let position = rootEntries.firstIndex(where: { $0.key.value == "objectVersion" }) {
            rootEntries[position].value = .string(String(version))
        }
        isModified = true
    }

    /// Adds `object` to its section (made when absent), before the first object with a greater id.
    /// An object with the id already there replaces it.
    package mutating func add(_ object: PBXObject) {
        isModified = true
        if let position = index[object.id] {
            var replaced = object
            if let old = storage[position] {
                replaced.leading = old.leading
                replaced.trailing = old.trailing
            }
            storage[position] = replaced
            return
        }
        storage.append(object)
        let position = storage.count - 1
        index[object.id] = position
        insertItem(position, isa: object.isa, id: object.id)
    }

    /// Removes the objects `ids` and every reference to them (array elements and keys whose value is
    /// one of them) from the other objects. Objects that do not mention them are not touched.
    package mutating func remove(_ ids: Set<String>) {
        let present = ids.filter { index[$0] != nil }
        guard !present.isEmpty else { return }
        isModified = true
        for id in present {
            guard let position = index.removeValue(forKey: id), let object = storage[position] else { continue }
            touchedSections.insert(object.isa)
            storage[position] = nil
        }
        items.removeAll { item in
            if case .object(let position) = item { return storage[position] == nil }
            return false
        }
        let lengths = Set(present.map(\.utf8.count))
        for (position, object) in storage.enumerated() {
            guard let object, mentions(object.body, present, lengths) else { continue }
            var body = object.body
            Self.strip(&body, present)
            var changed = object
            changed.body = body
            changed.raw = nil
            storage[position] = changed
        }
    }

    /// Whether a string of `dictionary` is one of `ids` (`lengths`: their lengths in UTF-8, to skip
    /// hashing the long strings, scripts and settings, that cannot be one).
    func mentions(_ dictionary: PBXDictionary, _ ids: Set<String>, _ lengths: Set<Int>) -> Bool {
        dictionary.entries.contains { entry in mentions(entry.value, ids, lengths) }
    }

    func mentions(_ node: PBXNode, _ ids: Set<String>, _ lengths: Set<Int>) -> Bool {
        switch node {
        case .string(let string): return lengths.contains(string.value.utf8.count) && ids.contains(string.value)
        case .array(let array): return array.elements.contains { mentions($0, ids, lengths) }
        case .dictionary(let dictionary): return mentions(dictionary, ids, lengths)
        }
    }

    static func strip(_ dictionary: inout PBXDictionary, _ ids: Set<String>) {
        for key in dictionary.keys {
            guard let value = dictionary[key] else { continue }
            switch value {
            case .string(let string):
                if ids.contains(string.value) && key != "isa" { dictionary[key] = nil }
            case .array(var array):
                let kept = array.elements.filter { element in element.stringValue.map { !ids.contains($0) } ?? true }
                var changed = kept.count != array.elements.count
                var elements = kept
                for (position, element) in elements.enumerated() {
                    if case .dictionary(var inner) = element {
                        let before = inner
                        strip(&inner, ids)
                        if inner != before {
                            elements[position] = .dictionary(inner)
                            changed = true
                        }
                    }
                }
                if changed {
                    array.elements = elements
                    dictionary[key] = .array(array)
                }
            case .dictionary(var inner):
                let before = inner
                strip(&inner, ids)
                if inner != before { dictionary[key] = .dictionary(inner) }
            }
        }
    }

    // MARK: Ids

    /// A new object id: 24 uppercase hexadecimal digits derived from `seed` (what the object is), so
    /// the same seed gives the same id on every run; rehashed while the id is taken.
    package func makeID(_ seed: String) -> String {
        var attempt = 0
        while true {
            let id = Self.candidateID(seed, attempt: attempt)
            if index[id] == nil { return id }
            attempt += 1
        }
    }

    /// Whether `id` is one `makeID(seed)` could have returned (for finding compose's own objects).
    package static func isID(_ id: String, madeFrom seed: String) -> Bool {
        (0..<8).contains { candidateID(seed, attempt: $0) == id }
    }

    static func candidateID(_ seed: String, attempt: Int) -> String {
        let text = "compose\u{0}" + seed + (attempt == 0 ? "" : "\u{0}\(attempt)")
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            return hash
        }
        let high = fnv(0xcbf2_9ce4_8422_2325)
        let low = fnv(0x84222325_cbf29ce4 ^ 0x5bd1_e995)
        func hex(_ value: UInt64, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text.suffix(digits)
        }
        return hex(high, digits: 16) + hex(low >> 32, digits: 8)
    }

    // MARK: Writing

    /// The document as bytes: the bytes read when nothing changed.
    package func serialized() -> Data {
        guard isModified else { return original }
        var output = head
        var pendingText = ""
        for item in items {
            switch item {
            case .text(let text):
                pendingText += text
            case .object(let position):
                guard let object = storage[position] else { continue }
                output += withoutEmptySections(pendingText)
                pendingText = ""
                output += object.leading + object.text + object.trailing
            }
        }
        output += withoutEmptySections(pendingText)
        output += tail
        return Data(output.utf8)
    }

    func withoutEmptySections(_ text: String) -> String {
        guard !touchedSections.isEmpty, text.contains("/* End ") else { return text }
        var text = text
        for isa in touchedSections {
            text = text.replacingOccurrences(
                of: "\n/* Begin \(isa) section */\n/* End \(isa) section */\n", with: "")
            text = text.replacingOccurrences(of: "/* Begin \(isa) section */\n/* End \(isa) section */\n", with: "")
        }
        return text
    }

    // MARK: Sections

    /// Where the markers of the text items are: (item, offset in the text, begin?, isa).
    struct Marker {
        let item: Int
        let offset: String.Index
        let end: String.Index
        let isBegin: Bool
        let isa: String
    }

    func markers() -> [Marker] {
        var found: [Marker] = []
        for (position, item) in items.enumerated() {
            guard case .text(let text) = item, text.contains(" section */") else { continue }
            var searchStart = text.startIndex
            while let open = text.range(of: "/* ", range: searchStart..<text.endIndex) {
                guard let close = text.range(of: " */", range: open.upperBound..<text.endIndex) else { break }
                let inner = text[open.upperBound..<close.lowerBound]
                let words = inner.split(separator: " ")
                if words.count == 3, words[2] == "section", words[0] == "Begin" || words[0] == "End" {
                    found.append(
                        Marker(
                            item: position, offset: open.lowerBound, end: close.upperBound,
                            isBegin: words[0] == "Begin",
                            isa: String(words[1])))
                }
                searchStart = close.upperBound
            }
        }
        return found
    }

    mutating func insertItem(_ position: Int, isa: String, id: String) {
        let markers = markers()
        if let begin = markers.firstIndex(where: { $0.isBegin && $0.isa == isa }),
            let end = markers[begin...].firstIndex(where: { !$0.isBegin && $0.isa == isa })
        {
            // Before the first object of the section with a greater id, else before the End marker.
            let beginMarker = markers[begin]
            let endMarker = markers[end]
            var cursor = beginMarker.item + 1
            while cursor < endMarker.item {
                if case .object(let other) = items[cursor], let object = storage[other], object.id > id {
                    items.insert(.object(position), at: cursor)
                    return
                }
                cursor += 1
            }
            split(endMarker.item, at: endMarker.offset, inserting: [.object(position)])
            return
        }
        let opening = PBXParser.BodyItem.text("\n/* Begin \(isa) section */\n")
        let closing = PBXParser.BodyItem.text("/* End \(isa) section */\n")
        if let next = markers.first(where: { $0.isBegin && $0.isa > isa }), case .text(let text) = items[next.item] {
            if next.offset > text.startIndex, text[text.index(before: next.offset)] == "\n" {
                split(next.item, at: text.index(before: next.offset), inserting: [opening, .object(position), closing])
            } else {
                split(
                    next.item, at: next.offset,
                    inserting: [
                        .text("/* Begin \(isa) section */\n"), .object(position), .text("/* End \(isa) section */\n\n"),
                    ])
            }
            return
        }
        if let last = markers.last(where: { !$0.isBegin }), case .text(let text) = items[last.item] {
            var at = last.end
            if at < text.endIndex, text[at] == "\n" { at = text.index(after: at) }
            split(last.item, at: at, inserting: [opening, .object(position), closing])
            return
        }
        // No sections at all: before the line that closes the objects.
        guard let lastItem = items.indices.last, case .text(let text) = items[lastItem] else {
            items.append(.object(position))
            return
        }
        let at = text.lastIndex { $0 == "\n" || $0 == "\r\n" }.map { text.index(after: $0) } ?? text.startIndex
        split(lastItem, at: at, inserting: [.object(position)])
    }

    mutating func split(_ item: Int, at offset: String.Index, inserting inserted: [PBXParser.BodyItem]) {
        guard case .text(let text) = items[item] else { return }
        let before = String(text[..<offset])
        let after = String(text[offset...])
        var replacement: [PBXParser.BodyItem] = []
        if !before.isEmpty { replacement.append(.text(before)) }
        replacement += inserted
        if !after.isEmpty { replacement.append(.text(after)) }
        items.replaceSubrange(item...item, with: replacement)
    }
}
