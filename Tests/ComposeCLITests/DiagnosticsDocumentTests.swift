import ComposeTestSupport
import ComposefileFormat
import Foundation
import Install
import Layering
import Project
import Testing
import XcodeProject

/// docs/diagnostics.md and the rule ids of the code outside lint's catalogue say the same: every id
/// a finding can carry is in the document, and every id the document's tables list is one.
@Suite struct DiagnosticsDocumentTests {
    /// Every rule id declared outside lint's catalogue (and `graph-layers-file`, which Layers.yml's
    /// problems carry there too).
    static let declared: [String] =
        Composefile.NoteRule.all + LockRule.all + ProjectRule.all + InstallRule.all + PackageRule.all
        + XcodeRule.all + [LayerRules.Rule.layersFile]

    /// The ids in the first column of the document's tables (`| \`rule-id\` | …`).
    static func documented() throws -> [String] {
        let text = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cell = line.dropFirst("| `".count)
            guard let end = cell.firstIndex(of: "`") else { return nil }
            return String(cell[..<end])
        }
    }

    @Test func everyRuleIdIsDocumentedAndEveryDocumentedIdExists() throws {
        let documented = try Self.documented()
        #expect(documented.count > 40, "the tables of docs/diagnostics.md were not read")
        for id in Self.declared {
            #expect(documented.contains(id), "\(id) is not in docs/diagnostics.md")
        }
        for id in documented {
            #expect(Self.declared.contains(id), "docs/diagnostics.md lists `\(id)`, which no code declares")
        }
        #expect(Set(Self.declared).count == Self.declared.count, "a rule id is declared twice")
        for id in Self.declared {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is not kebab-case")
        }
    }
}
