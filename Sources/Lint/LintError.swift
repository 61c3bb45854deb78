import Specs
import Support

/// Why a lint could not start: the paths given do not lead to spec files.
package enum LintError: ComposeFailure, Equatable {
    case notFound(path: String)
    case noSpecInFolder(path: String)
    case severalSpecsInFolder(path: String, files: [String])
    case notADirectory(path: String)
    case unreadableFolder(path: String, reason: String)
    /// A `.compose.yml` that compose cannot read.
    case badConfig(path: String, line: Int, message: String)

    package var kind: FailureKind { .input }

    package var description: String {
        switch self {
        case .notFound(let path):
            return
                "\(path): no such file or folder. Give a podspec (Name.podspec.json or Name.podspec) or a component folder holding one."
        case .noSpecInFolder(let path):
            return
                "\(path): the folder holds no Name.podspec.json or Name.podspec file. Give the spec file's path, or run from the component's folder."
        case .severalSpecsInFolder(let path, let files):
            return "\(path): the folder holds several specs (\(files.joined(separator: ", "))); name the one to lint."
        case .notADirectory(let path):
            return "\(path): not a folder. Give the root folder of a spec repository."
        case .badConfig(let path, let line, let message):
            return
                "\(path):\(line): \(message). The file holds `lint:` then `  ignore: [rule-id, …]` (docs/lint-rules.md)."
        case .unreadableFolder(let path, let reason):
            return "\(path): the folder cannot be read (\(reason)). Check its permissions."
        }
    }
}
