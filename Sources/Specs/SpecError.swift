/// A podspec that cannot be read: not JSON, or a key compose models holds the wrong type of value
/// (`"name": 42`, `"dependencies": "x"`, a requirement that does not parse).
public struct SpecError: ComposeFailure, Equatable {
    /// What the caller calls the file (its path, or `Name/version/Name.podspec.json`).
    public let label: String
    /// Where the offending value (or the spec object missing a key) starts.
    public let location: SourceLocation
    /// The key, as a path from the spec object: `dependencies`, `ios.dependencies`, `source.tag`;
    /// nil when the file is not JSON at all.
    public let key: String?
    /// The full name of the spec object (`Pay/Core`), when known.
    public let spec: String?
    /// What is wrong and what is expected, without the position.
    public let message: String

    public init(label: String, location: SourceLocation, key: String?, spec: String?, message: String) {
        self.label = label
        self.location = location
        self.key = key
        self.spec = spec
        self.message = message
    }

    public var kind: FailureKind { .input }

    /// `Pay/1.0.0/Pay.podspec.json:4:19: …`.
    public var description: String { "\(label):\(location): \(message)" }
}
