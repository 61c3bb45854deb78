/// Every rule id compose reports, whichever check reports it: the spec rules (`builtInRules`), the
/// note on a component without a Package.swift, the full lint's build, the spec repo's layout
/// (`compose repo lint`), the layering rules (Layers.yml) and publish's checks. One catalog: every
/// finding carries one of these ids, `--ignore` and `.compose.yml` accept exactly these, and
/// docs/lint-rules.md lists each with its severity (a test holds the page to the catalog).
package enum RuleCatalog {
    /// Which check reports a rule.
    package enum Check: String, Sendable, CaseIterable {
        /// `compose lint`, `repo lint` and `publish`: one spec file.
        case spec
        /// The component's package beside its spec.
        case package
        /// The full lint: the component fetched at its tag and built.
        case build
        /// `compose repo lint`: the spec repo's tree.
        case repo
        /// The layering rules over the component graph (`graph --check`, `repo lint`, `publish`).
        case graph
        /// `compose publish`'s checks beyond lint, before anything is tagged.
        case publish
    }

    /// One rule: its id, its severity (some repo rules report a lesser one where it says so), the
    /// check that reports it and what it asks.
    package struct Entry: Sendable, Equatable {
        package let identifier: String
        package let severity: Severity
        package let check: Check
        package let summary: String
    }

    /// The component's package.
    package enum Package {
        package static let manifestMissing = "package-manifest-missing"
    }

    /// The full lint's build of the component at its tag.
    package enum Build {
        package static let fetch = "build-fetch"
        package static let source = "build-source"
        package static let product = "build-library-product"
        package static let manifest = "build-package-manifest"
        package static let sourceFiles = "build-source-files"
        package static let build = "build-swift-build"
        package static let test = "build-swift-test"
        package static let host = "build-host-sdk"
    }

    /// The spec repo's layout.
    package enum Repo {
        package static let strayFile = "repo-stray-file"
        package static let strayFolder = "repo-stray-folder"
        package static let missingSpec = "repo-missing-spec"
        package static let versionFolder = "repo-version-folder"
        package static let nameMismatch = "repo-name-mismatch"
        package static let versionMismatch = "repo-version-mismatch"
        package static let emptyPod = "repo-empty-pod"
        package static let unreadableFolder = "repo-unreadable-folder"
        package static let symlink = "repo-symlink"
        package static let wrongShard = "repo-wrong-shard"
        package static let podName = "repo-pod-name"
        package static let unknownDependency = "repo-unknown-dependency"
    }

    /// The layering rules.
    package enum Graph {
        package static let cycle = "graph-cycle"
        package static let direction = "graph-layer-direction"
        package static let stableDependencies = "graph-stable-dependencies"
        package static let unlayered = "graph-unlayered"
        package static let layersFile = "graph-layers-file"
        package static let unknownPod = "graph-unknown-pod"
    }

    /// `compose publish`'s checks beyond lint.
    package enum Publish {
        package static let dependencies = "publish-dependencies"
        package static let manifest = "publish-manifest"
    }

    /// Every rule, the spec rules first (in `builtInRules`' order, after `spec-unreadable`).
    package static let entries: [Entry] =
        [
            Entry(
                identifier: Linter.unreadableRuleID, severity: .error, check: .spec,
                summary: "The file cannot be read as a spec; no rule runs on it.")
        ]
        + builtInRules.map {
            Entry(
                identifier: $0.description.identifier, severity: $0.description.severity, check: .spec,
                summary: $0.description.summary)
        } + others

    private static let others: [Entry] = [
        Entry(
            identifier: Package.manifestMissing, severity: .note, check: .package,
            summary: "A component folder has no Package.swift beside its spec."),
        Entry(
            identifier: Build.fetch, severity: .error, check: .build,
            summary: "The component cannot be fetched at its tag."),
        Entry(
            identifier: Build.source, severity: .error, check: .build,
            summary: "The spec's source cannot be fetched (no git URL, or no tag or commit)."),
        Entry(
            identifier: Build.manifest, severity: .error, check: .build,
            summary:
                "The clean clone at the tag has no Package.swift: a note when it was built with one generated from the podspec (as install does), an error when none could be generated."
        ),
        Entry(
            identifier: Build.product, severity: .error, check: .build,
            summary: "Package.swift offers no library product named like the pod's module (or like the pod)."),
        Entry(
            identifier: Build.sourceFiles, severity: .error, check: .build,
            summary: "The spec's source_files match no file of the clone."),
        Entry(
            identifier: Build.build, severity: .error, check: .build, summary: "`swift build` of the clone fails."),
        Entry(identifier: Build.test, severity: .error, check: .build, summary: "`swift test` of the clone fails."),
        Entry(
            identifier: Build.host, severity: .note, check: .build,
            summary: "The component imports a module of Apple's SDKs that this host lacks: not built here."),
        Entry(
            identifier: Repo.nameMismatch, severity: .error, check: .repo,
            summary: "The spec's name differs from its pod folder's name."),
        Entry(
            identifier: Repo.versionMismatch, severity: .error, check: .repo,
            summary: "The spec's version differs from its version folder's name."),
        Entry(
            identifier: Repo.versionFolder, severity: .error, check: .repo,
            summary: "A version folder's name is not a version."),
        Entry(
            identifier: Repo.missingSpec, severity: .error, check: .repo,
            summary: "A version folder holds no spec."),
        Entry(
            identifier: Repo.strayFile, severity: .error, check: .repo,
            summary: "A file other than the spec where specs are kept (a warning at the top of the repo)."),
        Entry(
            identifier: Repo.strayFolder, severity: .error, check: .repo,
            summary: "A folder inside a version folder."),
        Entry(identifier: Repo.emptyPod, severity: .warning, check: .repo, summary: "A pod folder without versions."),
        Entry(
            identifier: Repo.unreadableFolder, severity: .error, check: .repo,
            summary: "A folder that cannot be listed."),
        Entry(
            identifier: Repo.symlink, severity: .error, check: .repo,
            summary: "A symbolic link among the specs; compose never follows one."),
        Entry(
            identifier: Repo.wrongShard, severity: .error, check: .repo,
            summary: "A pod folder in a shard that is not its name's."),
        Entry(
            identifier: Repo.podName, severity: .error, check: .repo,
            summary: "A pod folder's name is not a pod name compose can use."),
        Entry(
            identifier: Repo.unknownDependency, severity: .warning, check: .repo,
            summary: "A spec depends on a pod the spec repo does not have."),
        Entry(
            identifier: Graph.cycle, severity: .error, check: .graph, summary: "A dependency cycle between components."),
        Entry(
            identifier: Graph.direction, severity: .error, check: .graph,
            summary: "A dependency that Layers.yml forbids."),
        Entry(
            identifier: Graph.stableDependencies, severity: .warning, check: .graph,
            summary: "A component depends on a less stable one (Stable Dependencies Principle)."),
        Entry(identifier: Graph.unlayered, severity: .warning, check: .graph, summary: "Components in no layer."),
        Entry(
            identifier: Graph.layersFile, severity: .error, check: .graph, summary: "Layers.yml cannot be read."),
        Entry(
            identifier: Graph.unknownPod, severity: .warning, check: .graph,
            summary: "A component depends on a pod in no spec repo compose knows."),
        Entry(
            identifier: Publish.dependencies, severity: .error, check: .publish,
            summary: "A dependency is in none of the spec repos searched, or at no version that satisfies it."),
        Entry(
            identifier: Publish.manifest, severity: .error, check: .publish,
            summary:
                "Package.swift does not offer the spec's module as a library product, or its package dependencies differ from the spec's."
        ),
    ]

    /// The ids of `entries`.
    package static let identifiers: Set<String> = Set(entries.map(\.identifier))

    /// The entry of `identifier`, or nil when compose knows no such rule.
    package static func entry(_ identifier: String) -> Entry? {
        entries.first { $0.identifier == identifier }
    }
}
