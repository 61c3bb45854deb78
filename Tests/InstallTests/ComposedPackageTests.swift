import ComposeTestSupport
import Digests
import Foundation
import Project
import Specs
import Testing

@testable import Install

@Suite struct ComposedPackageTests {
    let package = ComposedPackage(
        targets: [
            InstallInputs.Target(name: "ShoppingApp", pods: ["Pay", "Networking/Core"]),
            InstallInputs.Target(name: "ShoppingAppTests", pods: ["Networking"]),
        ],
        components: [
            ComposedComponent(
                name: "Pay", pin: .version(url: "https://git.example.com/ios/Pay.git", version: "1.2.0"),
                dependencies: ["PayMediator", "Mediator"]),
            ComposedComponent(
                name: "PayMediator",
                pin: .revision(
                    url: "https://git.example.com/ios/PayMediator.git",
                    commit: "0123456789abcdef0123456789abcdef01234567"), dependencies: ["Mediator"]),
            ComposedComponent(
                name: "Mediator", pin: .version(url: "https://git.example.com/ios/Mediator.git", version: "1.0.0")),
            ComposedComponent(name: "Networking", pin: .path("../Networking")),
        ],
        platforms: ["ios": "13.0", "osx": "10.15"],
        mirrors: ["https://git.example.com/ios/Pay.git": "/home/ann/.compose/cache/git/pay-1234"])

