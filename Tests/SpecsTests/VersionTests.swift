import Specs
import Testing

/// Rows of the tables executed against cocoapods-core 1.17.0 (shared reference, §5).
@Suite struct VersionTests {
    @Test(arguments: [
        "1.5pre", "1.last", "5.0.0.beta.1", "7.1.0-fac-beta-1.0.0", "1.0.0+meta", "0.0.1-preview", " 1.2 ",
        String(repeating: "9", count: 400),
    ])
    func parsesRealWorldVersions(_ text: String) throws {
        _ = try Version(text)
    }

    @Test(arguments: ["", "1.0 beta", "v1.0", "1..0", ".1", "1.", "1.0+", "=1.0", "1.0_1"])
    func rejectsMalformedVersions(_ text: String) {
        #expect(throws: Version.ParseError.malformed(text)) { try Version(text) }
    }

    @Test func errorQuotesTheString() {
        let error = Version.ParseError.malformed("1.0 beta")
        #expect(error.description.contains("\"1.0 beta\""))
    }

    @Test func trailingZerosAreEqual() throws {
        #expect(try Version("1") == Version("1.0"))
        #expect(try Version("1.0") == Version("1.0.0"))
        #expect(try Version("1.0.0+build.7") == Version("1.0.0"))
        #expect(try Version("5.0.0.beta.1") == Version("5.0.0-beta.1"))
        #expect(try Version("5.0.0.beta.1") > Version("5.0.0-beta.1"))  // <=> falls back to the strings
    }

    @Test func sortsLikeCocoaPods() throws {
        let expected = [
            "0.9", "1.0.0-alpha", "1.0.0-beta.1", "1.0.0-beta.2", "1.0.0-beta.11", "1.last", "1.0.0-rc.1",
            "1", "1.0", "1.0.0", "1.0.1", "1.5pre", "5.0.0.beta.1", "5.0.0-beta.2", "5.0.0",
        ]
        let shuffled = expected.reversed().map { try! Version($0) }
        #expect(shuffled.sorted().map(\.string) == expected)
    }

    @Test func coreSuiteOrderings() throws {
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
            "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
        ]
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            #expect(try Version(a) < Version(b), "\(a) < \(b)")
        }
    }

    @Test func longSegmentsDoNotOverflow() throws {
        let big = String(repeating: "9", count: 40)
        let bigger = "1" + String(repeating: "0", count: 40)
        #expect(try Version(big) < Version(bigger))
        #expect(try Requirement(parsing: "~> \(big).1").isSatisfied(by: Version("\(big).7")))
        #expect(try !Requirement(parsing: "~> \(big).1").isSatisfied(by: Version(bigger)))
    }

    /// Versions of up to four numbers below 10,000 are kept packed, any other by its segments: the
    /// two forms must order, compare and hash as one.
    @Test func packedAndSegmentFormsAgree() throws {
        let ordered = [
            "0", "0.0.1", "1.0.0-beta", "1", "1.0.0.0.1", "1.2", "1.2.3.4", "1.2.3.4.5", "9999", "9999.9999.9999.9999",
            "10000", "10000.0.1", "123456789",
        ]
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            #expect(try Version(a) < Version(b), "\(a) < \(b)")
            #expect(try Version(b) > Version(a), "\(b) > \(a)")
        }
        for (a, b) in [("1", "1.0.0.0.0"), ("01.002", "1.2.0.0.0.0"), ("10000.0", "10000"), ("1.0-1", "1.0.1")] {
            #expect(try Version(a) == Version(b), "\(a) == \(b)")
            #expect(try Set([Version(a), Version(b)]).count == 1, "\(a) and \(b) hash alike")
        }
        #expect(try Version("1.2.0").bump.string == "1.3")
        #expect(try Version("1.2.3.4.5").bump.string == "1.2.3.5")
        #expect(try Version("1.2.0-beta.1").release.string == "1.2.0")
        #expect(try Version("01.2.0").release.string == "01.2.0")
    }

    @Test func prereleaseDetection() throws {
        #expect(try Version("1.0.0-beta.1").isPrerelease)
        #expect(try Version("1.5pre").isPrerelease)
        #expect(try Version("1.0-1").isPrerelease)
        #expect(try !Version("1.0.0+meta").isPrerelease)
        #expect(try !Version("1.0.0").isPrerelease)
    }
}

