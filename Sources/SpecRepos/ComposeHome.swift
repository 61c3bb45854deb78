import Foundation
import Git
import Specs

/// Where compose keeps its state: `$COMPOSE_HOME`, default `~/.compose`. Clones of spec repos live
/// in `repos/NAME`, each with a lock file `repos/.NAME.lock`.
///
/// It also carries the environment of the command it serves, read once by the CLI and passed down:
/// no library reads the process environment on its own. What the storage core takes from it is
/// here (`credentials`, the spec index and resolve record switches); a home made with `init(url:)`
/// alone has an empty environment (no credentials, every cache on), as tests want.
package struct ComposeHome: Sendable, Equatable {
    package let url: URL
    /// The variables of the command's environment.
    package let environment: [String: String]

    package init(url: URL, environment: [String: String] = [:]) {
        self.url = url.standardizedFileURL
        self.environment = environment
    }

    /// `$COMPOSE_HOME` when set and not empty, else `~/.compose`; carrying `environment`.
    package static func fromEnvironment(_ environment: [String: String]) -> ComposeHome {
        if let value = environment["COMPOSE_HOME"], !value.isEmpty {
            return ComposeHome(url: URL(fileURLWithPath: value, isDirectory: true), environment: environment)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return ComposeHome(
            url: URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".compose"),
            environment: environment)
    }

    /// ssh keys, tokens and credential helpers from the environment (`Credentials.fromEnvironment`).
    package var credentials: Credentials { .fromEnvironment(environment) }

    /// `COMPOSE_SPEC_INDEX=0`: the spec index is neither read nor written.
    package var isSpecIndexDisabled: Bool { environment["COMPOSE_SPEC_INDEX"] == "0" }

    /// `COMPOSE_RESOLVE_RECORD=0`, or the spec index off: no record of a resolve with nothing to do.
    package var isResolveRecordDisabled: Bool {
        isSpecIndexDisabled || environment["COMPOSE_RESOLVE_RECORD"] == "0"
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
