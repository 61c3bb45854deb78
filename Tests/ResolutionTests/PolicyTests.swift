import Resolution
import Specs
import Testing

@Suite struct PolicyTests {
    // MARK: Prereleases

    @Test func prereleasesAreNotCandidatesUnlessNamed() throws {
        let repository = InMemoryProvider(["foo 1.0.0": [:], "foo 1.1.0-beta.1": [:]])
        let plain = try Resolver(provider: repository).resolve(root(["foo": "~> 1.0"]))
        #expect(plain.chosen == ["foo": "1.0.0"])
        let named = try Resolver(provider: repository).resolve(root(["foo": "~> 1.1.0-beta"]))
        #expect(named.chosen == ["foo": "1.1.0-beta.1"])
    }

    @Test func aTopLevelPrereleaseRequirementOpensTransitiveOnes() throws {
        let repository = InMemoryProvider([
            "app 1.0.0": ["kit": "~> 1.5"],
            "kit 1.5.0": [:], "kit 1.6.0-beta.1": [:],
        ])
        let solution = try Resolver(provider: repository).resolve(root(["app": "", "kit": "~> 1.6.0-beta"]))
        #expect(solution.chosen == ["app": "1.0.0", "kit": "1.6.0-beta.1"])
    }

    @Test func onlyPrereleasesMatchIsExplained() throws {
        let repository = InMemoryProvider(["foo 1.0.0": [:], "foo 1.1.0-beta.1": [:], "foo 1.1.0-beta.2": [:]])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["foo": ">= 1.0.5"]))
        }
        let text = try #require(error).description
        #expect(
            text.contains(
                "depends on foo >= 1.0.5 (Composefile:1; only pre-release versions match: 1.1.0-beta.1, 1.1.0-beta.2)"))
        #expect(text.contains("for example '= 1.1.0-beta.2'"))
    }

    @Test func aLockedPrereleaseStaysACandidate() throws {
        let repository = InMemoryProvider(["foo 1.0.0": [:], "foo 1.1.0-beta.1": [:]])
        let solution = try Resolver(provider: repository, locked: ["foo": try Version("1.1.0-beta.1")])
            .resolve(root(["foo": "~> 1.0"]))
        #expect(solution.chosen == ["foo": "1.1.0-beta.1"])
    }

    // MARK: Locked versions

    @Test func lockedVersionsAreTriedFirst() throws {
        let repository = InMemoryProvider([
            "foo 1.0.0": ["bar": "~> 1.0"], "foo 1.2.0": ["bar": "~> 1.0"],
            "bar 1.0.0": [:], "bar 1.1.0": [:], "bar 1.3.0": [:],
        ])
        let locked = ["foo": try Version("1.0.0"), "bar": try Version("1.1.0")]
        let solution = try Resolver(provider: repository, locked: locked).resolve(root(["foo": ""]))
        #expect(solution.chosen == ["foo": "1.0.0", "bar": "1.1.0"])
        #expect(solution.lockChanges.isEmpty)
        let fresh = try Resolver(provider: repository).resolve(root(["foo": ""]))
        #expect(fresh.chosen == ["foo": "1.2.0", "bar": "1.3.0"])
    }

    @Test func aLockedVersionExcludedByAChangedRequirementIsReported() throws {
        let repository = InMemoryProvider(["foo 1.0.0": [:], "foo 2.0.0": [:], "foo 2.1.0": [:]])
        let solution = try Resolver(provider: repository, locked: ["foo": try Version("1.0.0")])
            .resolve(root(["foo": "~> 2.0"]))
        #expect(solution.chosen == ["foo": "2.1.0"])
        #expect(
            solution.lockChanges == [
                LockChange(
                    package: "foo", locked: try Version("1.0.0"), chosen: try Version("2.1.0"),
                    reason: .required(
                        by: nil, at: nil,
                        requirement: PackageRequirement(
                            name: "foo", requirements: try RequirementSet(parsingList: "~> 2.0"),
                            origin: "Composefile:1")))
            ])
    }

    // MARK: Names and providers

    @Test func anUnknownNameIsExplained() throws {
        let repository = InMemoryProvider(["app 1.0.0": ["Ghost": "~> 1.0"], "app 0.9.0": ["Ghost": "~> 1.0"]])
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["app": "~> 0.9"]))
        }
        let text = try #require(error).description
        #expect(
            text.contains(
                "app ~> 0.9 (Composefile:1) which depends on Ghost ~> 1.0 (no spec repo has a pod named Ghost)"))
        #expect(text.contains("No spec repo has a pod named Ghost: check the name, or run with --repo-update"))
        #expect(text.contains("app ~> 0.9 (Composefile:1)"))
    }

    @Test func anUnknownTopLevelNameIsExplained() throws {
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: InMemoryProvider()).resolve(root(["Ghost": ""]))
        }
        #expect(
            error?.description.hasPrefix(
                "Because the Composefile depends on Ghost (Composefile:1; no spec repo has a pod named Ghost), version solving failed."
            ) == true)
    }

    @Test func providerFailuresSurface() throws {
        var repository = InMemoryProvider(["app 1.0.0": ["kit": ""], "kit 1.0.0": [:]])
        repository.broken = ["kit 1.0.0"]
        #expect(
            throws: ResolutionError.provider(
                package: "kit", version: try Version("1.0.0"), message: "the spec of kit 1.0.0 cannot be read",
                kind: .environment)
        ) {
            try Resolver(provider: repository).resolve(root(["app": ""]))
        }
        repository.broken = ["kit"]
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["app": ""]))
        }
        #expect(error?.kind == .environment)
        #expect(error?.description.contains("Could not read kit") == true)
    }

    // MARK: Exact CocoaPods semantics

    @Test func notEqualAndExclusiveBoundsAreExact() throws {
        let repository = InMemoryProvider(["foo 1.0.0": [:], "foo 1.0.1": [:], "foo 1.1": [:]])
        let notEqual = try Resolver(provider: repository).resolve(root(["foo": "!= 1.1, != 1.0.1"]))
        #expect(notEqual.chosen == ["foo": "1.0.0"])
        // `> 1.0` does not admit 1.0.0: RubyGems' equality (1.0.0 == 1.0) holds at exclusive bounds.
        #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["foo": "> 1.0, < 1.0.1"]))
        }
        #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["foo": "> 1.0.0, < 1.0.1"]))
        }
        let above = try Resolver(provider: repository).resolve(root(["foo": "> 1.0, < 1.1"]))
        #expect(above.chosen == ["foo": "1.0.1"])
    }

    @Test func equalVersionsSpelledDifferentlyAreOneCandidate() throws {
        var repository = InMemoryProvider()
        repository.add("foo", "1.0")
        repository.add("foo", "1.0.0")
        let solution = try Resolver(provider: repository).resolve(root(["foo": "= 1"]))
        #expect(solution.chosen == ["foo": "1.0.0"])
    }

    @Test func subspecsResolveWithTheirRoot() throws {
        var repository = InMemoryProvider()
        for version in ["1.0.0", "1.1.0", "2.0.0"] {
            repository.add("Kit", version)
            repository.add("Kit/Core", version, ["Kit": "= \(version)"])
            repository.add("Kit/UI", version, ["Kit": "= \(version)", "Kit/Core": "= \(version)"])
        }
        let solution = try Resolver(provider: repository).resolve(root(["Kit/Core": "~> 1.0", "Kit/UI": ""]))
        #expect(solution.chosen == ["Kit": "1.1.0", "Kit/Core": "1.1.0", "Kit/UI": "1.1.0"])

        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["Kit/Core": "~> 1.0", "Kit/UI": "~> 2.0"]))
        }
        let text = try #require(error).description
        #expect(text.contains("Kit/UI"))
        #expect(text.contains("version solving failed."))
    }

    @Test func subspecsPinnedToTheirRootAreExplainedAsRanges() throws {
        var repository = InMemoryProvider()
        for version in ["1.0.0", "1.1.0", "1.2.0", "2.0.0", "2.1.0"] {
            repository.add("Kit", version)
            repository.add("Kit/Core", version, ["Kit": "= \(version)"])
            repository.add("Kit/Net", version, ["Kit": "= \(version)"])
        }
        let error = #expect(throws: ResolutionError.self) {
            try Resolver(provider: repository).resolve(root(["Kit/Core": "~> 1.0", "Kit/Net": "~> 2.0"]))
        }
        #expect(
            error?.description == """
                Because Kit/Net and Kit/Core must use one version of Kit, Kit/Net >= 2.0.0 is incompatible with Kit/Core < 2.0.0.
                So, because the Composefile depends on both Kit/Core ~> 1.0 (Composefile:1) and Kit/Net ~> 2.0 (Composefile:2), version solving failed.

                To resolve it, change one of these requirements: Kit/Core ~> 1.0 (Composefile:1), Kit/Net ~> 2.0 (Composefile:2).
                """)
        let solution = try Resolver(provider: repository).resolve(root(["Kit/Core": "~> 1.0", "Kit/Net": "< 1.2"]))
        #expect(solution.chosen == ["Kit": "1.1.0", "Kit/Core": "1.1.0", "Kit/Net": "1.1.0"])
    }

    @Test func decisionsAreRecorded() throws {
        let repository = InMemoryProvider(["foo 1.0.0": ["bar": ""], "bar 1.0.0": [:]])
        let solution = try Resolver(provider: repository).resolve(root(["foo": ""]))
        #expect(solution.decisions.contains("decide foo 1.0.0"))
        #expect(solution.decisions.contains("decide bar 1.0.0"))
        #expect(solution.dependencies["foo"] == [PackageRequirement(name: "bar")])
    }
}