    @Test func theManifestPinsEveryComponentExactly() throws {
        let manifest = try package.manifest()
        #expect(manifest.contains(#".package(url: "https://git.example.com/ios/Pay.git", exact: "1.2.0"),"#))
        #expect(
            manifest.contains(
                #".package(url: "https://git.example.com/ios/PayMediator.git", revision: "0123456789abcdef0123456789abcdef01234567"),"#
            ))
        #expect(manifest.contains(#".package(path: "../Networking"),"#))
        #expect(manifest.contains(#".library(name: "ShoppingApp", targets: ["ShoppingApp"]),"#))
        #expect(manifest.contains(#".iOS("13.0"),"#) && manifest.contains(#".macOS("10.15"),"#))
    }

    @Test func aTargetOffersItsPodsAndTheirDependencies() {
        #expect(package.closure(of: package.targets[0]) == ["Mediator", "Networking", "Pay", "PayMediator"])
        #expect(package.closure(of: package.targets[1]) == ["Networking"])
    }

    @Test func exportsAndMirrors() throws {
        let files = try package.files()
        #expect(
            files["Targets/ShoppingApp/Exports.swift"]?.hasSuffix(
                "@_exported import Mediator\n@_exported import Networking\n@_exported import Pay\n@_exported import PayMediator\n"
            ) == true)
        let mirrors = try #require(files[".swiftpm/configuration/mirrors.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(mirrors.utf8)) as? [String: Any])
        #expect(
            (json["object"] as? [[String: String]]) == [
                ["mirror": "/home/ann/.compose/cache/git/pay-1234", "original": "https://git.example.com/ios/Pay.git"]
            ])
    }

    @Test func configurationsLimitWhatATargetImports() throws {
        let limited = ComposedPackage(
            targets: [
                InstallInputs.Target(
                    name: "App", pods: ["Pay", "Networking", "Mediator"],
                    configurations: ["Networking": ["Debug", "Debug-Staging"], "Mediator": ["Release"]])
            ],
            components: package.components)
        let exports = try #require(try limited.files()["Targets/App/Exports.swift"])
        // Pay needs Mediator in every configuration, so Mediator stays unconditional.
        #expect(
            exports.hasSuffix(
                """
                @_exported import Mediator
                @_exported import Pay
                @_exported import PayMediator
                #if DEBUG
                @_exported import Networking
                #endif

                """))
        let mixed = InstallInputs.Target(name: "App", pods: ["Pay"], configurations: ["Pay": ["Debug", "Release"]])
        #expect(mixed.configuration(of: "Pay") == .any)
        #expect(
            InstallInputs.Target(name: "App", pods: ["Pay"], configurations: ["Pay": ["Beta"]]).configuration(of: "Pay")
                == .release)
    }

    @Test func theOutputIsDeterministic() throws {
        var shuffled = package
        shuffled.components.reverse()
        #expect(try shuffled.files() == package.files())
    }

    @Test func aBinaryComponentIsABinaryTarget() throws {
        let binary = ComposedPackage(
            targets: [InstallInputs.Target(name: "App", pods: ["Pay"])],
            components: [ComposedComponent(name: "Pay", pin: .binaryPath("Binaries/Pay.zip"))])
        let manifest = try binary.manifest()
        #expect(manifest.contains(#".binaryTarget(name: "Pay", path: "Binaries/Pay.zip"),"#))
        #expect(manifest.contains("                \"Pay\",\n"))
    }

    @Test func aBinaryComponentThatSourceComponentsNameIsRefused() {
        var binary = package
        binary.components[2] = ComposedComponent(name: "Mediator", pin: .binaryPath("Binaries/Mediator.zip"))
        #expect(throws: InstallError.binaryDependedOnBySource(name: "Mediator", dependents: ["Pay", "PayMediator"])) {
            try binary.manifest()
        }
    }

    /// Every name Xcode allows is a product of that exact name; the module behind it is a C99 identifier.
    @Test func everyTargetNameIsAProductWithAnIdentifierModule() throws {
        let names = [
            "Rocket.Chat", "ShadowsocksX-NG", "Extensions-Share", "Habitica UI Tests", "DogeChatWatch Watch App",
            "9Lives", "../App", "Café", "\"quoted\" \\ back", "🚀",
        ]
        let package = ComposedPackage(
            targets: names.map { InstallInputs.Target(name: $0, pods: []) }, components: [])
        let modules = package.targetModules.modules
        #expect(modules["Rocket.Chat"] == "Rocket_Chat")
        #expect(modules["ShadowsocksX-NG"] == "ShadowsocksX_NG")
        #expect(modules["Habitica UI Tests"] == "Habitica_UI_Tests")
        #expect(modules["DogeChatWatch Watch App"] == "DogeChatWatch_Watch_App")
        #expect(modules["9Lives"] == "_9Lives")
        #expect(modules["../App"] == "___App")
        #expect(modules["Café"] == "Caf_")
        #expect(modules["🚀"] == "_")
        for module in modules.values { #expect(isIdentifier(module), "\(module)") }
        let files = try package.files()
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#".library(name: "Rocket.Chat", targets: ["Rocket_Chat"]),"#))
        #expect(manifest.contains(#".library(name: "\"quoted\" \\ back", targets: ["_quoted____back"]),"#))
        #expect(files["Targets/DogeChatWatch_Watch_App/Exports.swift"] != nil)
    }

    /// Names that meet on one module: the name that is the identifier keeps it, the others get a
    /// suffix in name order, with a note naming where the target is declared; a pod's module and
    /// the toolchain's are never taken, and case does not tell modules apart.
    @Test func targetsThatMeetOnOneModuleAreToldApartWithANote() {
        let targets = ["App Tests", "App-Tests", "App_Tests", "Pay", "Swift", "app.tests"].map {
            InstallInputs.Target(name: $0, pods: [], location: "Podfile:3")
        }
        let package = ComposedPackage(
            targets: targets, components: [ComposedComponent(name: "PayKit", module: "Pay", pin: .path("Pay"))])
        let named = package.targetModules
        #expect(
            named.modules == [
                "App_Tests": "App_Tests", "App Tests": "App_Tests_2", "App-Tests": "App_Tests_3",
                "app.tests": "app_tests_4", "Pay": "Pay_2", "Swift": "Swift_2",
            ])
        #expect(named.notes.count == 5)
        #expect(named.notes.allSatisfy { $0.ruleID == "install-target-module-renamed" && $0.severity == .note })
        #expect(
            named.notes.map(\.description).contains {
                $0.hasPrefix("Podfile:3: note: the target 'App Tests' gets the module App_Tests_2")
                    && $0.contains("App_Tests is the target 'App_Tests'")
            })
        #expect(
            named.notes.map(\.message).contains {
                $0.contains("'Pay' gets the module Pay_2") && $0.contains("the module of PayKit")
            })
        // The same names in another order: the same modules.
        #expect(ComposedPackage(targets: targets.reversed(), components: package.components).targetModules == named)
    }
}

