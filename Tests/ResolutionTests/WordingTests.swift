import Resolution
import Specs
import Testing

/// A provider with bookkeeping packages, as a project has: `Kit#` pins Kit's subspecs to one version,
/// `iOS#` has one version, the deployment target. Explanations use the provider's words for them.
struct WordedRepository: DependencyProvider {
    var repository = InMemoryProvider()

    func availableVersions(of package: String) throws -> [Version] { try repository.availableVersions(of: package) }
    func dependencies(of package: String, at version: Version) throws -> [PackageRequirement] {
        try repository.dependencies(of: package, at: version)
    }

    func displayName(of package: String) -> String {
        switch package {
        case "Kit#": "Kit"
        case "iOS#": "the iOS deployment target 15.0"
        default: package
        }
    }

    func describe(dependencyOn package: String, requirements: RequirementSet?) -> DependencyWording? {
        switch (package, requirements?.requirements.first) {
        case ("Kit#", nil): DependencyWording(verb: "uses", object: "the Kit spec at the same version")
        case ("Kit#", let only?): DependencyWording(verb: "uses", object: "the Kit \(only.version) spec")
        case ("iOS#", let only?) where only.op == .greaterOrEqual:
            DependencyWording(verb: "requires", object: "iOS \(only.version) or later")
        case ("iOS#", let only?) where only.op == .equal:
            DependencyWording(verb: "sets", object: "the iOS deployment target \(only.version)")
        default: nil
        }
    }
}

@Suite struct WordingTests {
    @Test func aPlatformRequirementReadsAsThePlatform() throws {
        var provider = WordedRepository()
        provider.repository.add("iOS#", "15.0")
        provider.repository.add("Charts", "1.0.0")
        provider.repository.add("Charts", "2.0.0", ["iOS#": ">= 16.0"])
        let top =
            root(["Charts": "~> 2.0"]) + [
                PackageRequirement(
                    name: "iOS#", requirements: try RequirementSet(parsingList: "= 15.0"), origin: "Composefile:1")
            ]
        let error = #expect(throws: ResolutionError.self) { try Resolver(provider: provider).resolve(top) }
        #expect(
            error?.description == """
                Because the Composefile depends on Charts ~> 2.0 (Composefile:1) which requires iOS 16.0 or later, version solving failed.

                To resolve it, change the requirement Charts ~> 2.0 (Composefile:1).
                """)
    }

    @Test func subspecsPinnedToOneRootReadAsOnePod() throws {
        var provider = WordedRepository()
        for version in ["1.0.0", "1.1.0", "2.0.0"] {
            provider.repository.add("Kit#", version)
            provider.repository.add("Kit", version, ["Kit#": "= \(version)"])
            provider.repository.add("Kit/Core", version, ["Kit#": "= \(version)"])
            provider.repository.add("Kit/UI", version, ["Kit#": "= \(version)"])
        }
        provider.repository.add("App", "1.0.0", ["Kit": "~> 2.0"])
        let pair = #expect(throws: ResolutionError.self) {
            try Resolver(provider: provider).resolve(root(["Kit/Core": "~> 1.0", "Kit/UI": "~> 2.0"]))
        }
        #expect(
            pair?.description == """
                Because Kit/UI and Kit/Core must use one version of Kit, Kit/UI >= 2.0.0 is incompatible with Kit/Core < 2.0.0.
                So, because the Composefile depends on both Kit/Core ~> 1.0 (Composefile:1) and Kit/UI ~> 2.0 (Composefile:2), version solving failed.

                To resolve it, change one of these requirements: Kit/Core ~> 1.0 (Composefile:1), Kit/UI ~> 2.0 (Composefile:2).
                """)
        let through = #expect(throws: ResolutionError.self) {
            try Resolver(provider: provider).resolve(root(["App": "", "Kit/Core": "~> 1.0"]))
        }
        #expect(
            through?.description == """
                Because every version of App depends on Kit ~> 2.0 which uses the Kit 2.0.0 spec, every version of App requires Kit >= 2.0.0.
                And because Kit/Core < 2.0.0 uses the Kit spec at the same version, App is incompatible with Kit/Core < 2.0.0.
                So, because the Composefile depends on both App (Composefile:1) and Kit/Core ~> 1.0 (Composefile:2), version solving failed.

                To resolve it, change one of these requirements: App (Composefile:1), Kit/Core ~> 1.0 (Composefile:2).
                """)
    }
}
