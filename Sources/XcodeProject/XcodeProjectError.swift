/// Why an Xcode project was not changed. When one of these is thrown nothing was written.
package enum XcodeProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The project file does not parse.
    case parse(path: String, line: Int, column: Int, message: String)
    /// The file is larger than compose reads.
    case tooLarge(path: String, size: Int, limit: Int)
    /// A file or folder that must be read or written is a symbolic link.
    case symbolicLink(path: String)
    /// A file changed on disk between the read and the write.
    case changedOnDisk(path: String)
    /// A file could not be read.
    case readFailed(path: String, message: String)
    /// A file could not be written.
    case writeFailed(path: String, message: String)
    /// The project has something compose needs in another shape (no PBXProject, no main group…).
    case invalidProject(path: String, reason: String)
    /// A target to integrate is not a native target of the project.
    case missingTarget(name: String, project: String, available: [String])
    /// The package path cannot be written into the project.
    case invalidPackagePath(String, reason: String)

    /// True when the input is at fault (exit code 1); false for the environment (exit code 3).
    package var isInputError: Bool {
        switch self {
        case .parse, .tooLarge, .invalidProject, .missingTarget, .invalidPackagePath, .symbolicLink:
            return true
        case .changedOnDisk, .readFailed, .writeFailed:
            return false
        }
    }

    package var description: String {
        switch self {
        case .parse(let path, let line, let column, let message):
            return
                "\(path):\(line):\(column): \(message). Nothing was written; fix the file (or restore it with git) and run the command again."
        case .tooLarge(let path, let size, let limit):
            return
                "\(path) is \(size) bytes, more than the \(limit) compose reads for a project file. Nothing was written."
        case .symbolicLink(let path):
            return
                "\(path) is a symbolic link: compose changes project files only where they are, never through a link. Nothing was written; point the command at the real project."
        case .changedOnDisk(let path):
            return
                "\(path) changed on disk while compose was working on it (Xcode saving it?). Nothing was written; run the command again (close the project in Xcode if it keeps happening)."
        case .readFailed(let path, let message):
            return "cannot read \(path): \(message)."
        case .writeFailed(let path, let message):
            return "cannot write \(path): \(message). The file was left as it was."
        case .invalidProject(let path, let reason):
            return "\(path): \(reason). Nothing was written."
        case .missingTarget(let name, let project, let available):
            let list =
                available.isEmpty ? "it has none" : "it has " + available.map { "'\($0)'" }.joined(separator: ", ")
            return
                "the target '\(name)' is not a native target of \(project) (\(list)). Nothing was written; fix the target's name in the Podfile or add the target in Xcode."
        case .invalidPackagePath(let path, let reason):
            return "cannot refer to the package at '\(path)' from the project: \(reason). Nothing was written."
        }
    }
}
