import Foundation
import Specs

/// Where compose keeps its state: `$COMPOSE_HOME`, default `~/.compose`. Clones of spec repos live
/// in `repos/NAME`, each with a lock file `repos/.NAME.lock`.
package struct ComposeHome: Sendable, Equatable {
    package let url: URL

    package init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// `$COMPOSE_HOME` when set and not empty, else `~/.compose`.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ComposeHome
    {
        if let value = environment["COMPOSE_HOME"], !value.isEmpty {
            return ComposeHome(url: URL(fileURLWithPath: value, isDirectory: true))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return ComposeHome(url: URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".compose"))
    }

    package var reposDirectory: URL { url.appendingPathComponent("repos", isDirectory: true) }

    /// The clone of repo `name` (validate the name first with `SpecRepoName.validate`).
    package func repoDirectory(_ name: String) -> URL { reposDirectory.appendingPathComponent(name, isDirectory: true) }

    func lockFile(_ name: String) -> URL { reposDirectory.appendingPathComponent(".\(name).lock") }
}

/// A spec repo's name becomes a folder name under `repos/`: it is checked as a `SafeName` of kind
/// `.specRepo`.
package enum SpecRepoName {
    package static func validate(_ name: String) throws(SpecRepoError) {
        do {
            _ = try SafeName(name, as: .specRepo)
        } catch {
            throw .invalidName(name, reason: error.reason)
        }
    }
}