@Suite struct BinaryPreferenceTests {
    @Test func sourceIsTheDefault() {
        #expect(!BinaryPreference(flag: false, environment: [:]).usesBinary("Pay"))
    }

    @Test func switches() {
        #expect(BinaryPreference(flag: true, environment: [:]).usesBinary("Pay"))
        #expect(BinaryPreference(flag: false, environment: ["COMPOSE_USE_BINARY": "1"]).usesBinary("Pay"))
        let one = BinaryPreference(flag: false, environment: ["COMPOSE_PAY_USE_BINARY": "1"])
        #expect(one.usesBinary("Pay") && !one.usesBinary("Order"))
        let allButOne = BinaryPreference(
            flag: false, environment: ["COMPOSE_USE_BINARY": "1", "COMPOSE_PAY_USE_BINARY": "0"])
        #expect(!allButOne.usesBinary("Pay") && allButOne.usesBinary("Order"))
        #expect(
            BinaryPreference(flag: false, environment: ["COMPOSE_DESIGN_SYSTEM_USE_BINARY": "1"]).usesBinary(
                "Design-System"))
    }
}

@Suite struct ArtifactStoreTests {
    @Test func sha256MatchesKnownVectors() {
        #expect(SHA256Digest.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        #expect(
            SHA256Digest.hex(of: Data(String(repeating: "a", count: 1_000).utf8))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func aLocalArtifactIsVerified() async throws {
        let temporary = try TemporaryDirectory("artifact-local")
        defer { temporary.remove() }
        let file = temporary.url.appendingPathComponent("Pay.zip")
        try Data("not really a zip".utf8).write(to: file)
        let sum = SHA256Digest.hex(of: Data("not really a zip".utf8))
        let store = ArtifactStore(cache: temporary.url.appendingPathComponent("cache"))
        let copy = try await store.localCopy(of: PrebuiltArtifact(url: file.absoluteString, sha256: sum), for: "Pay")
        #expect(copy.path == file.path)
        let wrong = String(repeating: "0", count: 64)
        await #expect(
            throws: InstallError.checksumMismatch(
                name: "Pay", artifact: file.absoluteString, expected: wrong, actual: sum)
        ) {
            _ = try await store.localCopy(of: PrebuiltArtifact(url: file.absoluteString, sha256: wrong), for: "Pay")
        }
    }

    /// An artifact served over HTTP (nginx on 127.0.0.1) is downloaded once into the cache, verified,
    /// and taken from the cache the next time without a request.
    @Test func anArtifactIsDownloadedOnceFromItsServer() async throws {
        let temporary = try TemporaryDirectory("artifact-http")
        defer { temporary.remove() }
        let served = temporary.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let bytes = Data("a prebuilt Pay, zipped".utf8)
        try bytes.write(to: served.appendingPathComponent("Pay.zip"))
        let server = try NginxServer(root: served)
        defer { server.stop() }
        let cache = temporary.url.appendingPathComponent("cache")
        let store = ArtifactStore(cache: cache)
        let artifact = PrebuiltArtifact(url: server.url + "Pay.zip", sha256: SHA256Digest.hex(of: bytes))
        let copy = try await store.localCopy(of: artifact, for: "Pay")
        #expect(copy.path == cache.appendingPathComponent("\(artifact.sha256).zip").path)
        #expect(try Data(contentsOf: copy) == bytes)
        _ = try await store.localCopy(of: artifact, for: "Pay")
        #expect(server.requests() == ["GET /Pay.zip 200"])
    }

