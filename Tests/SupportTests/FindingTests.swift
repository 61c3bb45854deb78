import Foundation
import Testing

@testable import Support

/// The one renderer of findings, in each format, with and without a place.
@Suite struct FindingTests {
    let located = Finding(
        severity: .warning, ruleID: "podfile-hook-skipped", message: "skipped post_install (lines 8–10).",
        file: "App/Podfile", line: 8, column: 1)
    let fileOnly = Finding(
        severity: .error, ruleID: "graph-layers-file", message: "Layers.yml: not YAML.",
        location: .init(file: "specs/Layers.yml"))
    let nowhere = Finding(severity: .note, ruleID: "install-binary-unknown", message: "COMPOSE_X_USE_BINARY is set.")

    @Test func humanIsCompilerStyleWithTheRuleAtTheEnd() {
        #expect(
            located.rendered(as: .human)
                == "App/Podfile:8:1: warning: skipped post_install (lines 8–10). [podfile-hook-skipped]\n")
        #expect(fileOnly.rendered(as: .human) == "specs/Layers.yml: error: Layers.yml: not YAML. [graph-layers-file]\n")
        #expect(nowhere.rendered(as: .human) == "note: COMPOSE_X_USE_BINARY is set. [install-binary-unknown]\n")
        #expect(nowhere.description + "\n" == nowhere.rendered(as: .human))
        // Colour paints the place and the label only.
        #expect(
            nowhere.rendered(as: .human, color: true)
                == "\u{1B}[1;36mnote:\u{1B}[0m COMPOSE_X_USE_BINARY is set. [install-binary-unknown]\n")
    }

    /// What a Podfile or a spec wrote cannot start a terminal sequence or a line of its own.
    @Test func humanEscapesThePlaceAndTheMessage() {
        let forged = Finding(
            severity: .error, ruleID: "r", message: "a\n::error::forged\u{1B}[2J", file: "x\ny", line: 1, column: 2)
        #expect(forged.rendered(as: .human) == #"x\ny:1:2: error: a\n::error::forged\u{1B}[2J [r]"# + "\n")
    }

    @Test func githubNamesWhatIsKnownAndEscapesTheRest() {
        #expect(
            located.rendered(as: .github)
                == "::warning file=App/Podfile,line=8,col=1,title=podfile-hook-skipped::skipped post_install (lines 8–10).\n"
        )
        #expect(
            fileOnly.rendered(as: .github)
                == "::error file=specs/Layers.yml,title=graph-layers-file::Layers.yml: not YAML.\n")
        #expect(
            nowhere.rendered(as: .github) == "::notice title=install-binary-unknown::COMPOSE_X_USE_BINARY is set.\n")
        let escaped = Finding(severity: .error, ruleID: "a,b", message: "50%\nnext", file: "c:d", line: 1, column: 1)
        #expect(escaped.rendered(as: .github) == "::error file=c%3Ad,line=1,col=1,title=a%2Cb::50%25%0Anext\n")
    }

    @Test func jsonLeavesOutWhatIsNotKnown() throws {
        let text = Finding.rendered([located, nowhere], as: .json)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items[0]["file"] as? String == "App/Podfile")
        #expect(items[0]["line"] as? Int == 8)
        #expect(items[0]["column"] as? Int == 1)
        #expect(items[0]["severity"] as? String == "warning")
        #expect(items[0]["rule"] as? String == "podfile-hook-skipped")
        #expect(Set(items[1].keys) == ["severity", "rule", "message"])
        #expect(nowhere.rendered(as: .json).contains(#""rule" : "install-binary-unknown""#))
    }

    @Test func manyFindingsAreTheirLinesInTurn() {
        #expect(
            Finding.rendered([located, nowhere], as: .human)
                == located.rendered(as: .human) + nowhere.rendered(as: .human))
        #expect(Finding.rendered([], as: .github).isEmpty)
    }

    /// A record keeps a finding whole; a record of an earlier compose, which kept the printed
    /// lines, is read with each line's severity and place.
    @Test func aRecordKeepsAFindingWholeAndReadsTheLinesOfBefore() {
        #expect(Finding(recorded: located.recorded, legacyRule: "old") == located)
        #expect(Finding(recorded: nowhere.recorded, legacyRule: "old") == nowhere)
        #expect(!located.recorded.contains("\n"))
        // compose's JSON output (`JSONOutput`), on one line: keys sorted, `/` as written.
        #expect(located.recorded.hasPrefix(#"{"location":{"column":1,"file":"App/Podfile","line":8},"message":"#))
        #expect(
            Finding(recorded: "warning: Pay is deprecated.", legacyRule: "old").description
                == "warning: Pay is deprecated. [old]")
        #expect(
            Finding(recorded: "Podfile:2:1: note: skipped post_install.", legacyRule: "old")
                == Finding(
                    severity: .note, ruleID: "old", message: "skipped post_install.", file: "Podfile", line: 2,
                    column: 1))
        #expect(
            Finding(recorded: "Adopted Podfile.lock: 3 pods kept.", legacyRule: "old").description
                == "note: Adopted Podfile.lock: 3 pods kept. [old]")
    }

    @Test func placesAreReadAsWritten() {
        #expect(Finding.Location(parsing: "Podfile:3") == .init(file: "Podfile", line: 3))
        #expect(Finding.Location(parsing: "C:/a b/Podfile:3:7") == .init(file: "C:/a b/Podfile", line: 3, column: 7))
        #expect(Finding.Location(parsing: "Podfile") == .init(file: "Podfile"))
        #expect(Finding.Location(parsing: "Podfile").description == "Podfile")
    }

    /// Findings without a place come first, then by file, line, column and rule.
    @Test func reportOrder() {
        #expect([located, fileOnly, nowhere].sorted(by: Finding.reportOrder) == [nowhere, located, fileOnly])
    }
}
