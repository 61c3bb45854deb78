import ComposeTestSupport
import Foundation
import Lint
import Testing

/// Specs in the shapes found in the public Specs repository (string/array/object variants,
/// per-platform blocks, nested subspecs, test and app specs, http sources, …): lint reads every
/// one and reports exactly the expected rules.
@Suite struct RealShapedSpecTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/LintTests/Fixtures/RealShaped")

    static let expected: [String: Set<String>] = [
        "AnalyticsSDK.podspec.json": [],  // http source, string dependencies, alphabetical keys, license text
        "AsyncSocket.podspec.json": [],  // authors as an array mixing a name and an object
        "BuildTools.podspec.json": ["git-ssh-url"],  // script phases, on-demand resources, scheme, module map
        "Crypto.podspec.json": [],  // per-platform dependencies, null e-mail, test spec
        "JSONKit.podspec.json": ["source-tag-version"],  // `1.5pre`, `v` tag, no final newline
        "Lottie.podspec.json": [],  // module_name, swift_versions as a string, per-platform exclude_files
        "Maps.podspec.json": ["deprecated-attribute"],  // vendored framework, xcconfig, empty array written over lines
        "NetKit.podspec.json": [],  // subspecs with per-platform dependencies, default_subspecs array, prerelease
        "SQLCrypt.podspec.json": ["source-tag-version"],  // prepare_command, string default_subspecs
        "SignIn.podspec.json": [],  // test spec with an app host, app spec with info_plist
        "YapStore.podspec.json": ["unknown-attribute"],  // three levels of subspecs, singular `library`
        "ZipArchive.podspec.json": ["source-tag-missing"],  // commit source, deprecated, null platform versions
    ]

    @Test(arguments: expected.keys.sorted())
    func lintReadsTheSpec(_ name: String) throws {
        let url = Self.folder.appendingPathComponent(name)
        let result = Linter().lint(fileAt: url, path: name)
        #expect(result.specName == String(name.dropLast(".podspec.json".count)))
        #expect(result.specVersion != nil)
        #expect(Set(result.findings.map(\.ruleID)) == Self.expected[name], "\(result.findings.map(\.description))")
    }

    @Test func everyFileIsCovered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(Set(files) == Set(Self.expected.keys))
    }
}
