import Support

/// A name that is about to become a folder or file name, an entry of Compose.lock, or part of
/// generated Swift: a spec repo's name, a pod's or subspec's name (including the names read from the
/// dependencies of specs in a spec repo, which anyone on the team can publish), a component's name,
/// a Composefile target's name. One set of rules for every such boundary, so what one command writes
/// the next one reads.
///
/// Every kind: not empty, at most 255 bytes, no `/`, `\`, NUL or control character, not `.` or `..`,
/// not starting with `.` (hidden, or a way up) or `-` (read as an option by tools). Pod, spec repo
/// and component names: ASCII letters, digits and `- _ . +` only (every name on the public CocoaPods
/// trunk that compose has seen fits), which also keeps them out of YAML quoting trouble and makes
/// `moduleName` a plain identifier. Target names may also hold spaces (Xcode targets such as `My App`).
package struct SafeName: Sendable, Hashable, Comparable, CustomStringConvertible {
    package enum Kind: String, Sendable, Equatable {
        case pod = "pod name"
        case specRepo = "spec repo name"
        case component = "component name"
        case target = "target name"
    }

    /// The name as written.
    package let string: String

    /// Checks `string` as a name of `kind`; a full pod name (`Root/Sub/Leaf`) is checked with
    /// `SafeName.podPath(_:)` instead.
    package init(_ string: String, as kind: Kind) throws(SafeNameError) {
        if let reason = Self.problem(with: string, as: kind) {
            throw SafeNameError(name: string, kind: kind, reason: reason)
        }
        self.string = string
    }

    /// Checks a full pod name, `Root` or `Root/Sub/Leaf`: each part is a pod name.
    @discardableResult
    package static func podPath(_ fullName: String) throws(SafeNameError) -> [SafeName] {
        var parts: [SafeName] = []
        for part in fullName.split(separator: "/", omittingEmptySubsequences: false) {
            do {
                parts.append(try SafeName(String(part), as: .pod))
            } catch {
                throw SafeNameError(name: fullName, kind: .pod, reason: error.reason)
            }
        }
        return parts
    }

    /// Whether `fullName` passes as a full pod name (`Root` or `Root/Sub/Leaf`): the rules of
    /// `problem(with:as:)` for each part, read byte by byte (a resolve asks this of every name it
    /// meets).
    package static func isValidPodPath(_ fullName: String) -> Bool {
        var partLength = 0
        var partStart: UInt8 = 0
        for byte in fullName.utf8 {
            if byte == UInt8(ascii: "/") {
                guard partLength > 0, partStart != UInt8(ascii: "."), partStart != UInt8(ascii: "-") else {
                    return false
                }
                partLength = 0
                continue
            }
            guard isPlain(byte) else { return false }
            if partLength == 0 { partStart = byte }
            partLength += 1
            guard partLength <= 255 else { return false }
        }
        // "." and ".." start with '.'.
        return partLength > 0 && partStart != UInt8(ascii: ".") && partStart != UInt8(ascii: "-")
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "+"):
            true
        default: false
        }
    }

    /// Whether `string` passes as a name of `kind`.
    package static func isValid(_ string: String, as kind: Kind) -> Bool {
        problem(with: string, as: kind) == nil
    }

    /// Why `string` is not a name of `kind`; nil when it is one.
    package static func problem(with string: String, as kind: Kind) -> String? {
        if let first = string.utf8.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"),
            string.utf8.count <= 255, string.utf8.allSatisfy(isPlain)
        {
            return nil
        }
        if string.isEmpty { return "it is empty" }
        if string.utf8.count > 255 { return "it is longer than 255 bytes" }
        if string == "." || string == ".." { return "it is '\(string)'" }
        if string.hasPrefix(".") { return "it starts with '.'" }
        if string.hasPrefix("-") { return "it starts with '-'" }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "/", "\\": return "it contains a path separator ('\(scalar)')"
            case "\0": return "it contains a NUL character"
            default: break
            }
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                return "it contains a control character (U+\(String(scalar.value, radix: 16, uppercase: true)))"
            }
            if isPlain(scalar) { continue }
            if kind == .target, scalar == " " { continue }
            return
                "it contains '\(scalar)' (allowed: ASCII letters, digits and - _ . +\(kind == .target ? " and spaces" : ""))"
        }
        if kind == .target, string.hasSuffix(" ") || string.hasPrefix(" ") { return "it starts or ends with a space" }
        return nil
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "+": true
        default: false
        }
    }

    /// The C99 identifier CocoaPods derives as a module name when a spec has no `module_name`:
    /// every character that is not a letter, digit or `_` becomes `_`, a leading digit gets a `_`
    /// before it and runs of `_` become one (`lottie-ios` → `lottie_ios`, `1Kit` → `_1Kit`,
    /// `a--b` → `a_b`).
    package var moduleName: String { SafeName.c99Identifier(string) }

    /// `Specification#c99ext_identifier` of cocoapods-core for ASCII text.
    package static func c99Identifier(_ text: String) -> String {
        var result = ""
        if let first = text.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": result.unicodeScalars.append(scalar)
            default: if !result.hasSuffix("_") { result.append("_") }
            }
        }
        return result
    }

    package var description: String { string }

    package static func < (lhs: SafeName, rhs: SafeName) -> Bool { lhs.string < rhs.string }
}

/// A name refused by `SafeName`: which kind of name it was meant to be, and why not.
package struct SafeNameError: ComposeFailure, Equatable {
    package let name: String
    /// What the name was meant to name.
    package let nameKind: SafeName.Kind
    package let reason: String

    package init(name: String, kind: SafeName.Kind, reason: String) {
        self.name = name
        self.nameKind = kind
        self.reason = reason
    }

    package var kind: FailureKind { .input }

    /// The name as a Swift string literal would show it, so control characters are visible.
    package var description: String {
        "\(String(reflecting: name)) is not a valid \(nameKind.rawValue): \(reason). Use ASCII letters, digits and - _ . + (a name cannot start with '.' or '-')."
    }
}
