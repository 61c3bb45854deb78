import ComposeTestSupport
import Foundation
import Specs
import Testing

@Suite("Specs: podspec JSON → Spec")
struct SpecTests {
    func decode(_ text: String, label: String = "Pay.podspec.json") throws -> Spec {
        try Spec(json: Array(text.utf8), label: label)
    }

    /// A root spec with `extra` members after name and version.
    func spec(_ extra: String) throws -> Spec {
        try decode("{\"name\": \"Pay\", \"version\": \"1.2.0\"\(extra.isEmpty ? "" : ", " + extra)}")
    }

    func deps(_ list: [SpecDependency]) -> [String] {
        list.map { $0.requirements.isAny ? $0.name : "\($0.name) (\($0.requirements))" }
    }

    @Test func readsTheRootAttributes() throws {
        let pay = try spec(
            """
            "summary": "Payments", "homepage": "https://example.com/pay",
            "source": {"git": "https://git.example.com/Pay.git", "tag": "1.2.0", "submodules": true},
            "deprecated": true, "deprecated_in_favor_of": "Checkout", "swift_versions": ["5.9", "6.0"],
            "prebuilt": {"url": "https://artifacts.example.com/Pay-1.2.0.zip", "sha256": "ab"}
            """)
        #expect(pay.kind == .root)
        #expect(pay.name == "Pay")
        #expect(pay.version == (try Version("1.2")))
        #expect(pay.version.string == "1.2.0")
        #expect(pay.summary == "Payments")
        #expect(pay.homepage == "https://example.com/pay")
        #expect(pay.source == .git(.init(url: "https://git.example.com/Pay.git", tag: "1.2.0", submodules: true)))
        #expect(pay.deprecated)
        #expect(pay.deprecatedInFavorOf == "Checkout")
        #expect(pay.swiftVersions == ["5.9", "6.0"])
        #expect(pay.prebuilt == Prebuilt(url: "https://artifacts.example.com/Pay-1.2.0.zip", sha256: "ab"))
        // Absent keys have their defaults.
        let bare = try spec("")
        #expect(bare.summary == nil && bare.source == nil && bare.license == nil && bare.prebuilt == nil)
        #expect(!bare.deprecated && bare.authors.isEmpty && bare.swiftVersions.isEmpty)
        #expect(bare.platforms == nil && bare.dependencies.isEmpty && bare.subspecs.isEmpty)
    }

