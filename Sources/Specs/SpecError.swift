import Support

/// A podspec that cannot be read: not JSON, or a key compose models holds the wrong type of value
/// (`"name": 42`, `"dependencies": "x"`, a requirement that does not parse).
package struct SpecError: ComposeFailure, Equatable {
    /// What the caller calls the file (its path, or `Name/version/Name.podspec.json`).
    package let label: String
    /// Where the offending value (or the spec object missing a key) starts.
    package let location: SourceLocation
    /// The key, as a path from the spec object: `dependencies`, `ios.dependencies`, `source.tag`;
    /// nil when the file is not JSON at all.
    package let key: String?
    /// The full name of the spec object (`Pay/Core`), when known.
    package let spec: String?
    /// What is wrong and what is expected, without the position.
    package let message: String

    package init(label: String, location: SourceLocation, key: String?, spec: String?, message: String) {
        self.label = label
        self.location = location
        self.key = key
        self.spec = spec
        self.message = message
    }

    package var kind: FailureKind { .input }

    /// `Pay/1.0.0/Pay.podspec.json:4:19: …`.
    package var description: String { "\(label):\(location): \(message)" }
}