    /// A download goes through the limits of compose's HTTP client: an answer larger than the limit
    /// is refused while it arrives, with an error that says so, and nothing of it is cached.
    @Test func anOversizedArtifactIsRefusedAndNothingIsKept() async throws {
        let temporary = try TemporaryDirectory("artifact-large")
        defer { temporary.remove() }
        let served = temporary.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let bytes = Data(repeating: 0x50, count: 2 * 1_048_576)
        try bytes.write(to: served.appendingPathComponent("Pay.zip"))
        let server = try NginxServer(root: served)
        defer { server.stop() }
        let cache = temporary.url.appendingPathComponent("cache")
        let store = ArtifactStore(cache: cache, limit: 1_048_576)
        let artifact = PrebuiltArtifact(url: server.url + "Pay.zip", sha256: SHA256Digest.hex(of: bytes))
        let error = await failure { () async throws(InstallError) in
            _ = try await store.localCopy(of: artifact, for: "Pay")
        }
        if case .fetchFailed(let name, let url, _)? = error {
            #expect(name == "Pay" && url == artifact.url)
        } else {
            Issue.record("a 2 MiB artifact under a 1 MiB limit gave \(String(describing: error))")
        }
        #expect(error?.description.contains("is larger than 1 MiB") == true)
        #expect(error?.kind == .environment)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        #expect(left.isEmpty)

        let missing = PrebuiltArtifact(url: server.url + "Gone.zip", sha256: artifact.sha256)
        await #expect(
            throws: InstallError.fetchFailed(
                name: "Pay", url: missing.url, message: "the server answered HTTP 404")
        ) {
            _ = try await store.localCopy(of: missing, for: "Pay")
        }
    }

    /// Plain http is for a server on this machine alone: an artifact at http://another-host is refused
    /// before any request, saying to use https.
    @Test func plainHTTPToAnotherMachineIsRefused() async throws {
        let temporary = try TemporaryDirectory("artifact-plain")
        defer { temporary.remove() }
        let store = ArtifactStore(cache: temporary.url.appendingPathComponent("cache"))
        let remote = PrebuiltArtifact(
            url: "http://artifacts.example.com/Pay.zip", sha256: String(repeating: "a", count: 64))
        let error = await failure { () async throws(InstallError) in
            _ = try await store.localCopy(of: remote, for: "Pay")
        }
        if case .invalidPrebuilt? = error {
            #expect(error?.description.contains("must be https://") == true)
        } else {
            Issue.record("http to another machine gave \(String(describing: error))")
        }
        for loopback in ["http://127.0.0.1:8080/Pay.zip", "http://localhost/Pay.zip"] {
            #expect(throws: Never.self) {
                try PrebuiltArtifact(url: loopback, sha256: String(repeating: "a", count: 64)).validate(for: "Pay")
            }
        }
    }

    /// What `body` throws, nil when it returns.
    private func failure(_ body: () async throws(InstallError) -> Void) async -> InstallError? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        PrebuiltArtifact(url: "http://host/Pay.zip", sha256: String(repeating: "a", count: 64)),
        PrebuiltArtifact(url: "http://10.0.0.1/Pay.zip", sha256: String(repeating: "a", count: 64)),
        PrebuiltArtifact(url: "https://host/Pay.tar.gz", sha256: String(repeating: "a", count: 64)),
        PrebuiltArtifact(url: "https://host/Pay.zip", sha256: "abc"),
        PrebuiltArtifact(url: "https://host/Pay.zip", sha256: String(repeating: "A", count: 64)),
    ])
    func badDeclarationsAreRefused(_ artifact: PrebuiltArtifact) {
        #expect(throws: InstallError.self) { try artifact.validate(for: "Pay") }
    }
}
