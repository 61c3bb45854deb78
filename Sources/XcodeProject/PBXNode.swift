/// A value of a `project.pbxproj` as written: a string, an array or a dictionary. Each keeps the text it
/// was read from (`raw`) until it is changed, so what is not changed is written back byte for byte; what
/// is changed (or made) is written the way Xcode writes it.
package indirect enum PBXNode: Sendable, Equatable {
    case string(PBXString)
    case array(PBXArray)
    case dictionary(PBXDictionary)

    /// The string's value, or nil for an array or a dictionary.
    package var stringValue: String? {
        if case .string(let string) = self { return string.value }
        return nil
    }

    /// The array's elements, or nil.
    package var arrayValue: [PBXNode]? {
        if case .array(let array) = self { return array.elements }
        return nil
    }

    /// The dictionary, or nil.
    package var dictionaryValue: PBXDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    /// A new string, with the `/* comment */` Xcode writes after it (an object's name after its id).
    package static func string(_ value: String, comment: String? = nil) -> PBXNode {
        .string(PBXString(value, comment: comment))
    }

    /// A new array of strings.
    package static func array(_ elements: [PBXNode]) -> PBXNode { .array(PBXArray(elements)) }
}

/// A string of a project file: its value (escapes decoded), the comment written after it, and the text
/// it was read from.
package struct PBXString: Sendable, Equatable {
    package var value: String
    package var comment: String?
    /// The token as written, with its comment; nil for a string made here.
    package var raw: Substring?

    package init(_ value: String, comment: String? = nil) {
        self.value = value
        self.comment = comment
        self.raw = nil
    }

    init(value: String, comment: String?, raw: Substring) {
        self.value = value
        self.comment = comment
        self.raw = raw
    }
}

/// An array of a project file.
package struct PBXArray: Sendable, Equatable {
    package var elements: [PBXNode] {
        didSet { raw = nil }
    }
    var raw: Substring?

    package init(_ elements: [PBXNode]) {
        self.elements = elements
        self.raw = nil
    }

    init(elements: [PBXNode], raw: Substring) {
        self.elements = elements
        self.raw = raw
    }

    /// The values of the string elements, in order.
    package var strings: [String] { elements.compactMap(\.stringValue) }
}

/// One `key = value;` of a dictionary.
package struct PBXEntry: Sendable, Equatable {
    package var key: PBXString
    package var value: PBXNode
}

/// A dictionary of a project file: its entries in the order written. Setting a key that is not there
/// puts it where Xcode would (after `isa`, keys sorted), so an edited object reads like Xcode's own.
package struct PBXDictionary: Sendable, Equatable {
    package private(set) var entries: [PBXEntry] {
        didSet { raw = nil }
    }
    var raw: Substring?

    package init(_ entries: [(String, PBXNode)] = []) {
        self.entries = entries.map { PBXEntry(key: PBXString($0.0), value: $0.1) }
        self.raw = nil
    }

    init(entries: [PBXEntry], raw: Substring) {
        self.entries = entries
        self.raw = raw
    }

    /// The keys in the order written.
    package var keys: [String] { entries.map(\.key.value) }

    package subscript(key: String) -> PBXNode? {
        get { entries.first { $0.key.value == key }?.value }
        set {
            let index = entries.firstIndex { $0.key.value == key }
            switch (index, newValue) {
            case (let index?, let value?):
                if entries[index].value != value { entries[index].value = value }
            case (let index?, nil):
                entries.remove(at: index)
            case (nil, let value?):
                let position =
                    key == "isa"
                    ? 0
                    : entries.firstIndex { $0.key.value != "isa" && $0.key.value > key } ?? entries.count
                entries.insert(PBXEntry(key: PBXString(key), value: value), at: position)
            case (nil, nil):
                break
            }
        }
    }

    /// The string value of `key`, or nil.
    package func string(_ key: String) -> String? { self[key]?.stringValue }

    /// The string elements of the array at `key` (empty when absent).
    package func strings(_ key: String) -> [String] { self[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// Removes every element of the array at `key` whose string is in `ids`; true when one was.
    @discardableResult
    package mutating func removeElements(of key: String, in ids: Set<String>) -> Bool {
        guard case .array(var array)? = self[key] else { return false }
        let kept = array.elements.filter { element in element.stringValue.map { !ids.contains($0) } ?? true }
        guard kept.count != array.elements.count else { return false }
        array.elements = kept
        self[key] = .array(array)
        return true
    }

    /// Appends `element` to the array at `key`, creating the array when absent.
    package mutating func append(_ element: PBXNode, to key: String) {
        var array =
            self[key].flatMap { node -> PBXArray? in
                if case .array(let array) = node { return array }
                return nil
            } ?? PBXArray([])
        array.elements.append(element)
        self[key] = .array(array)
    }
}
