import Foundation
import Specs

/// A package's identity in a Swift package registry (SE-0292 3.6): `scope.name`, where the scope is
/// chosen per spec repo and the name is the pod's.
///
/// A pod name is used as it is when it is a valid registry name (letters and digits, `-` or `_`
/// between two of them, at most 100 characters); any other name (`Foo+Bar`, `Foo.Swift`, a name
/// starting with `_`) is refused, never mapped: a mapping could make two pods one identity, and a
/// team that renames nothing would find its package under a name it never wrote.
package struct RegistryIdentity: Sendable, Hashable, CustomStringConvertible {
    package let scope: String
    package let name: String

    package var description: String { "\(scope).\(name)" }

    /// `scope.name` when both parts are valid; nil otherwise.
    package init?(scope: String, name: String) {
        guard Self.isValidScope(scope), Self.isValidName(name) else { return nil }
        self.scope = scope
        self.name = name
    }

    /// `scope.name` read back (as `--replace-scm-with-registry` and `.package(id:)` write it).
    package init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(scope: String(parts[0]), name: String(parts[1]))
    }

    /// SE-0292 3.6.1: 1 to 39 letters, digits and `-`, a `-` only between two letters or digits.
    package static func isValidScope(_ scope: String) -> Bool {
        isValid(scope, maximum: 39, separators: [UInt8(ascii: "-")])
    }

    /// SE-0292 3.6.2: 1 to 100 letters, digits, `-` and `_`, a separator only between two letters or digits.
    package static func isValidName(_ name: String) -> Bool {
        isValid(name, maximum: 100, separators: [UInt8(ascii: "-"), UInt8(ascii: "_")])
    }

    /// Why `name` is not a registry name, in a sentence; nil when it is one.
    package static func problem(withName name: String) -> String? {
        guard !isValidName(name) else { return nil }
        return "'\(name)' " + nameProblem.dropFirst("its name ".count)
    }

    /// What `problem(withName:)` says of every name it refuses.
    package static let nameProblem =
        "its name is not a registry package name (letters and digits, with - or _ only between two of them, at most 100 characters): rename the pod to publish it through the registry"

    private static func isValid(_ text: String, maximum: Int, separators: Set<UInt8>) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximum else { return false }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        for (index, byte) in bytes.enumerated() {
            if isAlphanumeric(byte) { continue }
            guard separators.contains(byte), index > 0, index < bytes.count - 1, isAlphanumeric(bytes[index - 1]),
                isAlphanumeric(bytes[index + 1])
            else { return false }
        }
        return true
    }

    /// The registry version of a pod version: SwiftPM asks registries for semantic versions, so
    /// `1.2` is released as `1.2.0` and `2` as `2.0.0`; a prerelease keeps its label (`1.0.0-beta.1`).
    /// Nil for a version that is no semantic version once padded (`1.2.3.4`, `1.0-beta`): such a
    /// release stays a git release.
    package static func registryVersion(of version: String) -> String? {
        let (core, prerelease): (Substring, Substring?) = {
            guard let dash = version.firstIndex(of: "-") else { return (Substring(version), nil) }
            return (version[..<dash], version[version.index(after: dash)...])
        }()
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        // Leading zeros are not semantic versions (`01.2.0`).
        guard parts.allSatisfy({ $0 == "0" || $0.first != "0" }) else { return nil }
        var text = (parts.map(String.init) + Array(repeating: "0", count: 3 - parts.count)).joined(separator: ".")
        if let prerelease {
            let identifiers = prerelease.split(separator: ".", omittingEmptySubsequences: false)
            guard
                identifiers.allSatisfy({ identifier in
                    !identifier.isEmpty
                        && identifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                })
            else { return nil }
            text += "-" + prerelease
        }
        return text
    }
}
