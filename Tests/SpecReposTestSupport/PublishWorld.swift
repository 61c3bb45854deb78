import ComposeTestSupport
import Foundation
import Git
import SpecRepos

/// A spec repo served from a bare repository, a compose home with it added, and component repos.
package struct PublishWorld {
    package let temp: TemporaryDirectory
    /// Bare repositories live here (served by `daemon` when there is one).
    package let served: URL
    package let daemon: GitDaemon?

    package init(_ label: String, daemon useDaemon: Bool = false, specs: [String: String] = ["README.md": "specs\n"])
        throws
    {
        temp = try TemporaryDirectory(label)
        served = temp.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try makeBareRepository(at: served.appendingPathComponent("specs.git"), files: specs)
        daemon = useDaemon ? try GitDaemon(base: served) : nil
    }

    package func url(_ name: String) -> String {
        daemon?.url(name) ?? served.appendingPathComponent(name).absoluteURL.absoluteString
    }

    package var specsURL: String { url("specs.git") }

    /// A compose home with the spec repo added as `specs`.
    package func home(_ name: String = "home") throws -> ComposeHome {
        let home = ComposeHome(url: temp.url.appendingPathComponent(name))
        if !FileManager.default.fileExists(atPath: home.repoDirectory("specs").path) {
            try SpecRepoStore(home: home).add(name: "specs", url: specsURL)
        }
        return home
    }

    /// A component repository `Name.git` and a checkout of it at `checkout` whose HEAD holds
    /// `Name.podspec.json` for `version`. Returns the checkout.
    @discardableResult
    package func component(_ name: String, version: String, checkout: String? = nil, extra: String = "") throws -> URL {
        let bare = served.appendingPathComponent("\(name).git")
        if !FileManager.default.fileExists(atPath: bare.path) {
            try makeBareRepository(at: bare, files: ["README.md": "# \(name)\n"])
        }
        let work = temp.url.appendingPathComponent(checkout ?? "work-\(name)")
        if !FileManager.default.fileExists(atPath: work.path) {
            try runGit(["clone", "-q", url("\(name).git"), work.path])
        }
        try Data(podspec(name, version: version, extra: extra).utf8).write(
            to: work.appendingPathComponent("\(name).podspec.json"))
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "\(name) \(version)"], in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)
        return work
    }

    package func podspec(_ name: String, version: String, extra: String = "") -> String {
        """
        {
          "name": "\(name)",
          "version": "\(version)",
          "summary": "\(name) does things\(extra)",
          "homepage": "https://example.com/\(name)",
          "license": "MIT",
          "authors": {"Team": "team@example.com"},
          "source": {"git": "\(url("\(name).git"))", "tag": "\(version)"},
          "platforms": {"ios": "13.0"},
          "source_files": "Sources/\(name)/**/*.swift"
        }
        """
    }

    /// `git log --format=%s` of the served spec repo.
    package func specLog() throws -> [String] {
        try runGit(["log", "--format=%s", "main"], in: served.appendingPathComponent("specs.git")).stdout
            .split(separator: "\n").map(String.init)
    }

    /// Whether the served spec repo's main has `Name/version/Name.podspec.json`.
    package func remoteHasSpec(_ name: String, _ version: String) throws -> Bool {
        try runGit(
            ["cat-file", "-e", "main:\(name)/\(version)/\(name).podspec.json"],
            in: served.appendingPathComponent("specs.git"), check: false
        ).code == 0
    }

    /// The commit the served component's tag points at, or nil.
    package func remoteTag(_ name: String, _ tag: String) throws -> String? {
        let output = try runGit(
            ["rev-parse", "--verify", "-q", "refs/tags/\(tag)^{commit}"],
            in: served.appendingPathComponent("\(name).git"), check: false)
        return output.code == 0 ? output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    package func stop() {
        daemon?.stop()
        temp.remove()
    }
}

/// The environment for a spawned compose: its own home and a fixed git identity.
package func composeEnvironment(home: ComposeHome) -> [String: String?] {
    [
        "COMPOSE_HOME": home.url.path, "GIT_AUTHOR_NAME": "Release Bot", "GIT_AUTHOR_EMAIL": "bot@example.com",
        "NO_COLOR": "1",
    ]
}
