import Resolution
import Specs
import Testing

/// What CocoaPods' resolver does and compose must do the same (issue 18).
@Suite struct FidelityTests {
    @Test func aCycleWithNoWayOutIsExplainedByName() throws {
        let repository = InMemoryProvider([
            "app 1.0.0": ["foo": "", "bar": ""],
            "foo 0.2.6": ["bar": ">= 0"],
            "bar 1.0.0": ["foo": ">= 0"],
        ])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["app": ""]))
        }
        let text = try #require(error).description
        #expect(
            text.contains(
                "bar 1.0.0 and foo 0.2.6 depend on each other (bar -> foo -> bar), a dependency cycle CocoaPods does not allow"
            ), "\(text)")
        #expect(text.contains("Pods must not depend on one another in a circle (bar -> foo -> bar)"))
        #expect(text.contains("version solving failed."))
    }

    @Test func aVersionWithoutTheCycleIsPicked() throws {
        let repository = InMemoryProvider([
            "app 1.0.0": ["foo": "", "bar": ""],
            "foo 0.2.6": ["bar": ">= 0"],
            "bar 1.0.0": ["foo": ">= 0"], "bar 0.1.0": [:],
        ])
        let solution = try Resolver(provider: repository).resolve(root(["app": ""]))
        #expect(solution.chosen == ["app": "1.0.0", "foo": "0.2.6", "bar": "0.1.0"])
    }

    @Test(arguments: [("1.0.0", "> 1.0"), ("1.0.0", "> 1"), ("1.0.0", "< 1.0.0.0"), ("1.0", "> 1")])
    func exclusiveBoundsUseRubyGemsEquality(_ published: String, _ requirement: String) throws {
        let repository = InMemoryProvider(["e \(published)": [:]])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["e": requirement]))
        }
        #expect(try #require(error).description.contains("no version matches; the newest is \(published)"))
    }

    @Test func aLockedPodStaysWhenANewPodIsAdded() throws {
        let repository = InMemoryProvider([
            "A 1.0.0": ["C": "< 2"], "A 1.1.0": ["C": ""],
            "B 1.0.0": ["C": "~> 1.0"], "B 2.0.0": ["C": "~> 2.0"],
            "C 1.0.0": [:], "C 2.0.0": [:],
        ])
        let solution = try Resolver(provider: repository, locked: ["A": try Version("1.0.0")]).resolve(
            root(["A": "", "B": ""]))
        #expect(solution.chosen == ["A": "1.0.0", "B": "1.0.0", "C": "1.0.0"])
        #expect(solution.lockChanges.isEmpty)
    }

    @Test func aLockedPodMovesOnlyWhenItMust() throws {
        let repository = InMemoryProvider([
            "A 1.0.0": ["C": "< 2"], "A 1.1.0": ["C": ""],
            "B 2.0.0": ["C": "~> 2.0"],
            "C 1.0.0": [:], "C 2.0.0": [:],
        ])
        let solution = try Resolver(provider: repository, locked: ["A": try Version("1.0.0")]).resolve(
            root(["A": "", "B": ""]))
        #expect(solution.chosen == ["A": "1.1.0", "B": "2.0.0", "C": "2.0.0"])
        #expect(solution.lockChanges.count == 1)
        #expect(solution.lockChanges.first?.package == "A" && solution.lockChanges.first?.locked.string == "1.0.0")
    }

    @Test func theComposefilesOwnPodsGetTheirNewestVersionsFirst() throws {
        let repository = InMemoryProvider([
            "rails 2.3.2": ["rack": ">= 1"], "rails 6.0.0": ["rack": "~> 2.0"], "rails 7.0.4": ["rack": "~> 2.0"],
            "rack-cache 1.0.0": ["rack": ">= 1"],
            "rack 2.2.4": [:], "rack 3.0.0": [:],
        ])
        let solution = try Resolver(provider: repository).resolve(root(["rails": "", "rack-cache": ""]))
        #expect(solution.chosen == ["rails": "7.0.4", "rack-cache": "1.0.0", "rack": "2.2.4"])
    }
}

@Suite struct FidelityWordingTests {
    @Test func overlappingRangesWithoutAReleaseAreSaidSo() throws {
        let repository = InMemoryProvider([
            "left 1.0.0": ["shared": ">= 2.0.0, < 3.0.0"],
            "right 1.0.0": ["shared": ">= 2.9.0, < 4.0.0"],
            "shared 2.0.0": [:], "shared 2.5.0": [:], "shared 3.5.0": [:],
        ])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["left": "", "right": ""]))
        }
        let text = try #require(error).description
        #expect(
            text.contains(
                "and no release of shared lies in both >= 2.9.0, < 4.0.0 and >= 2.0.0, < 3.0.0, right is incompatible with left."
            ), "\(text)")
    }

    @Test func aNumberedExplanationStartsAtTheCallersPrefix() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": ["a": "~> 1.0", "b": "~> 1.0"], "foo 1.1.0": ["x": "~> 1.0", "y": "~> 1.0"],
            "a 1.0.0": ["b": "~> 2.0"], "b 1.0.0": [:], "b 2.0.0": [:],
            "x 1.0.0": ["y": "~> 2.0"], "y 1.0.0": [:], "y 2.0.0": [:],
        ])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["foo": "~> 1.0"]))
        }
        let text = try #require(error).description
        #expect(text.contains("\n(1) "))
        #expect(text.hasPrefix("Because "), "\(text)")
    }
}
