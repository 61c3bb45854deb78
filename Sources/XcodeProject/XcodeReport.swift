/// Something compose removed from or added to a project, for the report.
package struct XcodeChange: Sendable, Equatable, CustomStringConvertible {
    /// The target it concerns; nil for the project as a whole.
    package let target: String?
    package let description: String

    package init(target: String?, _ description: String) {
        self.target = target
        self.description = description
    }
}

/// Something the user should know or do: what still mentions CocoaPods, what was taken out of a file
/// of theirs. `file` and `line` say where when there is a place (a user xcconfig).
package struct XcodeNote: Sendable, Equatable, CustomStringConvertible {
    package let file: String?
    package let line: Int?
    package let target: String?
    /// What was found or done, and what to do about it.
    package let message: String

    package init(file: String? = nil, line: Int? = nil, target: String? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.target = target
        self.message = message
    }

    package var description: String {
        var place = ""
        if let file {
            place = file + (line.map { ":\($0)" } ?? "") + ": "
        }
        let who = target.map { "target '\($0)': " } ?? ""
        return place + who + message
    }
}

/// What an integration or deintegration did to a project.
package struct XcodeReport: Sendable, Equatable {
    package var removed: [XcodeChange] = []
    package var added: [XcodeChange] = []
    package var notes: [XcodeNote] = []
    /// The files written (none when nothing changed), in the order written.
    package var writtenFiles: [String] = []

    package init() {}

    /// True when a file was (or, for a dry run, would be) written.
    package var changed: Bool { !writtenFiles.isEmpty }
}
