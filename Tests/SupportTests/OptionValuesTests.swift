import Testing

@testable import Support

@Suite struct OptionValuesTests {
    /// An option's values, then its variable's, split as the caller says; empty parts dropped.
    @Test func anOptionAndItsVariableCombine() {
        let environment = ["COMPOSE_ALLOW_ENV": "B,C  D,", "COMPOSE_ALLOW_COMPILER_FLAGS": " -I\t-Wl,-x\n"]
        let names = optionValues(
            ["A"], listedIn: "COMPOSE_ALLOW_ENV", of: environment, separatedBy: { $0 == "," || $0 == " " })
        #expect(names == ["A", "B", "C", "D"])
        let flags = optionValues(
            ["-fplugin"], listedIn: "COMPOSE_ALLOW_COMPILER_FLAGS", of: environment, separatedBy: \.isWhitespace)
        #expect(flags == ["-fplugin", "-I", "-Wl,-x"])
        #expect(optionValues(["A"], listedIn: "UNSET", of: environment, separatedBy: \.isWhitespace) == ["A"])
    }
}
