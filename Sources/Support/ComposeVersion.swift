/// compose's version, in semantic versioning (MAJOR.MINOR.PATCH): while MAJOR is 0, a MINOR release may
/// change a command's output or a file compose writes, and CHANGELOG.md says how; a PATCH release
/// changes neither. `compose --version` prints it and HTTP requests carry it as `compose/VERSION`.
package enum ComposeVersion {
    package static let current = "0.13.0"

    /// The `User-Agent` of compose's HTTP requests.
    package static var userAgent: String { "compose/\(current)" }
}
