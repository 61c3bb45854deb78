/// What {{name}} offers. Replace this sample with the component's real API.
public enum {{name}}Info {
    /// The version of {{name}} this source belongs to; `compose publish` releases it under this tag.
    public static let version = "{{version}}"

    /// A sample call, so that the package has something to test.
    public static func greeting(for user: String) -> String {
        "Hello \(user), from {{name}}."
    }
}
