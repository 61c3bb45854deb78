import Foundation
import Git
import SpecRepos
import Specs
import Support

/// `compose repo convert DIR`: every Ruby `Name/version/Name.podspec` of a spec repo checkout that
/// has no `Name.podspec.json` beside it becomes that JSON file (canonical, as publish writes it),
/// the Ruby file removed, all in ONE commit. A file the reader refuses stays as it is and is
/// reported with its reason; when nothing converts, nothing is written or committed.
package struct SpecRepoConverter: Sendable {
    package struct Report: Sendable, Equatable {
        /// Relative paths of the JSON files written.
        package var converted: [String] = []
        /// Each Ruby podspec left as it is (its relative path, with `:line:column` when the reader
        /// refused it there), and why.
        package var refused: [(path: String, reason: String)] = []
        /// The commit made, when anything was converted.
        package var commit: String?

        package static func == (lhs: Report, rhs: Report) -> Bool {
            lhs.converted == rhs.converted && lhs.commit == rhs.commit
                && lhs.refused.map { "\($0.path) \($0.reason)" } == rhs.refused.map { "\($0.path) \($0.reason)" }
        }
    }

    package init() {}

    package func convert(repository directory: URL) throws(PublishError) -> Report {
        let layout = SpecRepoLayout(root: directory)
        let repository: Repository
        do {
            repository = try Repository.open(at: directory)
        } catch {
            throw .repo(.git(error, context: "\(directory.path) is not a git checkout of a spec repo"))
        }
        var report = Report()
        // What was written, so a failed commit puts every file back as it was.
        var written: [(json: String, ruby: String, rubyBytes: Data)] = []
        for pod in layout.walk().pods.sorted(by: { $0.name < $1.name }) {
            guard let name = try? SafeName(pod.name, as: .pod) else { continue }
            for (_, folder) in layout.versionFolders(of: pod.name).reversed() {
                guard let file = layout.specFile(of: name, folder: folder), file.format == .ruby,
                    let bytes = FileManager.default.contents(atPath: layout.absolute(file.path))
                else { continue }
                let json = String(file.path.dropLast(".podspec".count)) + ".podspec.json"
                do {
                    let node = try PodspecReader.readRuby(bytes: [UInt8](bytes), label: file.path)
                    let spec = try Spec(node: node, label: file.path)
                    guard spec.name == pod.name else {
                        report.refused.append((file.path, "it names the spec '\(spec.name)', not '\(pod.name)'"))
                        continue
                    }
                    try AtomicFile.write(
                        Data(PodspecReader.canonicalJSON(node).utf8), to: URL(fileURLWithPath: layout.absolute(json)))
                    try FileManager.default.removeItem(atPath: layout.absolute(file.path))
                    written.append((json, file.path, bytes))
                    report.converted.append(json)
                } catch let error as SpecError {
                    report.refused.append(("\(file.path):\(error.location)", error.message))
                } catch let error as AtomicWriteFailure {
                    restore(written, in: layout)
                    throw .repo(
                        .fileSystem(path: error.path, message: "cannot write the JSON spec: \(error.message)"))
                } catch {
                    restore(written, in: layout)
                    throw .repo(
                        .fileSystem(
                            path: layout.absolute(json),
                            message: "cannot write the JSON spec: \(error.localizedDescription)"))
                }
            }
        }
        guard !written.isEmpty else { return report }
        do {
            let files = written.flatMap { [$0.json, $0.ruby] }
            let noun = written.count == 1 ? "podspec" : "podspecs"
            let id = try repository.commit(files: files, message: "[Convert] \(written.count) Ruby \(noun) to JSON")
            report.commit = id.hex
        } catch {
            restore(written, in: layout)
            throw .repo(.git(error, context: "the converted specs were not committed; every file is as it was"))
        }
        return report
    }

    private func restore(_ written: [(json: String, ruby: String, rubyBytes: Data)], in layout: SpecRepoLayout) {
        for file in written {
            try? FileManager.default.removeItem(atPath: layout.absolute(file.json))
            try? AtomicFile.write(file.rubyBytes, to: URL(fileURLWithPath: layout.absolute(file.ruby)))
        }
    }
}
