import ComposeTestSupport
import Foundation
import Testing

/// Issue 32 (everyday use II): what a CocoaPods team still tripped on, each as the user sees it.
@Suite struct EverydayUseTwoTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// A spec repo with one commit, added as `specs` to a fresh compose home, and a Logging component.
    static func world(_ label: String) async throws -> (TemporaryDirectory, URL, URL, [String: String?]) {
        let folder = try TemporaryDirectory(label)
        let specs = folder.url.appendingPathComponent("specs.git")
        try makeBareRepository(at: specs, files: ["README.md": "# Specs\n"])
        let environment: [String: String?] = [
            "COMPOSE_HOME": folder.url.appendingPathComponent("home").path, "GIT_AUTHOR_NAME": "Release Bot",
            "GIT_AUTHOR_EMAIL": "bot@example.com", "GIT_COMMITTER_NAME": "Release Bot",
            "GIT_COMMITTER_EMAIL": "bot@example.com",
        ]
        let add = try await runComposeInProcess(
            ["repo", "add", "specs", specs.absoluteString], environment: environment)
        #expect(add.code == 0, "\(add.stderr)")
        return (folder, specs, try makeLoggingComponent(in: folder.url), environment)
    }

    // MARK: 4. publish and deprecate --format

    @Test func publishAndDeprecateReportStepsTagCommitAndFindingsAsJSONAndGitHubAnnotations() async throws {
        let (folder, specs, work, environment) = try await Self.world("cli-publish-json")
        defer { folder.remove() }
        // A spec without a license: a lint warning.
        let specFile = work.appendingPathComponent("Logging.podspec.json")
        var spec = try Self.object(try String(contentsOf: specFile, encoding: .utf8))
        spec["license"] = nil
        try JSONSerialization.data(withJSONObject: spec, options: [.prettyPrinted, .sortedKeys]).write(to: specFile)
        try runGit(["commit", "-q", "-am", "no license"], in: work)

        // Refused (lint warnings): one JSON object with every finding and the error, exit 1.
        let refused = try await runComposeInProcess(
            ["publish", "specs", "--skip-build", "--format", "json"], environment: environment, currentDirectory: work)
        #expect(refused.code == 1, "\(refused.stderr)")
        let refusal = try Self.object(refused.stdout)
        #expect(refusal["passed"] as? Bool == false)
        #expect(refusal["command"] as? String == "publish")
        let error = try #require(refusal["error"] as? [String: Any])
        #expect(error["kind"] as? String == "input")
        #expect(error["exitCode"] as? Int == 1)
        let refusedFindings = try #require(refusal["findings"] as? [[String: Any]])
        #expect(!refusedFindings.isEmpty)
        #expect(refusedFindings.allSatisfy { $0["file"] as? String == "Logging.podspec.json" && $0["rule"] is String })
        #expect(refused.stderr.contains("error: "), "the error line is still on standard error")
        #expect(try runGit(["tag"], in: work).stdout.isEmpty, "nothing was tagged")

        // A spec repo that is not added: the same report, with the error.
        let unknownRepo = try await runComposeInProcess(
            ["publish", "nope", "--format", "json"], environment: environment, currentDirectory: work)
        #expect(unknownRepo.code == 1)
        let unknownReport = try Self.object(unknownRepo.stdout)
        #expect(unknownReport["command"] as? String == "publish")
        #expect((unknownReport["error"] as? [String: Any])?["kind"] as? String == "input")

        let annotated = try await runComposeInProcess(
            ["publish", "specs", "--skip-build", "--format", "github"], environment: environment, currentDirectory: work
        )
        #expect(annotated.code == 1)
        #expect(annotated.stdout.contains("::warning file=Logging.podspec.json,line="), "\(annotated.stdout)")
        #expect(annotated.stdout.contains("::error title=compose publish::"), "\(annotated.stdout)")

        // Published: the steps, the tag, the commit.
        let published = try await runComposeInProcess(
            ["publish", "specs", "--allow-warnings", "--skip-build", "--format", "json"], environment: environment,
            currentDirectory: work)
        #expect(published.code == 0, "\(published.stderr)")
        let report = try Self.object(published.stdout)
        #expect(report["passed"] as? Bool == true)
        #expect(report["name"] as? String == "Logging")
        #expect(report["version"] as? String == "9.0.0")
        #expect(report["repo"] as? String == "specs")
        #expect(report["tag"] as? String == "9.0.0")
        #expect(report["tagCreated"] as? Bool == true)
        #expect(report["error"] is NSNull)
        let head = try runGit(["rev-parse", "main"], in: specs).stdout.trimmingCharacters(in: .newlines)
        #expect(report["commit"] as? String == head)
        #expect(report["commitMessage"] as? String == "[Add] Logging (9.0.0)")
        let steps = try #require(report["steps"] as? [String])
        #expect(steps.first?.hasPrefix("Linted Logging.podspec.json (") == true, "\(steps)")
        #expect(steps.contains { $0.hasPrefix("Pushed tag 9.0.0 to ") }, "\(steps)")
        #expect(steps.contains { $0.hasPrefix("Committed [Add] Logging (9.0.0)") }, "\(steps)")
        let allowed = try #require(report["findings"] as? [[String: Any]])
        #expect(allowed.count == refusedFindings.count, "the warnings allowed are listed")
        #expect(allowed.allSatisfy { $0["severity"] as? String == "warning" })

        // 9: a re-run of the CI job does not claim to push the tag again.
        let again = try await runComposeInProcess(
            ["publish", "specs", "--allow-warnings", "--skip-build", "--ci", "--format", "json"],
            environment: environment,
            currentDirectory: work)
        #expect(again.code == 0, "\(again.stderr)")
        let rerun = try Self.object(again.stdout)
        #expect(rerun["commit"] is NSNull)
        #expect(rerun["tagCreated"] as? Bool == false)
        #expect(rerun["note"] is String)
        let rerunSteps = try #require(rerun["steps"] as? [String])
        #expect(rerunSteps.contains { $0.hasPrefix("Tag 9.0.0 is already on the remote (") }, "\(rerunSteps)")
        #expect(!rerunSteps.contains { $0.hasPrefix("Pushed tag") })
        let human = try await runComposeInProcess(
            ["publish", "specs", "--allow-warnings", "--skip-build", "--ci"], environment: environment,
            currentDirectory: work)
        #expect(human.code == 0)
        #expect(human.stderr.contains("Tag 9.0.0 is already on the remote"), "\(human.stderr)")
        #expect(!human.stderr.contains("Pushed tag"), "\(human.stderr)")

        // deprecate: the same report.
        let deprecated = try await runComposeInProcess(
            ["deprecate", "Logging", "specs", "--format", "json"], environment: environment)
        #expect(deprecated.code == 0, "\(deprecated.stderr)")
        let marked = try Self.object(deprecated.stdout)
        #expect(marked["command"] as? String == "deprecate")
        #expect(marked["commitMessage"] as? String == "[Deprecate] Logging (9.0.0)")
        #expect(marked["tag"] is NSNull)
        let missing = try await runComposeInProcess(
            ["deprecate", "Nope", "specs", "--format", "github"], environment: environment)
        #expect(missing.code == 1)
        #expect(missing.stdout.hasPrefix("::error title=compose deprecate::"), "\(missing.stdout)")
    }

    // MARK: 5. lib create and git's identity

    @Test func libCreateTakesGitsIdentityAndGitsAuthorFormAndAUsageErrorNamesTheSubcommand() async throws {
        let folder = try TemporaryDirectory("cli-lib-identity")
        defer { folder.remove() }
        var environment = IdentityAndBranchTests.anonymous(
            home: folder.url, composeHome: folder.url.appendingPathComponent("home"))
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let create = ["lib", "create", "--output", out.path, "--git-url", "https://git.example.com/ios/Kit.git"]

        // No identity anywhere: a usage error with lib create's usage and the commands that set one.
        let anonymous = try await runCompose(create + ["Kit"], environment: environment)
        #expect(anonymous.code == 64, "\(anonymous.stderr)")
        #expect(anonymous.stderr.contains("Usage: compose lib create"), "\(anonymous.stderr)")
        #expect(!anonymous.stderr.contains("compose <subcommand>"), "\(anonymous.stderr)")
        #expect(anonymous.stderr.contains("git config --global user.name"), "\(anonymous.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Kit").path))

        // git's global user.name and user.email, as publish reads them.
        let config = folder.url.appendingPathComponent(".gitconfig").path
        try runGit(["config", "--file", config, "user.name", "Ada Lovelace"])
        try runGit(["config", "--file", config, "user.email", "ada@example.com"])
        let configured = try await runCompose(create + ["Kit"], environment: environment)
        #expect(configured.code == 0, "\(configured.stderr)")
        let spec = try String(contentsOf: out.appendingPathComponent("Kit/Kit.podspec.json"), encoding: .utf8)
        #expect(spec.contains("\"Ada Lovelace\": \"ada@example.com\""), "\(spec)")
        let first = try runGit(["log", "-1", "--format=%an <%ae>"], in: out.appendingPathComponent("Kit"))
        #expect(first.stdout == "Ada Lovelace <ada@example.com>\n")

        // --author in git's form, as publish takes it.
        environment["HOME"] = folder.url.appendingPathComponent("nowhere").path
        let given = try await runComposeInProcess(
            create + ["Pay", "--author", "B Builder <b@example.com>"], environment: environment)
        #expect(given.code == 0, "\(given.stderr)")
        let paySpec = try String(contentsOf: out.appendingPathComponent("Pay/Pay.podspec.json"), encoding: .utf8)
        #expect(paySpec.contains("\"B Builder\": \"b@example.com\""), "\(paySpec)")
        let payLog = try runGit(["log", "-1", "--format=%an <%ae>"], in: out.appendingPathComponent("Pay"))
        #expect(payLog.stdout == "B Builder <b@example.com>\n")

        // One grammar: the same refusal as publish's, with lib create's usage; nothing written.
        let malformed = try await runComposeInProcess(
            create + ["Wallet", "--author", "B <b@example.com"], environment: environment)
        #expect(malformed.code == 64)
        #expect(malformed.stderr.contains("is not of git's form \"Name <email>\""), "\(malformed.stderr)")
        #expect(malformed.stderr.contains("Usage: compose lib create"), "\(malformed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Wallet").path))
        let publish = try await runComposeInProcess(["publish", "specs", "--author", "B <b@example.com"])
        #expect(publish.code == 64)
        #expect(publish.stderr.contains("is not of git's form \"Name <email>\""), "\(publish.stderr)")
    }

    // MARK: 9. An unknown option

    @Test func anUnknownOptionFarFromEveryOptionPointsAtTheCommandsHelp() async throws {
        let far = try await runComposeInProcess(["install", "--foo"])
        #expect(far.code == 64)
        #expect(far.stderr.contains("Unknown option '--foo'"), "\(far.stderr)")
        #expect(!far.stderr.contains("--color'?"), "\(far.stderr)")
        #expect(far.stderr.contains("`compose install --help` lists the options it takes"), "\(far.stderr)")
        let near = try await runComposeInProcess(["install", "--binray"])
        #expect(near.code == 64)
        #expect(near.stderr.contains("Did you mean '--binary'?"), "\(near.stderr)")
    }

    // MARK: 9. The version

    @Test func theVersionFollowsTheChangelogAndTheUserAgentCarriesIt() async throws {
        let run = try await runComposeInProcess(["--version"])
        #expect(run.code == 0)
        let version = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil })
        #expect(version != "0.1.0")
        let changelog = try String(
            contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest?.hasPrefix("## \(version) ") == true, "CHANGELOG.md's newest entry is \(newest ?? "none")")

        let server = try CaptureServer(.askForCredentials)
        defer { server.stop() }
        let folder = try TemporaryDirectory("cli-user-agent")
        defer { folder.remove() }
        _ = try await runComposeInProcess(
            ["search", "x", "--source", server.url("specs/")],
            environment: ["COMPOSE_HOME": folder.path, "COMPOSE_NETWORK_TIMEOUT": "5"])
        let agents = server.requests.compactMap(\.userAgent)
        #expect(!agents.isEmpty)
        #expect(agents.allSatisfy { $0 == "compose/\(version)" }, "\(agents)")
    }

    // MARK: 6. info and search with a spec the reader refuses

    @Test func infoAndSearchNameASpecTheyCannotReadAndSayNullNotEmpty() async throws {
        let folder = try TemporaryDirectory("cli-info-unreadable")
        defer { folder.remove() }
        let specs = folder.url.appendingPathComponent("specs.git")
        let url = try makeBareRepository(
            at: specs,
            files: [
                "Pay/1.0.0/Pay.podspec.json": DeprecateCommandTests.spec("Pay", "1.0.0"),
                "Pay/1.1.0/Pay.podspec": RepoConvertCommandTests.ruby(
                    "Pay", "1.1.0", versionExpression: "File.read('VERSION').strip"),
            ])
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        #expect(try await runComposeInProcess(["repo", "add", "specs", url], environment: environment).code == 0)

        let info = try await runComposeInProcess(["info", "Pay"], environment: environment)
        #expect(info.code == 0, "\(info.stderr)")
        #expect(info.stderr.contains("warning: "), "\(info.stderr)")
        #expect(info.stderr.contains("Pay/1.1.0/Pay.podspec:3:"), "\(info.stderr)")
        #expect(info.stdout.contains("versions: 1.1.0, 1.0.0"), "\(info.stdout)")
        #expect(info.stdout.contains("spec: unreadable"), "\(info.stdout)")

        let json = try await runComposeInProcess(["info", "Pay", "--format", "json"], environment: environment)
        #expect(json.code == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let entry = try #require(entries.first)
        #expect(entry["dependencies"] is NSNull, "\(json.stdout)")
        #expect(entry["platforms"] is NSNull)
        #expect(entry["subspecs"] is NSNull)
        #expect(entry["summary"] is NSNull)
        #expect((entry["unreadable"] as? String)?.contains("Pay/1.1.0/Pay.podspec:3:") == true, "\(json.stdout)")

        let search = try await runComposeInProcess(["search", "pay", "--format", "json"], environment: environment)
        #expect(search.code == 0)
        #expect(search.stderr.contains("Pay/1.1.0/Pay.podspec:3:"), "\(search.stderr)")
        let found = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]])
        #expect(found.first?["summary"] is NSNull, "\(search.stdout)")
        #expect((found.first?["unreadable"] as? String)?.contains("Pay.podspec:3:") == true)
        // Answered from the search index the first search built: the same warning and answer.
        let again = try await runComposeInProcess(
            ["search", "pay", "--format", "json", "--verbose"], environment: environment)
        #expect(again.stderr.contains("Pay/1.1.0/Pay.podspec:3:"), "\(again.stderr)")
        #expect(again.stderr.contains("specs: from the search index, unchanged (no spec read)"), "\(again.stderr)")
        #expect(again.stdout == search.stdout)
    }

    // MARK: 7. A Podfile without a platform

    @Test func aPodfileWithoutAPlatformTakesTheXcodeProjectsOrWarnsWithTheFix() async throws {
        let folder = try TemporaryDirectory("cli-xcodeproj-platform")
        defer { folder.remove() }
        let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture").path
        let podfile = "source '\(fixture)'\n\ntarget 'MacApp' do\n  pod 'Logging', '2.1.0'\nend\n"
        try writeFiles(["Podfile": podfile], under: folder.url)
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]

        // No Xcode project: iOS, with a warning giving the line to add.
        let assumed = try await runComposeInProcess(["resolve", "--project", folder.path], environment: environment)
        #expect(assumed.code == 0, "\(assumed.stderr)")
        #expect(assumed.stderr.contains("warning: no platform is declared"), "\(assumed.stderr)")
        #expect(assumed.stderr.contains("platform :ios, '15.0'"), "\(assumed.stderr)")

        // A macOS project beside it: macOS at its deployment target.
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tMACOSX_DEPLOYMENT_TARGET = 10.14;
            \t\t\t\tSDKROOT = macosx;
            \t\t\t};
            \t\t};
            \t\tA2 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\t"MACOSX_DEPLOYMENT_TARGET" = "10.14";
            \t\t\t\tSDKROOT = macosx;
            \t\t\t};
            \t\t};
            \t};
            }
            """
        try writeFiles(
            ["MacApp.xcodeproj/project.pbxproj": pbxproj.replacingOccurrences(of: "10.14", with: "10.15")],
            under: folder.url)
        let mac = try await runComposeInProcess(["resolve", "--project", folder.path], environment: environment)
        #expect(mac.code == 0, "\(mac.stdout)\(mac.stderr)")
        #expect(
            mac.stderr.contains(
                "note: no platform is declared; macOS 10.15 is taken from \(folder.path)/MacApp.xcodeproj/project.pbxproj"
            ),
            "\(mac.stderr)")
        #expect(!mac.stderr.contains("iOS is assumed"))
        // Logging 2.1.0 needs macOS 10.15: below it the explanation names the project file.
        try writeFiles(["MacApp.xcodeproj/project.pbxproj": pbxproj], under: folder.url)
        let older = try await runComposeInProcess(["resolve", "--project", folder.path], environment: environment)
        #expect(older.code == 1, "\(older.stdout)\(older.stderr)")
        #expect(older.stderr.contains("Because the Podfile depends on Logging"), "\(older.stderr)")
        #expect(
            older.stderr.contains(
                "the macOS deployment target is 10.14, \(folder.path)/MacApp.xcodeproj/project.pbxproj"),
            "\(older.stderr)")
    }

    // MARK: 8. The graph of a spec repo with lone and missing pods

    @Test func theGraphDrawsLonePodsInAGridMissingPodsDashedAndCheckNamesAMissingPod() async throws {
        let folder = try TemporaryDirectory("cli-graph-missing")
        defer { folder.remove() }
        let repo = folder.url.appendingPathComponent("specs")
        let dependsOnMissing = #", "dependencies": {"ReactiveSwift": ["~> 6.0"]}"#
        try writeFiles(
            [
                "App/1.0.0/App.podspec.json": DeprecateCommandTests.spec(
                    "App", "1.0.0", dependencies: #", "dependencies": {"Core": []}"#),
                "Core/1.0.0/Core.podspec.json": DeprecateCommandTests.spec(
                    "Core", "1.0.0", dependencies: dependsOnMissing),
                "Lone1/1.0.0/Lone1.podspec.json": DeprecateCommandTests.spec("Lone1", "1.0.0"),
                "Lone2/1.0.0/Lone2.podspec.json": DeprecateCommandTests.spec("Lone2", "1.0.0"),
                "Lone3/1.0.0/Lone3.podspec.json": DeprecateCommandTests.spec("Lone3", "1.0.0"),
            ], under: repo)
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]

        let dot = try await runComposeInProcess(["graph", repo.path], environment: environment)
        #expect(dot.code == 0, "\(dot.stderr)")
        #expect(dot.stdout.contains("subgraph \"cluster_unconnected\""), "\(dot.stdout)")
        #expect(dot.stdout.contains("3 without dependencies either way"))
        #expect(dot.stdout.contains("\"Lone1\" -> \"Lone3\" [style=invis];"), "a grid of two columns: \(dot.stdout)")
        #expect(
            dot.stdout.contains(
                "\"ReactiveSwift\" [label=\"ReactiveSwift (not in this spec repo)\", style=\"rounded,dashed\""),
            "\(dot.stdout)")
        let mermaid = try await runComposeInProcess(
            ["graph", repo.path, "--format", "mermaid"], environment: environment)
        #expect(mermaid.stdout.contains("classDef external stroke-dasharray"), "\(mermaid.stdout)")

        let check = try await runComposeInProcess(["graph", "--check", repo.path], environment: environment)
        #expect(check.code == 1, "\(check.stdout)")
        #expect(check.stdout.contains("Core/1.0.0/Core.podspec.json:"), "\(check.stdout)")
        #expect(check.stdout.contains("[graph-unknown-pod]"), "\(check.stdout)")
        #expect(check.stdout.contains("`ReactiveSwift`, which is in no spec repo compose knows"), "\(check.stdout)")
        let allowed = try await runComposeInProcess(
            ["graph", "--check", repo.path, "--allow-warnings"], environment: environment)
        #expect(allowed.code == 0, "\(allowed.stdout)")
    }

    // MARK: 9. A spec repo of Ruby podspecs

    @Test func aRubySpecRepoIsToldInItsOwnFileNames() async throws {
        let folder = try TemporaryDirectory("cli-ruby-stray")
        defer { folder.remove() }
        let repo = folder.url.appendingPathComponent("specs")
        try writeFiles(
            [
                "Pay/1.0.0/Pay.podspec": RepoConvertCommandTests.ruby("Pay", "1.0.0"),
                "Pay/1.0.0/notes.txt": "notes\n",
            ], under: repo)
        let lint = try await runComposeInProcess(
            ["repo", "lint", repo.path], environment: ["COMPOSE_HOME": folder.url.appendingPathComponent("h").path])
        #expect(
            lint.stdout.contains(
                "notes.txt:1:1: error: Stray file: a version folder holds only Pay.podspec. [repo-stray-file]"),
            "\(lint.stdout)")

        let quick = try await runComposeInProcess(
            ["lint", "--quick", "--allow-warnings", repo.appendingPathComponent("Pay/1.0.0/Pay.podspec").path])
        #expect(!quick.stdout.contains("package-manifest-missing"), "\(quick.stdout)")
        #expect(quick.stdout.contains("Linted 1 spec"), "\(quick.stdout)")
    }

    // MARK: 9. The Podfile's own notes

    @Test func thePodfilesOwnNotesAreSaidOncePerChangeOfThePodfile() async throws {
        let folder = try TemporaryDirectory("cli-notes-once")
        defer { folder.remove() }
        let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture").path
        let podfile = """
            source '\(fixture)'
            platform :ios, '15.0'

            target 'App' do
              pod 'Logging'
            end

            post_install do |installer|
              puts 'configured'
            end

            """
        try writeFiles(["Podfile": podfile], under: folder.url)
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        let update = ["update", "--no-repo-update", "--project", folder.path]

        let first = try await runComposeInProcess(update, environment: environment)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stderr.contains("note: skipped post_install (lines 8–10)"), "\(first.stderr)")
        for command in [update, ["resolve", "--project", folder.path], ["resolve", "--project", folder.path]] {
            let again = try await runComposeInProcess(command, environment: environment)
            #expect(again.code == 0, "\(again.stderr)")
            #expect(!again.stderr.contains("skipped post_install"), "\(command): \(again.stderr)")
        }

        try writeFiles(["Podfile": podfile + "# Logging only\n"], under: folder.url)
        let changed = try await runComposeInProcess(update, environment: environment)
        #expect(changed.code == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("note: skipped post_install"), "\(changed.stderr)")
    }

    @Test func infoNamesASpecItCannotReadFromAnHTTPSourceToo() async throws {
        let folder = try TemporaryDirectory("cli-info-http-unreadable")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let export = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", out.path], currentDirectory: repositoryRoot)
        #expect(export.code == 0, "\(export.stderr)")
        let files = FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String } ?? []
        let paySpecs = files.filter { $0.hasSuffix("/Pay.podspec.json") }
        #expect(!paySpecs.isEmpty)
        for path in paySpecs {
            try "{ \"name\": ".write(to: out.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        let server = try NginxServer(root: out)
        defer { server.stop() }

        let info = try await runComposeInProcess(
            ["info", "Pay", "--source", server.url, "--format", "json"],
            environment: ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path])
        #expect(info.code == 0, "\(info.stderr)")
        #expect(info.stderr.contains("warning: "), "\(info.stderr)")
        #expect(
            info.stderr.contains("/Pay/2.0.0-beta.1/Pay.podspec.json is not a CocoaPods CDN file: not JSON (1:11:"),
            "\(info.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])
        let entry = try #require(entries.first)
        #expect(entry["dependencies"] is NSNull, "\(info.stdout)")
        #expect((entry["unreadable"] as? String)?.contains("Pay.podspec.json is not a CocoaPods CDN file") == true)
    }
}
