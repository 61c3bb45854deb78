import Foundation
import Specs

/// A place pods are looked up in: a spec repository's folder (`Name/version/Name.podspec.json`),
/// read in place, lazily: a name's folder is listed only when the name is asked for, a spec file
/// is read only when its version is.
final class PodSource {
    /// The source as the Composefile wrote it (the lock's SPEC REPOS key).
    let key: String
    /// The folder holding `Name/` directories.
    let folder: URL
    private var listed: [String: [String: String]] = [:]

    init(key: String, folder: URL) {
        self.key = key
        let specs = folder.appendingPathComponent("Specs", isDirectory: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: specs.path, isDirectory: &isDirectory), isDirectory.boolValue {
            self.folder = specs
        } else {
            self.folder = folder
        }
    }

    /// The versions of `name` (spelled as their folders are), or nil when the source has no such pod.
    func versions(of name: String) -> [Version]? {
        guard let table = table(for: name) else { return nil }
        return table.keys.compactMap { try? Version($0) }
    }

    /// The spec file of `name` at `version`: its path and bytes.
    func specFile(of name: String, version: Version) throws(ProjectError) -> (path: String, data: Data) {
        let directory = table(for: name)?[version.string] ?? version.string
        let path = folder.appendingPathComponent(name).appendingPathComponent(directory)
            .appendingPathComponent("\(name).podspec.json").path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file (only JSON podspecs are read)")
        }
        return (path, data)
    }

    private func table(for name: String) -> [String: String]? {
        if let cached = listed[name] { return cached.isEmpty ? nil : cached }
        let directory = folder.appendingPathComponent(name, isDirectory: true).path
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var table: [String: String] = [:]
        for entry in entries where Version.isValid(entry) {
            let file = "\(directory)/\(entry)/\(name).podspec.json"
            if FileManager.default.fileExists(atPath: file) { table[entry] = entry }
        }
        listed[name] = table
        return table.isEmpty ? nil : table
    }
}
