import Specs
import Support

/// Everything that can go wrong reading a Composefile or a Compose.lock.
package enum ComposefileError: ComposeFailure, Equatable {
    /// Ruby beyond the declarative DSL (`def`, `if`, variables, interpolation …).
    case rubyCode(ComposefileLocation, construct: String, advice: String)
    /// A word that is not a Composefile directive.
    case unknownDirective(ComposefileLocation, name: String)
    /// Malformed text: an unterminated string, a missing `end`, an unexpected character.
    case syntax(ComposefileLocation, message: String)
    /// A well-formed line with a value that is not allowed (bad requirement, platform, option).
    case invalidValue(ComposefileLocation, message: String)
    /// Neither a Composefile nor a Podfile in the project folder: as the user named it, and its full path.
    case notFound(directory: String, path: String)
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// Compose.lock is not in the expected shape.
    case malformedLock(path: String, message: String)
    /// Compose.lock could not be written.
    case unwritable(path: String, reason: String)

    package var kind: FailureKind {
        switch self {
        case .unreadable, .unwritable: return .environment
        default: return .input
        }
    }

    package var description: String {
        switch self {
        case .rubyCode(let location, let construct, let advice):
            return "\(location): \(construct) is Ruby code, which a Composefile does not run. \(advice)"
        case .unknownDirective(let location, let name):
            return "\(location): '\(name)' is not a Composefile directive. Use source, platform, target, "
                + "abstract_target, inherit!, pod, use_frameworks! (or another bare flag), project or workspace."
        case .syntax(let location, let message):
            return "\(location): \(message)"
        case .invalidValue(let location, let message):
            return "\(location): \(message)"
        case .notFound(let directory, let path):
            // "in ." reads as "in the parent" once the sentence's period follows it.
            let folder = directory == "." || directory.isEmpty ? "this folder (\(path))" : "'\(directory)'"
            return
                "No Composefile (or Podfile) in \(folder). Create one there, or point at the project with --project DIR."
        case .unreadable(let path, let reason):
            return "Cannot read \(path): \(reason). Check that the file exists and is readable."
        case .malformedLock(let path, let message):
            if path.hasSuffix("Podfile.lock") {
                return
                    "\(path) cannot be read as a lock: \(message). Fix it (or move it aside to resolve without it) and run 'compose resolve'."
            }
            return
                "\(path) is not a valid Compose.lock: \(message). Delete it and run 'compose resolve' to write a new one."
        case .unwritable(let path, let reason):
            return "Cannot write \(path): \(reason). Check the folder's permissions and free space."
        }
    }
}
