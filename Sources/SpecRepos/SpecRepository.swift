import Foundation
public import Specs

/// A spec repository's tree on disk (`Name/version/Name.podspec.json`, under `Specs/` when the
/// repository has that folder), read-only and lazily: the top folder is listed only when every
/// name is asked for, a name's folder only when that name is, a spec file only when its version is.
/// Listings are cached for the object's life; a repository of 100k specs costs one directory
/// listing per name looked up.
///
/// Not `Sendable`: one task reads through it (the caches are unsynchronised). Make one per task.
public final class SpecRepository {
    /// The folder as given.
    public let root: URL
    /// The folder holding the `Name/` folders: `root/Specs` when present, else `root`.
    public let specsFolder: URL
    private var names: [String]?
    /// Per name: version and the folder it is spelled as, newest first.
    private var listed: [String: [(version: Version, folder: String)]] = [:]

    public init(root: URL) {
        self.root = root
        let specs = root.appendingPathComponent("Specs", isDirectory: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: specs.path, isDirectory: &isDirectory), isDirectory.boolValue {
            specsFolder = specs
        } else {
            specsFolder = root
        }
    }

    /// Every pod folder's name (hidden entries and files skipped), sorted.
    public func podNames() -> [String] {
        if let names { return names }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: specsFolder.path)) ?? []
        let result = entries.filter { entry in
            var isDirectory: ObjCBool = false
            return !entry.hasPrefix(".")
                && FileManager.default.fileExists(atPath: specsFolder.appendingPathComponent(entry).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
        names = result
        return result
    }

    /// The versions of `name`, newest first: the folders whose name is a version and that hold
    /// `name.podspec.json`. Empty when the repository has no such pod (or `name` could leave the folder).
    public func versions(of name: String) -> [Version] {
        table(for: name).map(\.version)
    }

    /// The path and bytes of `name`'s spec at `version`.
    public func specFile(name: String, version: Version) throws(SpecRepoError) -> (path: String, data: Data) {
        guard Self.isSafe(name) else { throw .unreadableSpec(path: name, message: "not a pod name (it could leave the spec repo's folder)") }
        let folder = table(for: name).first { $0.version.string == version.string }?.folder ?? version.string
        let path = specsFolder.appendingPathComponent(name).appendingPathComponent(folder)
            .appendingPathComponent("\(name).podspec.json").path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableSpec(path: path, message: "no such file (only JSON podspecs are read)")
        }
        return (path, data)
    }

    /// `name`'s spec at `version`, decoded.
    public func spec(name: String, version: Version) throws(SpecRepoError) -> Spec {
        let file = try specFile(name: name, version: version)
        do {
            return try Spec(json: file.data, label: file.path)
        } catch {
            throw .invalidSpec(error)
        }
    }

    private func table(for name: String) -> [(version: Version, folder: String)] {
        if let cached = listed[name] { return cached }
        guard Self.isSafe(name) else { return [] }
        let directory = specsFolder.appendingPathComponent(name, isDirectory: true)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var table: [(version: Version, folder: String)] = []
        for entry in entries {
            guard let version = try? Version(entry),
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(entry)/\(name).podspec.json").path)
            else { continue }
            table.append((version, entry))
        }
        table.sort { $0.version > $1.version }
        listed[name] = table
        return table
    }

    /// Whether `name` stays inside its folder: not empty, no `/`, `\` or NUL, not starting with `.`.
    static func isSafe(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
    }
}
