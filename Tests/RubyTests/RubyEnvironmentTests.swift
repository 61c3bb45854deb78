import ComposeTestSupport
import Foundation
import Ruby
import Testing

/// The environment a Podfile or podspec runs in: values read from it are marked with the variable's
/// name through everything computed from them, and a marked value cannot leave the file unless the
/// variable is allowed by name; variables whose names look secret read as unset; credential files
/// are never read.
@Suite("Ruby subset: the environment and credential files")
struct RubyEnvironmentTests {
    static let environment = [
        "GITHUB_TOKEN": "gh-secret-456", "COMPOSE_CDN_TOKEN": "cdn-secret-123", "MIRROR": "https://mirror.example.com",
        "CI": "true", "PARTS": "Core,UI",
    ]

    /// Runs `source` with the test environment, allowing `allowed`; what it emitted, or the failure as
    /// `line:column: message`.
    static func outcome(_ source: String, allowing allowed: Set<String> = [], folder: String? = nil) -> String {
        let host = RecordingHost()
        let files = folder.map { RubyFiles(root: $0) }
        let interpreter = RubyInterpreter(
            bytes: Array(source.utf8), path: "Podfile", directory: files?.root, host: host, files: files,
            environment: environment, allowedEnvironment: allowed)
        do {
            try interpreter.run()
            return host.emitted.joined(separator: " | ")
        } catch {
            let place = interpreter.place(of: error)
            return "\(place.line):\(place.column): \(error.message)"
        }
    }

    /// Every way a value is computed carries the variable along: each of these reaches `emit` with
    /// MIRROR's value inside, and is refused there, naming the variable and the fix.
    @Test(arguments: [
        "emit ENV['MIRROR']",
        "emit \"#{ENV['MIRROR']}/specs.git\"",
        "emit 'x' + ENV['MIRROR']",
        "s = 'a'.dup; s << ENV['MIRROR']; emit s",
        "emit format('%s/x', ENV['MIRROR'])",
        "emit '%s/x' % ENV['MIRROR']",
        "emit ENV['MIRROR'][0, 5]",
        "emit ENV['MIRROR'].gsub('https', 'http')",
        "emit ENV['MIRROR'].sub(/m/) { |m| m.upcase }",
        "emit ENV['MIRROR'].split('/').last",
        "ENV['MIRROR'].split('.').each { |part| emit part }",
        "a, b = ENV['MIRROR'].split('//'); emit b",
        "emit [ENV['MIRROR'], 'x'].join('/')",
        "emit({ url: ENV['MIRROR'] }[:url])",
        "h = {}; h['u'] = ENV['MIRROR']; h.each { |k, v| emit v }",
        "emit ENV['MIRROR'].to_s.upcase.downcase.strip",
        "def helper(u)\n  \"#{u}/x\"\nend\nemit helper(ENV['MIRROR'])",
        "twice = lambda { |x| x * 2 }; emit twice.call(ENV['MIRROR'])",
        "emit [1].map { ENV['MIRROR'] }.first",
        "emit ENV.fetch('MIRROR', 'https://default.example.com')",
        "begin\n  raise ENV['MIRROR']\nrescue => e\n  emit e\nend",
        "for c in ENV['MIRROR'].chars do emit c end",
        "ENV['MIRROR'].each_char { |c| emit c }",
        "ENV['COPY'] = ENV['MIRROR']; emit ENV['COPY']",
        "emit ENV['MIRROR'].length",
        "emit ENV['MIRROR'] == 'https://mirror.example.com'",
        "x = ENV['MIRROR']; emit pod: [x]",
    ])
    func aValueBuiltFromAVariableIsRefusedWhereItLeavesTheFile(_ source: String) {
        let result = RubyEnvironmentTests.outcome(source)
        #expect(result.contains("is built from ENV['MIRROR']"), "\(source) → \(result)")
        #expect(result.contains("--allow-env MIRROR or COMPOSE_ALLOW_ENV=MIRROR"), "\(source) → \(result)")
        #expect(RubyEnvironmentTests.outcome(source, allowing: ["MIRROR"]).contains("built from") == false)
    }

