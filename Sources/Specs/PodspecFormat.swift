/// How a podspec file is written, and the one place its two file names are chosen: `Name.podspec.json`
/// (JSON) or `Name.podspec` (CocoaPods' Ruby DSL). Where one folder holds both for a name, the JSON
/// one wins (`readable`'s order): in a spec repo, a component's folder and a git checkout alike.
package enum PodspecFormat: Sendable, Equatable {
    /// `Name.podspec.json`
    case json
    /// `Name.podspec`
    case ruby

    /// The formats read, in order of preference: `Name.podspec.json` wins over `Name.podspec`.
    package static let readable: [PodspecFormat] = [.json, .ruby]

    /// `.podspec.json` or `.podspec`.
    package var suffix: String {
        switch self {
        case .json: ".podspec.json"
        case .ruby: ".podspec"
        }
    }

    /// `Name.podspec.json` or `Name.podspec`.
    package func fileName(for name: String) -> String { name + suffix }

    /// The names a pod's spec file may have, the preferred one first.
    package static func fileNames(for name: String) -> [String] { readable.map { $0.fileName(for: name) } }

    /// The format a file name says (`.podspec.json` or `.podspec`); nil for anything else.
    package static func of(path: String) -> PodspecFormat? {
        readable.first { path.hasSuffix($0.suffix) }
    }

    /// The pod name a podspec file's name gives (`Pay.podspec.json` → `Pay`); nil for another file.
    package static func podName(ofFile fileName: String) -> String? {
        of(path: fileName).map { String(fileName.dropLast($0.suffix.count)) }
    }
}
