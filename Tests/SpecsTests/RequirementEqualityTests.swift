import Specs
import Testing

/// A requirement is equal to another only as written: operator and version spelling.
@Suite struct RequirementEqualityTests {
    @Test func pessimisticRequirementsDifferByTheirWrittenVersion() throws {
        let short = try Requirement(parsing: "~> 1.0")
        let long = try Requirement(parsing: "~> 1.0.0")
        #expect(short != long)
        #expect(Set([short, long]).count == 2)
        #expect([short: "target A", long: "target B"].count == 2)
        // They admit different versions: `~> 1.0` is `>= 1.0, < 2`, `~> 1.0.0` is `>= 1.0.0, < 1.1`.
        #expect(short.isSatisfied(by: try Version("1.5.0")))
        #expect(!long.isSatisfied(by: try Version("1.5.0")))
        #expect(try RequirementSet(parsing: ["~> 1.0"]) != RequirementSet(parsing: ["~> 1.0.0"]))
        #expect(Set([try RequirementSet(parsing: ["~> 1.0"]), try RequirementSet(parsing: ["~> 1.0.0"])]).count == 2)
    }

    @Test(arguments: ["=", "!=", ">", "<", ">=", "<="])
    func everyOperatorComparesTheVersionAsWritten(_ op: String) throws {
        let short = try Requirement(parsing: "\(op) 1.0")
        let long = try Requirement(parsing: "\(op) 1.0.0")
        #expect(short != long)
        #expect(Set([short, long]).count == 2)
    }

    @Test func spacingDoesNotMatter() throws {
        #expect(try Requirement(parsing: "~>1.2") == Requirement(parsing: "~> 1.2"))
        #expect(try Requirement(parsing: "1.2") == Requirement(.equal, Version("1.2")))
        #expect(Set([try Requirement(parsing: ">=2.0"), try Requirement(parsing: " >= 2.0 ")]).count == 1)
        #expect(try Requirement(parsing: "~> 1.2") != Requirement(parsing: ">= 1.2"))
    }
}