    @Test func theRefusalNamesTheVariableAtTheValuesPlace() {
        #expect(
            RubyEnvironmentTests.outcome("emit 'ok'\nemit \"#{ENV['MIRROR']}/specs.git\"")
                == "2:6: the value given to `emit` is built from ENV['MIRROR']; compose sends no environment variable to a server, a file path or the lock unless it is allowed by name: allow it with --allow-env MIRROR or COMPOSE_ALLOW_ENV=MIRROR, if it is not a secret"
        )
        #expect(
            RubyEnvironmentTests.outcome("emit ENV['MIRROR'] + ENV['CI']").contains(
                "built from ENV['CI'] and ENV['MIRROR']; "))
    }

    @Test func anOptionBuiltFromAVariableIsNamedAtItsValue() {
        #expect(
            RubyEnvironmentTests.outcome("emit 'A', :tag => '1.0', :git => ENV['MIRROR']").hasPrefix(
                "1:37: the option :git given to `emit` is built from ENV['MIRROR']; "))
        #expect(
            RubyEnvironmentTests.outcome("emit 'A', ENV['CI'] => 1").hasPrefix(
                "1:14: an option's name given to `emit` is built from ENV['CI']; "))
    }

    @Test func aValueBuiltFromTheWholeEnvironmentNamesItsFirstVariables() {
        let host = RecordingHost()
        var environment: [String: String] = [:]
        for i in 0..<80 { environment["VARIABLE_\(i)"] = "\(i)" }
        let interpreter = RubyInterpreter(
            bytes: Array("emit ENV.to_h.values.join(',')".utf8), path: "Podfile", directory: nil, host: host,
            files: nil, environment: environment)
        do {
            try interpreter.run()
            Issue.record("expected a refusal, emitted \(host.emitted)")
        } catch {
            #expect(
                error.message.hasPrefix(
                    "the value given to `emit` is built from ENV['VARIABLE_0'], ENV['VARIABLE_1'], ENV['VARIABLE_10'] and "
                ),
                "\(error.message)")
            #expect(
                error.message.contains(
                    "allow them with --allow-env VARIABLE_0 --allow-env VARIABLE_1 --allow-env VARIABLE_10 … or COMPOSE_ALLOW_ENV=VARIABLE_0,VARIABLE_1,VARIABLE_10,…, if they are not secrets"
                ), "\(error.message)")
        }
    }

    @Test func conditionsOnAVariableStayFree() {
        let source = """
            emit 'ci' if ENV['CI'] == 'true'
            emit ENV.key?('MIRROR') ? 'mirrored' : 'direct'
            ENV['PARTS'].split(',').size == 2 ? emit('two') : emit('other')
            emit(ENV['UNSET'] || 'fallback')
            emit ENV.fetch('UNSET', 'default')
            case ENV['CI']
            when 'true' then emit 'yes'
            end
            """
        #expect(
            RubyEnvironmentTests.outcome(source)
                == "\"ci\" | \"mirrored\" | \"two\" | \"fallback\" | \"default\" | \"yes\"")
    }

    @Test func variablesThatLookSecretReadAsUnsetUnlessAllowed() {
        let source = """
            emit ENV.key?('GITHUB_TOKEN'), ENV['GITHUB_TOKEN'].nil? ? 'unset' : 'set', ENV.to_h.key?('GITHUB_TOKEN') ? 1 : 0
            emit ENV.to_h.key?('COMPOSE_CDN_TOKEN') ? 'cdn' : 'no cdn'
            emit(ENV['GITHUB_TOKEN'] || 'none')
            """
        #expect(RubyEnvironmentTests.outcome(source) == "false \"unset\" 0 | \"no cdn\" | \"none\"")
        // Built into a value, the unset secret names itself rather than vanishing from a URL.
        let leak = RubyEnvironmentTests.outcome(
            "emit \"http://127.0.0.1/leak/#{ENV['COMPOSE_CDN_TOKEN']}/#{ENV['GITHUB_TOKEN']}/\"")
        #expect(
            leak.hasPrefix(
                "1:6: the value given to `emit` is built from ENV['COMPOSE_CDN_TOKEN'] and ENV['GITHUB_TOKEN'] (COMPOSE_CDN_TOKEN, GITHUB_TOKEN look like credentials, so the file read them as unset)"
            ), "\(leak)")
        #expect(!leak.contains("secret-"))
        #expect(
            RubyEnvironmentTests.outcome("ENV.fetch('GITHUB_TOKEN')").contains(
                "its name looks like a credential's, so compose shows it to no Podfile or podspec unless it is allowed with --allow-env GITHUB_TOKEN"
            ))
        // Allowed by name, it is seen and may be used.
        #expect(
            RubyEnvironmentTests.outcome("emit ENV['GITHUB_TOKEN']", allowing: ["GITHUB_TOKEN"]) == "\"gh-secret-456\"")
    }

    @Test(arguments: [
        ("GITHUB_TOKEN", true), ("COMPOSE_GIT_TOKEN_GIT_EXAMPLE_COM", true), ("COMPOSE_CDN_TOKEN", true),
        ("NPM_TOKEN", true), ("AWS_SECRET_ACCESS_KEY", true), ("AWS_ACCESS_KEY_ID", true), ("API_KEY", true),
        ("MATCH_PASSWORD", true), ("DB_PASS", true), ("FASTLANE_SESSION", true), ("SSH_AUTH_SOCK", true),
        ("GOOGLE_APPLICATION_CREDENTIALS", true), ("PRIVATE_REPO_URL", true), ("apiKey", true),
        ("ACTIONS_ID_TOKEN_REQUEST_URL", true), ("SIGNING_CERTIFICATE_P12", true), ("COOKIE_JAR", true),
        ("GIT_AUTHOR_NAME", false), ("HOME", false), ("PATH", false), ("PWD", false), ("CI", false),
        ("KEYCHAIN_PATH", false), ("MONKEY", false), ("SPECS_URL", false), ("COMPOSE_HOME", false),
        ("BUNDLE_GEMFILE", false), ("AUTHOR", false),
    ])
    func whichNamesLookSecret(_ name: String, _ secret: Bool) {
        #expect(RubyEnvironment.looksSecret(name) == secret, "\(name)")
    }

    @Test func aFilePathBuiltFromAVariableIsRefused() throws {
        let folder = try TemporaryDirectory("ruby-env-path")
        defer { folder.remove() }
        try "1.0\n".write(toFile: folder.path + "/true", atomically: true, encoding: .utf8)
        for source in ["File.read(ENV['CI'])", "File.exist?(ENV['CI'])", "Dir.glob(ENV['CI'] + '*')"] {
            let result = RubyEnvironmentTests.outcome(source, folder: folder.path)
            #expect(result.contains("the path given to `"), "\(source) → \(result)")
            #expect(result.contains("is built from ENV['CI']"), "\(source) → \(result)")
        }
        #expect(
            RubyEnvironmentTests.outcome("emit File.read(ENV['CI'])", allowing: ["CI"], folder: folder.path)
                == "\"1.0\\n\"")
    }

    @Test func credentialFilesAreNeverRead() throws {
        let folder = try TemporaryDirectory("ruby-env-files")
        defer { folder.remove() }
        let fileManager = FileManager.default
        for directory in [".git", ".ssh", "sub/.aws", "certs"] {
            try fileManager.createDirectory(
                atPath: folder.url.appendingPathComponent(directory).path, withIntermediateDirectories: true)
        }
        let secret = "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n"
        for file in [
            ".git/config", ".ssh/id_ed25519", "sub/.aws/credentials", ".netrc", ".env", ".env.production",
            ".git-credentials", ".npmrc", "certs/dist.p12", "certs/server.key", "id_rsa", "AuthKey_ABC.p8",
        ] {
            try secret.write(toFile: folder.url.appendingPathComponent(file).path, atomically: true, encoding: .utf8)
        }
        try "1.2.0\n".write(toFile: folder.path + "/VERSION", atomically: true, encoding: .utf8)
        // A link with a harmless name to a credential file is refused too.
        try fileManager.createSymbolicLink(atPath: folder.path + "/notes.txt", withDestinationPath: ".git/config")

        for file in [
            ".git/config", "./.git/../.git/config", ".ssh/id_ed25519", "sub/.aws/credentials", ".netrc", ".env",
            ".env.production", ".git-credentials", ".npmrc", "certs/dist.p12", "certs/server.key", "id_rsa",
            "AuthKey_ABC.p8", "notes.txt",
        ] {
            let result = RubyEnvironmentTests.outcome("emit File.read('\(file)')", folder: folder.path)
            #expect(
                result
                    == "1:11: compose does not let a Podfile or podspec read `\(file)` (it may hold credentials); write the value into the file itself",
                "\(file) → \(result)")
        }
        #expect(
            RubyEnvironmentTests.outcome("require_relative '.git/hooks'", folder: folder.path).contains(
                "compose does not let a Podfile or podspec read"))
        // Looked for, they are absent; globbed, they are left out.
        #expect(
            RubyEnvironmentTests.outcome(
                "emit File.exist?('.git/config'), File.exist?('.netrc'), File.exist?('VERSION')", folder: folder.path)
                == "false false true")
        #expect(
            RubyEnvironmentTests.outcome("emit Dir.glob('**/*')", folder: folder.path)
                == "[\"VERSION\", \"certs\", \"sub\"]")
        #expect(RubyEnvironmentTests.outcome("emit File.read('VERSION').strip", folder: folder.path) == "\"1.2.0\"")
    }

    /// Mutated files that read the environment and files, run with a secret, an allowed and a plain
    /// variable: each runs or is refused with a failure of its own, and no secret is ever emitted.
    @Test func mutatedFilesNeverCrashNorEmitASecret() throws {
        let folder = try TemporaryDirectory("ruby-env-mutations")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/.git", withIntermediateDirectories: true)
        try "token gh-secret-456\n".write(toFile: folder.path + "/.git/config", atomically: true, encoding: .utf8)
        let seeds = [
            "m = ENV.fetch('MIRROR', 'x'); emit m if ENV['CI']; emit \"#{ENV['GITHUB_TOKEN']}/#{m}\"",
            "h = ENV.to_h; h.each { |k, v| emit k => v }; emit ENV.key?('GITHUB_TOKEN') ? 1 : 0",
            "a = ENV['PARTS'].split(','); a.map { |p| p * 2 }.each_with_index { |p, i| emit [p, i] }",
            "emit File.read('.git/config') rescue emit Dir.glob('**/*'); emit format('%s', ENV['MIRROR'])",
            "def f(x)\n  x\nend\nbegin; raise ENV['MIRROR']; rescue => e; emit f(e); end; ENV['X'] = ENV['CI']; emit ENV['X']",
        ]
        var generator = SeededGenerator(state: 43)
        for round in 0..<400 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let i = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[i] = UInt8.random(in: 0x20...0x7E, using: &generator)
                case 1: bytes.remove(at: i)
                case 2: bytes.insert(contentsOf: bytes[i..<min(bytes.count, i + 8)], at: i)
                default: bytes.insert(UInt8(ascii: "'"), at: i)
                }
                if bytes.isEmpty { bytes = [0x20] }
            }
            let source = String(decoding: bytes, as: UTF8.self)
            let result = RubyEnvironmentTests.outcome(source, allowing: ["PARTS"], folder: folder.path)
            #expect(!result.contains("gh-secret-456") && !result.contains("cdn-secret-123"), "\(source) → \(result)")
        }
    }
}
