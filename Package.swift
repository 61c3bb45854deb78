// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top (imports go one way): Specs → Lint → Git → SpecRepos → CDN → Registry, Layering →
// Catalogue, Publishing; Resolution → ComposefileFormat → Project → Install → Scaffold → ComposeCLI → compose.
// See docs/DESIGN.md.

/// A library of compose's own; its README.md is documentation, not a source.
func library(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, exclude: ["README.md"])
}

let package = Package(
    name: "compose",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "compose", targets: ["compose"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.26.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.30.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        .package(url: "https://github.com/JohnSundell/Ink", exact: "0.6.0"),
    ],
    targets: [
        /** libgit2 as installed by Debian's libgit2-dev. */
        .systemLibrary(name: "CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"])]),
        /** Basics below every module: running a process, replacing a file atomically, an export's output
            folder, file kinds and no-follow reads, file patterns, the error contract (ComposeFailure). */
        library("Support"),
        /** An Xcode project read and written losslessly; CocoaPods taken out, a local package linked in. */
        library("XcodeProject", ["Support"]),
        /** SHA-1, SHA-256 and MD5 through swift-crypto: checksums, shard folders, cache names. Kept out of
            Specs so that the parsers (and their fuzzing build) do not link BoringSSL. */
        library("Digests", [.product(name: "Crypto", package: "swift-crypto")]),
        /** The Ruby subset Podfiles and podspecs are written in: lexer, parser, sandboxed evaluator. */
        .target(
            name: "Ruby", exclude: ["README.md"],
            // ICU's C API, for regular expressions that can be stopped (RubyRegexEngine.swift).
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        /** Pure values: Version, Requirement, Spec, Platform; podspec JSON. No I/O. */
        library("Specs", ["Ruby", "Support"]),
        /** Lint rules over a Spec. */
        library("Lint", ["Specs", "Support", "Yams"]),
        /** The one Swift wrapper of libgit2. */
        library("Git", ["CGit2", "Support"]),
        /** Spec repos on disk: the compose home, layouts, clones (SpecRepoStore), the spec index, locks. */
        library("SpecRepos", ["Specs", "Git", "Support", "Digests"]),
        /** HTTP spec sources in CocoaPods' CDN layout: the HTTP client, the CDN reader, the export. */
        library(
            "CDN",
            [
                "Specs", "SpecRepos", "Support", "Digests",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        /** A Package.swift read without running it (swift-syntax's parser): products, dependencies, targets. */
        library(
            "PackageManifests",
            [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]),
        /** A spec repo as a Swift package registry (SE-0292): source archives, release metadata, the
            static export and the embedded server. */
        library(
            "Registry",
            [
                "Specs", "Git", "SpecRepos", "CDN", "Support",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        /** The component graph of a spec repo, its layering rules (Layers.yml) and its pictures. */
        library("Layering", ["Specs", "Lint", "SpecRepos", "Support", "Yams"]),
        /** The web catalogue of a spec repo: pages, search index, the linked graph (repo export --site). */
        library(
            "Catalogue",
            ["Specs", "Lint", "Git", "SpecRepos", "Layering", "Support", .product(name: "Ink", package: "Ink")]),
        /** Releases: the publish transaction, its checks, deprecation, repo lint, conversion. */
        library("Publishing", ["Specs", "Lint", "Git", "SpecRepos", "Layering", "PackageManifests", "Support"]),
        /** PubGrub over a provider protocol. Knows nothing of files or git. */
        library("Resolution", ["Specs", "Support"]),
        /** Composefile parser; Compose.lock reader and writer. */
        library("ComposefileFormat", ["Ruby", "Specs", "Support", "Yams"]),
        /** A project folder: Composefile + sources + Compose.lock → resolve, update, outdated. */
        library(
            "Project",
            [
                "Specs", "Lint", "Git", "SpecRepos", "CDN", "Layering", "Resolution", "ComposefileFormat", "Support",
                "Digests",
            ]),
        /** Lock → fetched sources → a generated SwiftPM package. */
        library(
            "Install",
            [
                "Specs", "Lint", "Git", "SpecRepos", "CDN", "Registry", "Project", "PackageManifests", "Support",
                "Digests",
            ]),
        /** The app's Xcode project as CocoaPods finds it from the Podfile; `compose integrate`/`deintegrate`. */
        library("XcodeIntegration", ["ComposefileFormat", "Specs", "Support", "XcodeProject"]),
        /** Templates/ → a new component. */
        library("Scaffold", ["Specs", "Git", "Support", .product(name: "Mustache", package: "swift-mustache")]),
        /** Commands, output formats, progress, exit codes. */
        library(
            "ComposeCLI",
            [
                "Specs", "Lint", "Git", "SpecRepos", "CDN", "Layering", "Catalogue", "Publishing", "ComposefileFormat",
                "Project", "Install", "Registry", "Scaffold", "Support", "XcodeIntegration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "compose", dependencies: ["ComposeCLI"]),
        /** The manual page (mdoc) from `compose --experimental-dump-help`; Foundation only. */
        library("ManualPage"),
        /** make man's writer of compose.1: dump-help JSON in, the page out. Not shipped. */
        .executableTarget(name: "compose-manual", dependencies: ["ManualPage"]),
        /** The resolver benchmark's driver (bench/run.sh): graph generator and in-process timing. Not shipped. */
        .executableTarget(name: "compose-bench", dependencies: ["Resolution", "Specs"], path: "bench/compose-bench"),
        /** libFuzzer harnesses of the parsers (scripts/fuzz.sh, make fuzz). Not shipped. */
        .executableTarget(
            name: "compose-fuzz", dependencies: ["Specs", "ComposefileFormat", "FuzzSupport"], path: "Fuzz/compose-fuzz"
        ),
        /** What both fuzzing products share: choosing the harness, keeping a result alive. */
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        /** libFuzzer harnesses of HTTP answers and the manifest writer (links SwiftNIO; make fuzz). Not shipped. */
        .executableTarget(
            name: "compose-fuzz-sources", dependencies: ["Specs", "CDN", "Install", "FuzzSupport"],
            path: "Fuzz/compose-fuzz-sources"),

        /** Temporary folders, git repositories and servers, spawned processes, file and spec fixtures.
            Depends on no module of compose, so module tests build without the CLI. A test target that
            runs the built binary (`runCompose`) depends on `compose`, so that it is built with the tests. */
        .target(name: "ComposeTestSupport", path: "Tests/ComposeTestSupport"),
        .testTarget(name: "RubyTests", dependencies: ["Ruby", "ComposeTestSupport"]),
        .testTarget(name: "SpecsTests", dependencies: ["Specs", "ComposeTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GitTests", dependencies: ["Git", "ComposeTestSupport"]),
        .testTarget(name: "PackageManifestsTests", dependencies: ["PackageManifests"]),
        .testTarget(name: "SupportTests", dependencies: ["Support", "ComposeTestSupport"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "Support"], exclude: ["Fixtures"]),
        /** A spec repo served from a bare repository, a compose home with it added, component repos. */
        .target(
            name: "SpecReposTestSupport", dependencies: ["SpecRepos", "Git", "ComposeTestSupport"],
            path: "Tests/SpecReposTestSupport"),
        .testTarget(
            name: "SpecReposTests",
            dependencies: [
                "SpecRepos", "Publishing", "Specs", "Git", "ComposeTestSupport", "SpecReposTestSupport", "compose",
            ]),
        .testTarget(
            name: "CDNTests", dependencies: ["CDN", "SpecRepos", "Specs", "Git", "Digests", "ComposeTestSupport"]),
        .testTarget(
            name: "LayeringTests",
            dependencies: ["Layering", "Lint", "Publishing", "SpecRepos", "ComposeTestSupport", "SpecReposTestSupport"]),
        .testTarget(
            name: "PublishingTests",
            dependencies: [
                "Publishing", "Layering", "Lint", "SpecRepos", "Specs", "Git", "ComposeTestSupport",
                "SpecReposTestSupport", "compose",
            ]),
        .testTarget(name: "CatalogueTests", dependencies: ["Catalogue", "SpecRepos", "ComposeTestSupport"]),
        .testTarget(
            name: "ComposefileFormatTests",
            dependencies: ["ComposefileFormat", "Specs", "Digests", "ComposeTestSupport"]),
        .testTarget(
            name: "ProjectTests",
            dependencies: [
                "Project", "SpecRepos", "CDN", "ComposefileFormat", "Resolution", "Specs", "Support", "Digests",
                "ComposeTestSupport",
                "compose",
            ]),
        .testTarget(name: "ScaffoldTests", dependencies: ["Scaffold", "Git", "Lint", "ComposeTestSupport"]),
        .testTarget(
            name: "InstallTests",
            dependencies: [
                "Install", "Project", "ComposefileFormat", "Scaffold", "Git", "Specs", "Support", "Digests",
                "ComposeTestSupport",
                "compose",
            ]),
        /** Commands run in process through the root command (outputs, exit codes, help, usage errors). */
        .testTarget(
            name: "ComposeCLITests",
            dependencies: [
                "ComposeCLI", "ComposeTestSupport", "ManualPage", "compose", "compose-manual",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "EndToEndTests", dependencies: ["ComposeTestSupport", "compose"]),
        .testTarget(
            name: "RegistryTests", dependencies: ["Registry", "SpecRepos", "Specs", "ComposeTestSupport", "compose"]),
        .testTarget(
            name: "ResolutionTests", dependencies: ["Resolution", "Support", "ComposeTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "LintTests", dependencies: ["Lint", "ComposeTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
