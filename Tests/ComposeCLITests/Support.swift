import ComposeCLI
import ComposeTestSupport
import Foundation
import Testing

/// Runs `compose arguments` in this process through the root command, as `main` would, with outputs
/// of its own, this process's environment with `environment`'s entries added (or, when nil, removed),
/// and `currentDirectory` (default: this process's) for the relative paths the CLI reads. Runs may
/// overlap. `--project` is read by the Project library, against this process's folder: pass it absolute.
func runComposeInProcess(
    _ arguments: [String], environment: [String: String?] = [:], currentDirectory: URL? = nil
) async throws -> ComposeRun {
    let out = OutputBuffer()
    let err = OutputBuffer()
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    let context = Terminal.Context(
        standardOutput: Terminal(buffer: out), standardError: Terminal(buffer: err), environment: merged,
        currentDirectory: currentDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    let code = await ComposeCommand.run(arguments, in: context)
    return ComposeRun(code: code, stdout: out.text, stderr: err.text)
}

/// A project folder in a temporary directory; `FIXTURE` in a Composefile names spec-repo-fixture.
struct ProjectFixture {
    let directory: TemporaryDirectory
    var path: String { directory.path }

    init(_ label: String, composefile: String) throws {
        directory = try TemporaryDirectory(label)
        try write(composefile)
    }

    func write(_ composefile: String) throws {
        let text = composefile.replacingOccurrences(
            of: "FIXTURE", with: repositoryRoot.appendingPathComponent("spec-repo-fixture").path)
        try Data(text.utf8).write(to: directory.url.appendingPathComponent("Composefile"))
    }
}

/// Two app targets resolved against spec-repo-fixture.
let twoTargets = """
    source 'FIXTURE'
    platform :ios, '15.0'

    target 'Shop' do
      pod 'Account', '~> 2.0'
      pod 'Pay', '~> 1.2'
    end

    target 'ShopLite' do
      pod 'Analytics'
    end
    """

/// A Logging 9.0.0 component (the fixture's newest Logging spec) with its own bare remote, committed.
/// A compose home in `folder` with one added spec repo, `specs` (a bare repository holding a README),
/// and a git identity: the environment to run commands with.
func environmentWithAddedSpecRepo(in folder: URL) async throws -> [String: String?] {
    let environment: [String: String?] = [
        "COMPOSE_HOME": folder.appendingPathComponent("home").path,
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
    ]
    let specs = folder.appendingPathComponent("specs.git")
    try makeBareRepository(at: specs, files: ["README.md": "# Specs\n"])
    let add = try await runComposeInProcess(["repo", "add", "specs", specs.absoluteString], environment: environment)
    try #require(add.code == 0, "compose repo add: \(add.stderr)")
    return environment
}

func makeLoggingComponent(in folder: URL) throws -> URL {
    let remote = folder.appendingPathComponent("Logging.git")
    try runGit(["init", "-q", "--bare", "-b", "main", remote.path])
    let work = folder.appendingPathComponent("Logging")
    try runGit(["clone", "-q", remote.path, work.path])
    let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture/Logging")
    let latest = try FileManager.default.contentsOfDirectory(atPath: fixture.path).sorted().last!
    var spec = try String(
        contentsOf: fixture.appendingPathComponent("\(latest)/Logging.podspec.json"), encoding: .utf8)
    spec = spec.replacingOccurrences(of: "\"\(latest)\"", with: "\"9.0.0\"")
    spec = spec.replacingOccurrences(of: "https://git.example.com/ios/Logging.git", with: remote.absoluteString)
    try spec.write(to: work.appendingPathComponent("Logging.podspec.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
        at: work.appendingPathComponent("Sources/Logging"), withIntermediateDirectories: true)
    try "public enum Logging {}\n".write(
        to: work.appendingPathComponent("Sources/Logging/Logging.swift"), atomically: true, encoding: .utf8)
    try "MIT\n".write(to: work.appendingPathComponent("LICENSE"), atomically: true, encoding: .utf8)
    try runGit(["add", "-A"], in: work)
    try runGit(["commit", "-q", "-m", "Logging 9.0.0"], in: work)
    try runGit(["push", "-q", "origin", "HEAD:main"], in: work)
    return work
}
