import Specs
import Support

/// Why a component could not be created. Nothing is left behind when one of these is thrown.
package enum ScaffoldError: ComposeFailure, Equatable {
    /// The component name cannot be used; `reason` says why.
    case invalidName(String, reason: String)
    /// A value that goes into the generated files (author, e-mail, URL) contains characters that
    /// would break them.
    case invalidValue(option: String, value: String, reason: String)
    /// The folder the component would be written to exists already.
    case folderExists(String)
    /// The output folder does not exist or is not a folder.
    case outputNotAFolder(String)
    /// A template could not be parsed (a broken Templates/ folder).
    case templateError(path: String, message: String)
    /// Writing the new component failed.
    case writeFailed(path: String, message: String)
    /// The first commit of the new component failed; the folder was removed.
    case gitFailed(path: String, message: String)

    package var kind: FailureKind {
        switch self {
        case .invalidName, .invalidValue, .folderExists, .outputNotAFolder: return .input
        case .templateError, .writeFailed, .gitFailed: return .environment
        }
    }

    package var description: String {
        switch self {
        case .invalidName(let name, let reason):
            return "'\(name)' cannot name a component: \(reason). Use a Swift identifier such as Payments or PayKit."
        case .invalidValue(let option, let value, let reason):
            return "\(option) '\(value)' cannot be used: \(reason)."
        case .folderExists(let path):
            return "\(path) exists already; choose another name or --output folder (compose never overwrites a folder)."
        case .outputNotAFolder(let path):
            return "the output folder \(path) does not exist or is not a folder; create it or pass another --output."
        case .templateError(let path, let message):
            return
                "the template \(path) is broken: \(message). Reinstall compose or fix Templates/ and run `make templates`."
        case .writeFailed(let path, let message):
            return
                "could not write \(path): \(message). Nothing was created; check permissions and free space, then run again."
        case .gitFailed(let path, let message):
            return
                "could not make the first commit in \(path): \(message). Nothing was created; run again with --no-git to skip git."
        }
    }
}
