import ComposeTestSupport
import Foundation
import Testing

@testable import Lint

/// `.compose.yml` is read as YAML (Yams): every way YAML writes a list of rule ids, and errors at
/// the line YAML or compose names.
@Suite struct LintConfigTests {
    @Test(arguments: [
        "lint:\n  ignore:\n    - source-tag-version   # our tags\n    - 'license-required'\n",
        "lint:\n  ignore: [source-tag-version, \"license-required\"]\n",
        "lint:\n  ignore: source-tag-version, license-required\n",
        "# team conventions\nlint:\n  ignore:\n  - source-tag-version\n  - license-required\nother:\n  key: 1\n",
        "lint: {ignore: [source-tag-version, license-required]}\n",
    ])
    func everyYAMLSpellingOfTheListIsRead(text: String) throws {
        let config = try LintConfig.parse(text, path: ".compose.yml")
        #expect(config.ignore == ["source-tag-version", "license-required"], "\(text)")
    }

    @Test func emptyFilesAndSectionsIgnoreNothing() throws {
        #expect(try LintConfig.parse("", path: "c").ignore.isEmpty)
        #expect(try LintConfig.parse("lint:\n", path: "c").ignore.isEmpty)
        #expect(try LintConfig.parse("lint:\n  ignore:\n", path: "c").ignore.isEmpty)
    }

    @Test(arguments: [
        ("lint:\n  exclude: [x]\n", 2, "unknown key `exclude` under `lint:`"),
        ("lint:\n  ignore: [a\n", 3, "not YAML"),
        ("- just\n- a list\n", 1, "expected a section such as `lint:`"),
        ("lint:\n  ignore:\n    - {a: b}\n", 3, "a rule id is a word"),
        ("lint:\n  ignore: a\n  ignore: b\n", 2, "not YAML: a key is written twice (ignore)"),
    ])
    func aBadFileIsAnErrorAtItsLine(text: String, line: Int, message: String) {
        do {
            _ = try LintConfig.parse(text, path: "/repo/.compose.yml")
            Issue.record("\(text.debugDescription) was read")
        } catch {
            guard case .badConfig(let path, let reported, let said) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "/repo/.compose.yml")
            #expect(reported == line, "\(text.debugDescription): line \(reported), \(said)")
            #expect(said.contains(message), "\(said)")
        }
    }
}
