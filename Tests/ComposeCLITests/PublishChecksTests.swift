import ComposeTestSupport
import Foundation
import Testing

/// What `publish` checks beyond lint (dependencies in the spec repos, Package.swift agreeing with the
/// podspec) and `--dry-run`.
@Suite struct PublishChecksTests {
    static func packageSwift(product: String, dependencies: [String]) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "\(product)",
            products: [
                .library(name: "\(product)", targets: ["\(product)"]),
            ],
            dependencies: [
        \(dependencies.map { "        .package(url: \"https://git.example.com/ios/\($0).git\", from: \"1.0.0\")," }.joined(separator: "\n"))
            ],
            targets: [.target(name: "\(product)")]
        )

        """
    }

    /// A Pay 1.0.0 component on its own bare remote, its podspec depending on Networking `requirement`
    /// (nil: on nothing), Sources/Pay/Pay.swift holding `source`.
    static func makePay(
        in folder: URL, requirement: String?, manifest: String, source: String = "public enum Pay {}\n"
    ) throws -> URL {
        let remote = folder.appendingPathComponent("Pay.git")
        try runGit(["init", "-q", "--bare", "-b", "main", remote.path])
        let work = folder.appendingPathComponent("Pay")
        try runGit(["clone", "-q", remote.path, work.path])
        let spec = LintCommandTests.validSpec(
            name: "Pay", version: "1.0.0",
            extra: requirement.map { ",\n  \"dependencies\": { \"Networking\": [\"\($0)\"] }" } ?? ""
        ).replacingOccurrences(of: "https://git.example.com/ios/Pay.git", with: remote.absoluteString)
        try spec.write(to: work.appendingPathComponent("Pay.podspec.json"), atomically: true, encoding: .utf8)
        try manifest.write(to: work.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let sources = work.appendingPathComponent("Sources/Pay")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try source.write(to: sources.appendingPathComponent("Pay.swift"), atomically: true, encoding: .utf8)
        try "MIT\n".write(to: work.appendingPathComponent("LICENSE"), atomically: true, encoding: .utf8)
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "Pay 1.0.0"], in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)
        return work
    }

    @Test func aReleaseWhoseDependenciesOrManifestDisagreeIsRefusedBeforeTagging() async throws {
        let folder = try TemporaryDirectory("publish-checks")
        defer { folder.remove() }
        let specs = folder.url.appendingPathComponent("specs.git")
        let url = try makeBareRepository(
            at: specs,
            files: [
                "Networking/2.1.0/Networking.podspec.json": LintCommandTests.validSpec(
                    name: "Networking", version: "2.1.0"),
                "Storage/1.0.0/Storage.podspec.json": LintCommandTests.validSpec(name: "Storage", version: "1.0.0"),
            ])
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        #expect(try await runComposeInProcess(["repo", "add", "specs", url], environment: environment).code == 0)
        let work = try Self.makePay(
            in: folder.url, requirement: "~> 3.0",
            manifest: Self.packageSwift(product: "PayKit", dependencies: ["Storage"]))

        // Its dependencies are at git.example.com: not built here (PublishBuildTests builds).
        let refused = try await runComposeInProcess(
            ["publish", "specs", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(refused.code == 1, "\(refused.stdout)\(refused.stderr)")
        let lines = refused.stderr
        #expect(lines.contains("cannot be published yet; nothing was tagged or pushed"), "\(lines)")
        #expect(
            lines.contains(
                "Pay.podspec.json:11:21: error: no released Networking satisfies Networking (~> 3.0): the spec repos have 2.1.0 in specs"
            ))
        #expect(
            lines.contains("Package.swift:1:1: error: no library product is named `Pay` (it has `PayKit` at line 7)"))
        #expect(
            lines.contains(
                "Pay.podspec.json:11:21: error: the podspec depends on `Networking`, but Package.swift has no package dependency named so"
            ))
        #expect(
            lines.contains(
                "Package.swift:10:1: error: Package.swift depends on https://git.example.com/ios/Storage.git, the component `Storage` of the spec repos, but the podspec does not"
            ))
        #expect(try runGit(["tag"], in: work).stdout.isEmpty, "nothing tagged")

        // Fixed: the dry run says what would happen and does none of it.
        let fixed = LintCommandTests.validSpec(
            name: "Pay", version: "1.0.0", extra: ",\n  \"dependencies\": { \"Networking\": [\"~> 2.1\"] }"
        ).replacingOccurrences(
            of: "https://git.example.com/ios/Pay.git", with: folder.url.appendingPathComponent("Pay.git").absoluteString
        )
        try fixed.write(to: work.appendingPathComponent("Pay.podspec.json"), atomically: true, encoding: .utf8)
        // The layout `swift package init` writes: the product and the package spread over lines, comments.
        try """
        // swift-tools-version: 5.9
        // The swift-tools-version declares the minimum version of Swift required to build this package.

        import PackageDescription

        let package = Package(
            name: "Pay",
            products: [
                // Products define the executables and libraries a package produces, making them visible to other packages.
                .library(
                    name: "Pay",
                    targets: ["Pay"]
                ),
            ],
            dependencies: [
                .package(
                    url: "https://git.example.com/ios/Networking.git",
                    from: "2.1.0"
                ),
            ],
            targets: [
                .target(name: "Pay"),
            ]
        )

        """.write(to: work.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try runGit(["commit", "-q", "-am", "Pay 1.0.0, fixed"], in: work)
        let head = try runGit(["rev-parse", "--short=10", "HEAD"], in: work).stdout.trimmingCharacters(in: .newlines)

        let dry = try await runComposeInProcess(
            ["publish", "specs", "--dry-run", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(dry.code == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.contains("Dry run of publishing Pay 1.0.0 to specs; nothing was done:"))
        #expect(
            dry.stdout.contains("3. tag HEAD (\(head)) as 1.0.0, annotated, and push it to origin"), "\(dry.stdout)")
        #expect(dry.stdout.contains("2. build skipped (--skip-build)"), "\(dry.stdout)")
        #expect(
            dry.stdout.contains("5. write Pay/1.0.0/Pay.podspec.json (canonical JSON), commit it as [Add] Pay (1.0.0)"))
        #expect(try runGit(["tag"], in: work).stdout.isEmpty)
        #expect(try runGit(["rev-list", "--count", "main"], in: specs).stdout == "1\n")

        let published = try await runComposeInProcess(
            ["publish", "specs", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(published.code == 0, "\(published.stdout)\(published.stderr)")
        #expect(try runGit(["tag"], in: work).stdout == "1.0.0\n")

        // A dependency found only in a repo left out of --sources is refused.
        let other = try await runComposeInProcess(
            ["publish", "specs", "--dry-run", "--skip-build", "--sources", "specs"], environment: environment,
            currentDirectory: work)
        #expect(other.code == 1, "the version exists now: \(other.stderr)")
    }
}
