import Foundation

/// Where compose keeps its state: `$COMPOSE_HOME`, default `~/.compose`. Clones of spec repos live
/// in `repos/NAME`, each with a lock file `repos/.NAME.lock`.
public struct ComposeHome: Sendable, Equatable {
    public let url: URL

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// `$COMPOSE_HOME` when set and not empty, else `~/.compose`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ComposeHome
    {
        if let value = environment["COMPOSE_HOME"], !value.isEmpty {
            return ComposeHome(url: URL(fileURLWithPath: value, isDirectory: true))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return ComposeHome(url: URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".compose"))
    }

    public var reposDirectory: URL { url.appendingPathComponent("repos", isDirectory: true) }

    /// The clone of repo `name` (validate the name first with `SpecRepoName.validate`).
    public func repoDirectory(_ name: String) -> URL { reposDirectory.appendingPathComponent(name, isDirectory: true) }

    func lockFile(_ name: String) -> URL { reposDirectory.appendingPathComponent(".\(name).lock") }
}

/// The rules for a spec repo's name: it becomes a folder name under `repos/`, so it must not escape it.
public enum SpecRepoName {
    public static func validate(_ name: String) throws(SpecRepoError) {
        let reason: String?
        if name.isEmpty {
            reason = "it is empty"
        } else if name.contains("/") || name.contains("\\") {
            reason = "it contains a path separator"
        } else if name.contains("..") {
            reason = "it contains '..'"
        } else if name.hasPrefix(".") {
            reason = "it starts with '.'"
        } else if name.hasPrefix("-") {
            reason = "it starts with '-'"
        } else if name.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) }) {
            reason = "it contains whitespace"
        } else if name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) || $0 == ":" }) {
            reason = "it contains a control character or ':'"
        } else if name.utf8.count > 100 {
            reason = "it is longer than 100 bytes"
        } else {
            reason = nil
        }
        if let reason { throw .invalidName(name, reason: reason) }
    }
}