    @Test(arguments: [
        (#""source": {"git": "u", "commit": "abc123"}"#, SpecSource.git(.init(url: "u", commit: "abc123"))),
        (#""source": {"git": "u", "branch": "main"}"#, .git(.init(url: "u", branch: "main"))),
        (
            #""source": {"http": "https://h/Pay.zip", "type": "zip", "flatten": true, "headers": ["A: b"]}"#,
            .other(["http": "https://h/Pay.zip", "type": "zip", "flatten": "true"])
        ),
        (
            #""source": {"svn": "https://svn/pay", "revision": 12}"#,
            .other(["svn": "https://svn/pay", "revision": "12"])
        ),
    ])
    func sourceVariants(_ member: String, _ expected: SpecSource) throws {
        #expect(try spec(member).source == expected)
    }

    @Test(arguments: [
        (#""swift_versions": "5.1""#, ["5.1"]),
        (#""swift_version": "4.2""#, ["4.2"]),
        (#""swift_versions": ["5"], "swift_version": "5""#, ["5"]),
    ])
    func swiftVersionVariants(_ member: String, _ expected: [String]) throws {
        #expect(try spec(member).swiftVersions == expected)
    }

    @Test(arguments: [
        (#""license": "MIT""#, License(type: "MIT")),
        (#""license": {"type": "MIT", "file": "LICENSE"}"#, License(type: "MIT", file: "LICENSE")),
        (#""license": {"type": "BSD 2", "text": "Copyright …"}"#, License(type: "BSD 2", text: "Copyright …")),
        (#""license": {"file": "LICENSE"}"#, License(type: nil, file: "LICENSE")),
    ])
    func licenseVariants(_ member: String, _ expected: License) throws {
        #expect(try spec(member).license == expected)
    }

    @Test(arguments: [
        (#""authors": "Google, Inc.""#, [Author(name: "Google, Inc.")]),
        (
            #""authors": {"Ann": "ann@example.com", "Bob": null}"#,
            [Author(name: "Ann", email: "ann@example.com"), Author(name: "Bob")]
        ),
        (
            #""authors": ["Dustin Voss", {"Robbie Hanson": "robbie@example.com"}]"#,
            [Author(name: "Dustin Voss"), Author(name: "Robbie Hanson", email: "robbie@example.com")]
        ),
    ])
    func authorsVariants(_ member: String, _ expected: [Author]) throws {
        #expect(try spec(member).authors == expected)
    }

    @Test func dependencyVariantsKeepFileOrder() throws {
        let pay = try spec(
            """
            "dependencies": {"Router": [], "Logging": "~> 1.2", "nanopb": [">= 2.30908.0", "< 2.30911.0"],
                             "Mediator": null, "Pay/Core": ["= 1.2.0"], "Logging": ["~> 1.3"]}
            """)
        // Later duplicates replace earlier ones (as JSON readers do), in the first one's place.
        #expect(
            deps(pay.dependencies) == [
                "Router", "Logging (~> 1.3)", "nanopb (>= 2.30908.0, < 2.30911.0)", "Mediator", "Pay/Core (= 1.2.0)",
            ])
        #expect(try spec(#""dependencies": {}"#).dependencies.isEmpty)
        #expect(try spec(#""dependencies": null"#).dependencies.isEmpty)
    }

    @Test func platformsWithNullAndMacOS() throws {
        let pay = try spec(#""platforms": {"ios": "15.0", "macos": "12.0", "tvos": null}"#)
        #expect(
            pay.platforms == [
                Platform(name: "ios", minimum: try Version("15.0")),
                Platform(name: "osx", minimum: try Version("12.0")),
                Platform(name: "tvos", minimum: nil),
            ])
        #expect(pay.deploymentTarget(for: "ios") == .some(try Version("15.0")))
        #expect(pay.deploymentTarget(for: "tvos") == .some(nil))
        #expect(pay.deploymentTarget(for: "watchos") == nil)
        // No platforms: every platform, at any version.
        #expect(try spec("").deploymentTarget(for: "watchos") == .some(nil))
    }

    @Test func perPlatformDependencies() throws {
        let pay = try spec(
            """
            "dependencies": {"Logging": []},
            "ios": {"dependencies": {"UIKitExtras": "~> 2.0"}, "frameworks": "UIKit"},
            "macos": {"dependencies": {"AppKitExtras": []}},
            "osx": {"dependencies": {"Sparkle": []}},
            "tvos": {"frameworks": ["TVUIKit"]}
            """)
        #expect(deps(pay.dependencies) == ["Logging"])
        #expect(deps(pay.platformDependencies["ios"] ?? []) == ["UIKitExtras (~> 2.0)"])
        #expect(deps(pay.platformDependencies["osx"] ?? []) == ["AppKitExtras", "Sparkle"])
        #expect(pay.platformDependencies["tvos"] == nil)
        #expect(deps(pay.dependencies(on: ["ios"])) == ["Logging", "UIKitExtras (~> 2.0)"])
        #expect(deps(pay.dependencies(on: ["watchos"])) == ["Logging"])
    }

    @Test func nestedSubspecsInheritPlatformsAndDependencies() throws {
        let pay = try spec(
            """
            "summary": "Payments", "platforms": {"ios": "13.0", "osx": "10.15"},
            "dependencies": {"Logging": "~> 1.0"},
            "subspecs": [
              {"name": "Core", "dependencies": {"Networking": []}, "ios": {"dependencies": {"Keychain": []}},
               "subspecs": [
                 {"name": "Mock", "platforms": {"ios": null}, "dependencies": {"Stubs": []}},
                 {"name": "Wallet", "platforms": {"ios": "15.0", "watchos": "8.0"}}
               ]},
              {"name": "UI", "platforms": {"ios": "14.0"}}
            ]
            """)
        let mock = try #require(pay.subspec(named: "Pay/Core/Mock"))
        #expect(mock.kind == .subspec)
        #expect(mock.name == "Pay/Core/Mock")
        #expect(mock.shortName == "Mock")
        #expect(mock.rootName == "Pay")
        #expect(mock.version.string == "1.2.0")
        #expect(mock.summary == "Payments")
        // Its own platform names; a null deployment target is the nearest parent's.
        #expect(mock.declaredPlatforms == [Platform(name: "ios", minimum: nil)])
        #expect(mock.platforms == [Platform(name: "ios", minimum: try Version("13.0"))])
        #expect(deps(mock.dependencies) == ["Stubs"])
        #expect(deps(mock.allDependencies(on: ["ios"])) == ["Logging (~> 1.0)", "Networking", "Keychain", "Stubs"])
        #expect(deps(mock.allDependencies(on: ["osx"])) == ["Logging (~> 1.0)", "Networking", "Stubs"])

        let core = try #require(pay.subspec(named: "Pay/Core"))
        #expect(core.declaredPlatforms == nil)
        #expect(core.platforms == pay.platforms)
        let wallet = try #require(pay.subspec(named: "Pay/Core/Wallet"))
        #expect(
            wallet.platforms == [
                Platform(name: "ios", minimum: try Version("15.0")),
                Platform(name: "watchos", minimum: try Version("8.0")),
            ])
        #expect(pay.subspec(named: "Pay/UI")?.deploymentTarget(for: "osx") == nil)
        #expect(pay.subspec(named: "Pay")?.name == "Pay")
        #expect(pay.subspec(named: "Pay/Nope") == nil)
        #expect(pay.subspec(named: "Payments/Core") == nil)
        #expect(pay.subspec(named: "Pay/Core/Mock/Deeper") == nil)
    }

    @Test(arguments: [
        ("", DefaultSubspecs.everySubspec, ["Core", "UI"]),
        (#", "default_subspecs": "Core""#, .listed(["Core"]), ["Core"]),
        (#", "default_subspecs": ["Core", "UI"]"#, .listed(["Core", "UI"]), ["Core", "UI"]),
        (#", "default_subspecs": "none""#, .noSubspec, []),
        (#", "default_subspec": "UI""#, .listed(["UI"]), ["UI"]),
    ])
    func defaultSubspecs(_ member: String, _ expected: DefaultSubspecs, _ names: [String]) throws {
        let pay = try spec(#""subspecs": [{"name": "Core"}, {"name": "UI"}]"# + member)
        #expect(pay.defaultSubspecs == expected)
        #expect(pay.defaultSubspecNames == names)
    }

    @Test func testAndAppSpecsAreNotLibrarySubspecs() throws {
        let pay = try spec(
            """
            "subspecs": [{"name": "Core"}, {"name": "LegacyTests", "test_type": "unit"}],
            "testspecs": [{"name": "Tests", "test_type": "unit", "dependencies": {"Quick": []}}],
            "appspecs": [{"name": "Demo"}]
            """)
        #expect(pay.subspecs.map(\.name) == ["Pay/Core"])
        #expect(pay.testSpecs.map(\.name) == ["Pay/LegacyTests", "Pay/Tests"])
        #expect(pay.testSpecs.map(\.kind) == [.test, .test])
        #expect(pay.appSpecs.map(\.name) == ["Pay/Demo"])
        #expect(pay.appSpecs.first?.kind == .app)
        #expect(pay.defaultSubspecNames == ["Core"])
        #expect(pay.subspec(named: "Pay/Tests") == nil)
        #expect(deps(pay.testSpecs[1].dependencies) == ["Quick"])
    }

    @Test func unknownKeysSurviveARoundTrip() throws {
        let text = """
            {
              "name": "Pay",
              "version": "1.2.0",
              "x-team": {
                "owner": "payments",
                "pager": [
                  1,
                  2.50,
                  true,
                  null
                ]
              },
              "source_files": "Sources/**/*.swift",
              "dependencies": {
                "Logging": "~> 1.2"
              },
              "subspecs": [
                {
                  "name": "Core",
                  "resource_bundles": {
                    "PayCore": [
                      "Resources/*"
                    ]
                  },
                  "x-internal": "kept"
                }
              ]
            }

            """
        let pay = try decode(text)
        #expect(pay.json.serialized(order: .preserved) == text)
        #expect(pay.json["x-team"]?["owner"]?.stringValue == "payments")
        #expect(pay.subspecs.first?.json["x-internal"]?.stringValue == "kept")
    }

    @Test(
        arguments: [
            (
                "{\"name\": 42, \"version\": \"1.0\"}", "name", 1, 10,
                "`name` of the spec must be a String, not a Number"
            ),
            ("{\"name\": \"Pay\"}", "version", 1, 1, "Pay has no `version`"),
            (
                "{\"name\": \"Pay\",\n \"version\": \"one\"}", "version", 2, 13,
                "Malformed version number string \"one\""
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\",\n  \"dependencies\": \"Logging\"}", "dependencies", 2, 19,
                "`dependencies` of Pay must be an Object of pod names to requirements"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\",\n  \"dependencies\": {\"Logging\": [\"~> two\"]}}",
                "dependencies", 2, 32,
                "Logging in `dependencies` of Pay: Illformed requirement \"~> two\""
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"dependencies\": {\"Logging\": 1}}", "dependencies", 1, 63,
                "the requirements of Logging in `dependencies` of Pay must be a String, an Array of Strings or null, not a Number"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\",\n \"platforms\": {\"ios\": 15}}", "platforms.ios", 2, 23,
                "`platforms.ios` of Pay must be a version String"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\",\n \"platforms\": {\"ios\": \"fifteen\"}}", "platforms.ios",
                2, 23,
                "the ios deployment target \"fifteen\" of Pay is not a version"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"summary\": [\"x\"]}", "summary", 1, 46,
                "`summary` of Pay must be a String, not an Array"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"source\": \"https://x\"}", "source", 1, 45,
                "`source` of Pay must be an Object"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"source\": {\"git\": \"u\", \"tag\": 1}}", "source.tag", 1,
                65,
                "`source.tag` of Pay must be a String"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"deprecated\": \"yes\"}", "deprecated", 1, 49,
                "must be true or false"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"authors\": 7}", "authors", 1, 46,
                "`authors` of Pay must be a String, an Array"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"license\": true}", "license", 1, 46,
                "`license` of Pay must be a String or an Object"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"prebuilt\": {\"url\": \"u\"}}", "prebuilt", 1, 47,
                "must have both `url` and `sha256`"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"default_subspecs\": 1}", "default_subspecs", 1, 55,
                "a String or an Array of Strings"
            ),
            ("{\"name\": \"Pay\", \"version\": \"1.0\", \"ios\": []}", "ios", 1, 42, "`ios` of Pay must be an Object"),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"subspecs\": {}}", "subspecs", 1, 47,
                "`subspecs` of Pay must be an Array of spec objects"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\",\n \"subspecs\": [{\"name\": \"Core\",\n \"osx\": {\"dependencies\": []}}]}",
                "osx.dependencies", 3, 26, "`osx.dependencies` of Pay/Core must be an Object"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"subspecs\": [{\"name\": \"Pay/Core\"}]}", "name", 1, 57,
                "contains '/'; write the short name"
            ),
            (
                "{\"name\": \"Pay\", \"version\": \"1.0\", \"subspecs\": [{}]}", "name", 1, 48,
                "a spec inside Pay has no `name`"
            ),
            ("[\"Pay\"]", nil, 1, 1, "a podspec must be a JSON object, not an Array"),
            ("{\"name\": \"Pay\",\n  \"version\": }", nil, 2, 14, "not valid JSON: unexpected character '}'"),
        ] as [(String, String?, Int, Int, String)])
    func typeErrorsNameTheKeyAndPosition(_ text: String, _ key: String?, _ line: Int, _ column: Int, _ message: String)
    {
        do {
            _ = try Spec(json: Array(text.utf8), label: "Specs/Pay/1.0/Pay.podspec.json")
            Issue.record("decoded \(text)")
        } catch {
            #expect(error.key == key)
            #expect(error.location == SourceLocation(line: line, column: column), "\(error)")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.description.hasPrefix("Specs/Pay/1.0/Pay.podspec.json:\(line):\(column): "))
            #expect(error.kind == .input)
        }
    }

    @Test func everySpecOfTheFixtureRepoDecodes() throws {
        let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture")
        let files = try #require(FileManager.default.enumerator(atPath: fixture.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".podspec.json") }
        #expect(files.count > 40)
        for file in files {
            let parts = file.split(separator: "/").map(String.init)
            let spec = try Spec(json: try Data(contentsOf: fixture.appendingPathComponent(file)), label: file)
            #expect(spec.name == parts[0], "\(file)")
            #expect(spec.version.string == parts[1], "\(file)")
            #expect(spec.source?.git != nil, "\(file)")
        }
    }

    @Test func realShapedSpecsDecode() throws {
        let folder = repositoryRoot.appendingPathComponent("Tests/LintTests/Fixtures/RealShaped")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".podspec.json")
        }
        #expect(!files.isEmpty)
        for file in files {
            let spec = try Spec(json: try Data(contentsOf: folder.appendingPathComponent(file)), label: file)
            #expect("\(spec.name).podspec.json" == file)
        }
        let yap = try Spec(
            json: try Data(contentsOf: folder.appendingPathComponent("YapStore.podspec.json")), label: "YapStore")
        #expect(yap.defaultSubspecNames == ["Standard"])
        #expect(
            yap.subspec(named: "YapStore/Standard/Extensions/View")?.allDependencies(on: ["ios"]).map(\.name)
                == ["YapStore/Standard/Core", "YapStore/Standard/Core"])
    }
}
