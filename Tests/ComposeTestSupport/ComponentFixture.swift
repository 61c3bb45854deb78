import Foundation

/// Components as a team has them: each a SwiftPM package in its own bare repository under
/// `remotes/` (tagged per release), and a spec repo folder `specs/` whose specs name them by
/// `baseURL/Name.git` (a git daemon's URL, or `file://` of `remotes`). A component's library says
/// which release it is and what it is built on: `Feature.text` is "Feature 1.0.0 on Base 1.1.0".
package struct ComponentFixture {
    package let root: URL
    package let baseURL: String

    package var remotes: URL { root.appendingPathComponent("remotes") }
    package var specs: URL { root.appendingPathComponent("specs") }

    /// `baseURL` nil: `file://` URLs of the bare repositories.
    package init(root: URL, baseURL: String? = nil) throws {
        self.root = root
        self.baseURL =
            baseURL
            ?? URL(fileURLWithPath: root.appendingPathComponent("remotes").path).absoluteString
            .trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        for folder in ["remotes", "specs", "src"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    package func url(of name: String) -> String { "\(baseURL)/\(name).git" }

    /// Commits release `version` of component `name` (depending on `dependencies`, `from: "1.0.0"`),
    /// tags it, pushes both, and writes its spec. `manifest: false` leaves Package.swift out (a pod
    /// that only has a podspec); `extraFiles` are added to the tree.
    package func release(
        _ name: String, _ version: String, dependencies: [String] = [], manifest: Bool = true,
        extraFiles: [String: String] = [:], summary: String? = nil
    ) throws {
        let work = root.appendingPathComponent("src/\(name)")
        let bare = remotes.appendingPathComponent("\(name).git")
        if !FileManager.default.fileExists(atPath: work.path) {
            try runGit(["init", "-q", "-b", "main", work.path])
            try runGit(["init", "-q", "--bare", bare.path])
            try runGit(["remote", "add", "origin", bare.path], in: work)
        }
        var files = extraFiles
        let packages = dependencies.map { ".package(url: \"\(url(of: $0))\", from: \"1.0.0\")" }
        let products = dependencies.map { ".product(name: \"\($0)\", package: \"\($0)\")" }
        if manifest {
            files["Package.swift"] = """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "\(name)",
                    platforms: [.macOS(.v10_15)],
                    products: [.library(name: "\(name)", targets: ["\(name)"])],
                    dependencies: [\(packages.joined(separator: ", "))],
                    targets: [.target(name: "\(name)", dependencies: [\(products.joined(separator: ", "))])]
                )

                """
        } else {
            try? FileManager.default.removeItem(at: work.appendingPathComponent("Package.swift"))
        }
        let on = dependencies.map { " + \" on \" + \($0).text" }.joined()
        files["Sources/\(name)/\(name).swift"] =
            dependencies.map { "import \($0)\n" }.joined()
            + "public enum \(name) {\n    public static var text: String { \"\(name) \(version)\"\(on) }\n}\n"
        for (path, contents) in files {
            let file = work.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: file)
        }
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "--allow-empty", "-m", "\(name) \(version)"], in: work)
        try runGit(["tag", version], in: work)
        try runGit(["push", "-q", "origin", "main", version], in: work)
        let dependencyJSON = dependencies.map { "\"\($0)\": [\"~> 1.0\"]" }.joined(separator: ", ")
        let spec = """
            {
              "name": "\(name)",
              "version": "\(version)",
              "summary": "\(summary ?? "The \(name) component.")",
              "homepage": "https://example.com/\(name)",
              "license": {"type": "MIT"},
              "authors": {"Shopping App iOS Team": "ios-team@example.com"},
              "source": {"git": "\(url(of: name))", "tag": "\(version)"},
              "platforms": {"ios": "13.0", "osx": "10.15"},
              "swift_versions": ["5.9"],
              "source_files": "Sources/**/*.swift",
              "dependencies": {\(dependencyJSON)}
            }

            """
        let folder = specs.appendingPathComponent("\(name)/\(version)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(spec.utf8).write(to: folder.appendingPathComponent("\(name).podspec.json"))
    }
}
