import Resolution
import Specs
import Testing

/// The scenarios of PubGrub's own documentation, in CocoaPods requirement syntax (`^1.0.0` is `~> 1.0`).
@Suite struct ScenarioTests {
    @Test func noConflicts() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": ["bar": "~> 1.0"],
            "bar 1.0.0": [:], "bar 2.0.0": [:],
        ])
        let solution = try Resolver(provider: repository).resolve(root(["foo": "~> 1.0"]))
        #expect(solution.chosen == ["foo": "1.0.0", "bar": "1.0.0"])
    }

    @Test func avoidingConflictDuringDecisionMaking() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": [:], "foo 1.1.0": ["bar": "~> 2.0"],
            "bar 1.0.0": [:], "bar 1.1.0": [:], "bar 2.0.0": [:],
        ])
        let solution = try Resolver(provider: repository).resolve(root(["foo": "~> 1.0", "bar": "~> 1.0"]))
        #expect(solution.chosen == ["foo": "1.0.0", "bar": "1.1.0"])
    }

    @Test func performingConflictResolution() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": [:], "foo 2.0.0": ["bar": "~> 1.0"],
            "bar 1.0.0": ["foo": "~> 1.0"],
        ])
        let solution = try Resolver(provider: repository).resolve(root(["foo": ">= 1.0.0"]))
        #expect(solution.chosen == ["foo": "1.0.0"])
    }

    @Test func conflictResolutionWithAPartialSatisfier() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": [:], "foo 1.1.0": ["left": "~> 1.0", "right": "~> 1.0"],
            "left 1.0.0": ["shared": ">= 1.0.0"],
            "right 1.0.0": ["shared": "< 2.0.0"],
            "shared 2.0.0": [:], "shared 1.0.0": ["target": "~> 1.0"],
            "target 2.0.0": [:], "target 1.0.0": [:],
        ])
        let solution = try Resolver(provider: repository).resolve(root(["foo": "~> 1.0", "target": "~> 2.0"]))
        #expect(solution.chosen == ["foo": "1.0.0", "target": "2.0.0"])
    }

    @Test func linearErrorReporting() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": ["bar": "~> 2.0"],
            "bar 2.0.0": ["baz": "~> 3.0"],
            "baz 1.0.0": [:], "baz 3.0.0": [:],
        ])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["baz": "~> 1.0", "foo": "~> 1.0"]))
        }
        let text = try #require(error).description
        #expect(
            text == """
                Because every version of foo depends on bar ~> 2.0 which depends on baz ~> 3.0, every version of foo requires baz >= 3.0.0.
                So, because the Composefile depends on both baz ~> 1.0 (Composefile:1) and foo ~> 1.0 (Composefile:2), version solving failed.

                To resolve it, change one of these requirements: baz ~> 1.0 (Composefile:1), foo ~> 1.0 (Composefile:2).
                """)
        #expect(error?.kind == .input)
    }

    @Test func branchingErrorReporting() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": ["a": "~> 1.0", "b": "~> 1.0"],
            "foo 1.1.0": ["x": "~> 1.0", "y": "~> 1.0"],
            "a 1.0.0": ["b": "~> 2.0"],
            "b 1.0.0": [:], "b 2.0.0": [:],
            "x 1.0.0": ["y": "~> 2.0"],
            "y 1.0.0": [:], "y 2.0.0": [:],
        ])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["foo": "~> 1.0"]))
        }
        let text = try #require(error).description
        #expect(
            text == """
                Because foo 1.0.0 depends on a ~> 1.0 which depends on b ~> 2.0, foo 1.0.0 requires b >= 2.0.0.
                (1) So, because foo 1.0.0 depends on b ~> 1.0, foo 1.0.0 is forbidden.

                    Because foo >= 1.1.0 depends on x ~> 1.0 which depends on y ~> 2.0, foo >= 1.1.0 requires y >= 2.0.0.
                    And because foo >= 1.1.0 depends on y ~> 1.0, foo >= 1.1.0 is forbidden.
                    And because foo 1.0.0 is forbidden (1), no version of foo can be used.
                    So, because the Composefile depends on foo ~> 1.0 (Composefile:1), version solving failed.

                To resolve it, change the requirement foo ~> 1.0 (Composefile:1).
                """)
        #expect(text.contains("foo ~> 1.0 (Composefile:1)"))
    }
}
