import PackageManifests
import Testing

@Suite struct ManifestSummaryTests {
    @Test func readsTheLayoutSwiftPackageInitWrites() {
        let manifest = ManifestSummary(
            source: """
                // swift-tools-version: 6.0
                // The swift-tools-version declares the minimum version of Swift required to build this package.

                import PackageDescription

                let package = Package(
                    name: "Payments",
                    products: [
                        // Products define the executables and libraries a package produces.
                        .library(
                            name: "Payments",
                            targets: ["Payments"]
                        ),
                    ],
                    dependencies: [
                        .package(
                            url: "https://example.com/team/Networking.git",
                            from: "1.0.0"
                        ),
                        .package(path: "../Logging"),
                    ],
                    targets: [
                        .target(name: "Payments", dependencies: ["Networking"]),
                        .testTarget(name: "PaymentsTests", dependencies: ["Payments"]),
                    ]
                )
                """)
        #expect(manifest.productNames == ["Payments"])
        #expect(manifest.products.map(\.targets) == [["Payments"]])
        #expect(manifest.products.map(\.line) == [10])
        #expect(manifest.dependencies.map(\.identity) == ["networking", "logging"])
        #expect(manifest.dependencies.map(\.line) == [16, 20])
        #expect(manifest.targets.map(\.name) == ["Payments", "PaymentsTests"])
        #expect(manifest.toolsVersion == "6.0")
        #expect(manifest.isComplete)
    }

    @Test func commentedCodeIsNotRead() {
        let manifest = ManifestSummary(
            source: """
                import PackageDescription
                let package = Package(name: "A",
                    products: [
                        // .library(name: "Old", targets: ["Old"]),
                        /* .library(name: "Older", targets: ["Older"]), */
                        .library(name: "A", targets: ["A"]),
                    ],
                    dependencies: [ /* .package(url: "https://x/y/Gone.git", from: "1.0.0") */ ],
                    targets: [.target(name: "A")])
                """)
        #expect(manifest.productNames == ["A"])
        #expect(manifest.dependencies.isEmpty)
    }

    @Test func namesBoundByALetAreRead_expressionsAreUnknown() {
        let manifest = ManifestSummary(
            source: """
                import PackageDescription
                let name = "Lottie"
                let extra = ["A", "B"].map { $0 }
                let package = Package(name: name,
                    products: [.library(name: name, targets: [name])] + extra.map { .library(name: $0, targets: [$0]) },
                    targets: [.target(name: name, path: "Sources")])
                """)
        #expect(manifest.productNames == ["Lottie"])
        #expect(manifest.products.first?.targets == ["Lottie"])
        #expect(manifest.unreadable == ["the name of the library product at line 5"])
        #expect(!manifest.isComplete)
    }

    @Test func registryDependenciesAndBranchesOfIf() {
        let manifest = ManifestSummary(
            source: """
                import PackageDescription
                #if os(Linux)
                let deps: [Package.Dependency] = [.package(id: "team.Networking", from: "1.0.0")]
                #else
                let deps: [Package.Dependency] = [.package(url: "git@example.com:team/Networking.git", branch: "main")]
                #endif
                let package = Package(name: "B", products: [Product.library(name: "B", type: .dynamic, targets: ["B"])],
                    dependencies: deps, targets: [.target(name: "B")])
                """)
        #expect(manifest.dependencies.map(\.identity) == ["team.networking", "networking"])
        #expect(manifest.productNames == ["B"])
    }

    @Test func versionSpecificManifestsAreChosenAsSwiftPMDoes() {
        let names = ["Package.swift", "Package@swift-5.9.swift", "Package@swift-6.1.swift", "Package@swift-7.swift"]
        #expect(ManifestFile.choose(among: names, toolchain: [6, 3]) == "Package@swift-6.1.swift")
        #expect(ManifestFile.choose(among: names, toolchain: [6, 0]) == "Package@swift-5.9.swift")
        #expect(ManifestFile.choose(among: names, toolchain: [5, 8]) == "Package.swift")
        #expect(ManifestFile.choose(among: ["Package@swift-5.9.swift"], toolchain: [6, 3]) == nil)
    }

    /// SwiftPM refuses unsafe flags in a dependency pinned by version: where a manifest uses them is
    /// read in targets and in constants they may use; test targets and tools version 6.2 are exempt.
    @Test func readsWhereUnsafeFlagsAreUsed() {
        let manifest = ManifestSummary(
            source: """
                // swift-tools-version:5.0
                import PackageDescription
                let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
                let package = Package(
                    name: "KeychainAccess",
                    products: [.library(name: "KeychainAccess", targets: ["KeychainAccess"])],
                    targets: [
                        .target(
                            name: "KeychainAccess",
                            linkerSettings: [.unsafeFlags(["-Xlinker", "-no_application_extension"])]
                        ),
                        .target(name: "Plain"),
                        .testTarget(name: "KeychainAccessTests", swiftSettings: [.unsafeFlags(["-enable-testing"])]),
                    ]
                )
                """)
        #expect(manifest.targets.map(\.unsafeFlagsLine) == [10, nil, 13])
        #expect(manifest.unsafeFlagsElsewhere == [3])
        #expect(manifest.unsafeFlagsRefusedByVersion == ["target 'KeychainAccess' (line 10)", "line 3"])

        let plain = ManifestSummary(
            source: """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "P", targets: [.target(name: "P"), .testTarget(name: "T", swiftSettings: [.unsafeFlags(["-v"])])])
                """)
        #expect(plain.unsafeFlagsRefusedByVersion.isEmpty)
        let recent = ManifestSummary(
            source: """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(name: "P", targets: [.target(name: "P", cSettings: [.unsafeFlags(["-fno-objc-arc"])])])
                """)
        #expect(recent.targets.first?.unsafeFlagsLine == 3)
        #expect(recent.unsafeFlagsRefusedByVersion.isEmpty)
    }
}