@Suite struct RequirementTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let requirement: String
        let version: String
        let satisfied: Bool
        var testDescription: String { "\(requirement) \(satisfied ? "admits" : "refuses") \(version)" }
    }

    static func rows(_ requirement: String, _ cells: String) -> [Row] {
        cells.split(separator: "·").map { cell in
            let parts = cell.split(separator: " ")
            return Row(requirement: requirement, version: String(parts[0]), satisfied: parts[1] == "Y")
        }
    }

    static let table: [Row] =
        rows("~> 1.2", "1.1.9 n · 1.2 Y · 1.2.0 Y · 1.9.9 Y · 2.0 n · 2.0.0-beta.1 n · 1.3.0-beta.1 Y")
        + rows("~> 1.2.3", "1.2.2 n · 1.2.3 Y · 1.2.9 Y · 1.3 n · 1.3.0-beta.1 n · 1.2.4-beta.1 Y")
        + rows("~> 1", "0.9 n · 1.0 Y · 1.9 Y · 2.0 n")
        + rows("~> 0.1.2", "0.1.2 Y · 0.1.9 Y · 0.2 n · 0.2.0-alpha n")
        + rows("~> 1.0.0-beta.1", "1.0.0-beta.0 n · 1.0.0-beta.1 Y · 1.0.0-beta.2 Y · 1.0.0 Y · 1.0.5 Y · 1.1.0 n")
        // RubyGems' equality at exclusive bounds: 1.0.0 == 1.0 == 1, so none of them is `> 1.0`.
        + rows("> 1.0", "1.0 n · 1.0.0 n · 1.0.1 Y · 1.0.1-beta Y")
        + rows("> 1", "1 n · 1.0 n · 1.0.0 n · 1.0.1 Y")
        + rows("< 1.0.0.0", "0.9 Y · 1 n · 1.0 n · 1.0.0 n")
        + rows(">= 1.0", "1.0.0-beta.1 n · 1.0 Y · 1.0.0 Y")
        + rows("!= 1.0", "1.0 n · 1.0.0 n · 1.0.1 Y")
        + rows("= 1.0", "1 Y · 1.0 Y · 1.0.0 Y · 1.0.0.0 Y")
        + rows("< 2.0", "1.9.9 Y · 2.0.0-beta.1 Y · 2.0 n")
        + rows("~>1.2", "1.2 Y · 2.0 n")
        + rows("1.0", "1.0.0 Y · 1.0.1 n")
        + rows("<= 1.0", "1.0.0 Y · 1.0.1 n · 1.0.0-beta Y")

    @Test(arguments: table)
    func executedTable(_ row: Row) throws {
        let requirement = try Requirement(parsing: row.requirement)
        #expect(requirement.isSatisfied(by: try Version(row.version)) == row.satisfied)
    }

    @Test(arguments: ["=> 1.0", "~> two", "", ">=", "1.0 beta", "~> 1.0, < 2.0", ">>1.0"])
    func rejectsIllformed(_ text: String) {
        #expect(throws: Requirement.ParseError.illformed(text)) { try Requirement(parsing: text) }
    }

    @Test func severalRequirementsAreAnded() throws {
        let set = try RequirementSet(parsing: [">= 1.0", "< 1.5"])
        #expect(set.isSatisfied(by: try Version("1.4.9")))
        #expect(!set.isSatisfied(by: try Version("1.5")))
        #expect(set.description == ">= 1.0, < 1.5")
        #expect(try RequirementSet(parsingList: set.description) == set)
        #expect(RequirementSet.any.isSatisfied(by: try Version("0.0.1-alpha")))
    }

    @Test func spacingVariants() throws {
        #expect(try Requirement(parsing: "~>1.2") == Requirement(parsing: " ~> 1.2 "))
        #expect(try Requirement(parsing: "1.2").op == .equal)
    }
}
