import ComposeTestSupport
import Foundation
import Project
import Resolution
import Testing

/// What a user reads when a project cannot be resolved: pods, subspecs and platforms in plain words,
/// never the resolver's bookkeeping packages.
@Suite("Explanations of failed resolves")
struct ExplanationTests {
    /// Resolves a project with one target holding `pods` (one `pod` line each, from line 4 on) on
    /// iOS `ios` (line 2) and returns the explanation and the Composefile's path. `specs` are
    /// `(name, version, podspec JSON)` written to a `local-specs` source, used instead of the fixture.
    func explain(
        _ label: String, ios: String = "15.0", pods: [String], specs: [(String, String, String)] = []
    ) throws -> (text: String, file: String) {
        let source = specs.isEmpty ? "FIXTURE" : "local-specs"
        let lines = pods.map { "  pod \($0)" }.joined(separator: "\n")
        let project = try ProjectFixture(
            label, composefile: "source '\(source)'\nplatform :ios, '\(ios)'\ntarget 'App' do\n\(lines)\nend\n")
        defer { project.directory.remove() }
        for (name, version, json) in specs {
            let folder = project.directory.url.appendingPathComponent("local-specs/\(name)/\(version)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try json.write(to: folder.appendingPathComponent("\(name).podspec.json"), atomically: true, encoding: .utf8)
        }
        let error = #expect(throws: ResolutionError.self) { try project.service.resolve() }
        return (try #require(error).description, project.path + "/Composefile")
    }

    @Test func aPodNeedingANewerPlatformNamesTheDeploymentTarget() throws {
        let (text, file) = try explain(
            "explain-platform", pods: ["'Charts', '~> 2.0'"],
            specs: [
                ("Charts", "1.0.0", #"{"name": "Charts", "version": "1.0.0", "platforms": {"ios": "13.0"}}"#),
                ("Charts", "2.0.0", #"{"name": "Charts", "version": "2.0.0", "platforms": {"ios": "16.0"}}"#),
            ])
        #expect(
            text == """
                Because the Composefile depends on Charts ~> 2.0 (\(file):4) which requires iOS 16.0 or later (the iOS deployment target is 15.0, \(file):2), version solving failed.

                To resolve it, change the requirement Charts ~> 2.0 (\(file):4); or raise the iOS deployment target to 16.0 in the platform line (\(file):2).
                """)
    }

    @Test func aPodWithoutThePlatformSaysSo() throws {
        let (text, file) = try explain(
            "explain-unsupported", pods: ["'MacOnly'"],
            specs: [
                ("MacOnly", "1.0.0", #"{"name": "MacOnly", "version": "1.0.0", "platforms": {"osx": "10.15"}}"#)
            ])
        #expect(
            text == """
                Because the Composefile depends on MacOnly (\(file):4) which does not support iOS, version solving failed.

                To resolve it, change the requirement MacOnly (\(file):4).
                """)
        #expect(!text.contains("< 0"))
    }

    @Test func subspecsAtTwoVersionsAreOnePod() throws {
        let (text, file) = try explain(
            "explain-subspecs", pods: ["'Networking/Mock', '~> 2.0.0'", "'Networking/Core', '~> 2.1'"])
        #expect(
            text == """
                Because Networking/Core and Networking/Mock must use one version of Networking, Networking/Core >= 2.1.0 is incompatible with Networking/Mock >= 2.0.0, < 2.1.0.
                So, because the Composefile depends on both Networking/Mock ~> 2.0.0 (\(file):4) and Networking/Core ~> 2.1 (\(file):5), version solving failed.

                To resolve it, change one of these requirements: Networking/Mock ~> 2.0.0 (\(file):4), Networking/Core ~> 2.1 (\(file):5).
                """)
    }

    @Test func aPodThatNeedsAnotherVersionOfASubspecsRoot() throws {
        let (text, file) = try explain(
            "explain-subspec-root", pods: ["'DesignSystem/Icons', '~> 1.1'", "'Goods', '~> 1.1'"])
        #expect(
            text == """
                Because Goods >= 1.1.0 depends on DesignSystem ~> 2.0 which uses the DesignSystem 2.0.0 spec, Goods >= 1.1.0 requires DesignSystem >= 2.0.0.
                And because DesignSystem/Icons >= 1.1.0, < 2.0.0 uses the DesignSystem spec at the same version, Goods >= 1.1.0 is incompatible with DesignSystem/Icons >= 1.1.0, < 2.0.0.
                So, because the Composefile depends on both DesignSystem/Icons ~> 1.1 (\(file):4) and Goods ~> 1.1 (\(file):5), version solving failed.

                To resolve it, change one of these requirements: DesignSystem/Icons ~> 1.1 (\(file):4), Goods ~> 1.1 (\(file):5).
                """)
        #expect(!text.contains("root spec"))
    }

    @Test func aSubspecThatTheChosenVersionsDoNotDeclareIsNamedSo() throws {
        // DesignSystem 1.0.0 has no Icons subspec (1.1.0 added it); which versions declare it is
        // learnt from the specs the solver reads, not by reading every version up front.
        let (text, file) = try explain("explain-undeclared-subspec", pods: ["'DesignSystem/Icons', '~> 1.0.0'"])
        #expect(
            text == """
                Because the Composefile depends on DesignSystem/Icons ~> 1.0.0 (\(file):4) which is not declared by the DesignSystem spec of that version, version solving failed.

                To resolve it, change the requirement DesignSystem/Icons ~> 1.0.0 (\(file):4).
                """)
        #expect(!text.contains("< 0") && !text.contains("root spec"))
    }

    @Test func twoSpellingsOfAPessimisticRequirementBothConstrain() throws {
        // `~> 1.0` alone would pick Logging 1.1.1; `~> 1.0.0` (>= 1.0.0, < 1.1) must hold as well.
        let project = try ProjectFixture(
            "two-spellings",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Logging', '~> 1.0'
                end
                target 'Widget' do
                  pod 'Logging', '~> 1.0.0'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        #expect(try project.versions()["Logging"] == "1.0.0")
        #expect(try project.lockText().contains("DEPENDENCIES:\n  - Logging (~> 1.0)\n  - Logging (~> 1.0.0)\n"))
    }
}
