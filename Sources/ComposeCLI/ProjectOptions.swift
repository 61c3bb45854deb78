import ArgumentParser
import CDN
import ComposefileFormat
import Foundation
import Project
import SpecRepos
import Specs
import Support

/// `--format human|json` of resolve, update and outdated.
enum ProjectOutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case human
    case json
}

/// Options shared by resolve, update and outdated.
struct ProjectOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The project folder holding the Composefile (or Podfile).", valueName: "dir"),
        completion: .directory)
    var project: String = "."

    @Flag(
        inversion: .prefixedNo,
        help:
            "Fetch every spec source first, as `compose repo update` does, and every `:podspec => URL`. (default: on for update and outdated, off for resolve)"
    )
    var repoUpdate: Bool?

    @Option(help: "Output format: human or json.")
    var format: ProjectOutputFormat = .human

    @OptionGroup var environment: AllowEnvOptions

    var service: ResolveService { resolveService(project: project, allowing: environment.allowed) }
}

/// `--allow-env NAME` of the commands that read a Podfile or a Ruby podspec.
struct AllowEnvOptions: ParsableArguments {
    @Option(
        name: .customLong("allow-env"),
        help: ArgumentHelp(
            "Let the Podfile's or podspec's Ruby use this environment variable's value in a source, a :git or :path, an attribute (repeat for more; also COMPOSE_ALLOW_ENV=A,B). Other variables' values are refused there; names that look secret (TOKEN, PASSWORD, KEY …) read as unset.",
            valueName: "name"))
    var names: [String] = []

    func validate() throws {
        for name in names where !AllowEnvOptions.isVariableName(name) {
            throw ValidationError(
                "--allow-env takes an environment variable's name (letters, digits and _), not '\(name)'.")
        }
    }

    static func isVariableName(_ name: String) -> Bool {
        !name.isEmpty && !(name.first!.isASCII && name.first!.isNumber)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The names given here and in COMPOSE_ALLOW_ENV (commas or spaces between names).
    var allowed: Set<String> {
        Set(
            optionValues(
                names, listedIn: "COMPOSE_ALLOW_ENV", of: Terminal.environment, separatedBy: { $0 == "," || $0 == " " })
        )
    }
}

/// The project at `project` as resolve, install and graph read it (progress on standard error);
/// `allowing`: the variables whose values the Podfile may use (`AllowEnvOptions.allowed`).
func resolveService(project: String, allowing: Set<String>) -> ResolveService {
    let err = Terminal.standardError
    var service = ResolveService(
        projectDirectory: project, composeHome: Terminal.home.url, environment: Terminal.environment,
        toolVersion: ComposeCommand.version
    ) { message in
        err.write(message + "\n")
    }
    service.http = HTTPSettings.fromEnvironment(Terminal.environment)
    service.allowedEnvironment = allowing
    service.cloneProgress = CloneProgressBar.handler()
    return service
}

/// `--check-layers` of resolve and install: the layering rules over the app's resolved graph, before
/// anything is written. Findings go to standard error; an error stops the command (exit 1).
func checkLayers(of lock: Lockfile, in service: ResolveService, writing what: String) throws {
    let report = try service.projectGraph(lock: lock).check()
    let err = Terminal.standardError
    if !report.findings.isEmpty {
        err.write(report.rendered(as: .human, allowWarnings: true, color: err.usesColor))
    }
    if report.errorCount > 0 { throw LayerCheckFailure(errors: report.errorCount, unwritten: what) }
}

/// The resolved graph breaks the layering rules.
struct LayerCheckFailure: ComposeFailure {
    let errors: Int
    let unwritten: String
    var kind: FailureKind { .input }
    var description: String {
        "the resolved components break the spec repos' layering rules (\(counted(errors, "error")) above); "
            + "\(unwritten). Change the Composefile, or fix the components and publish them"
    }
}

/// Prints what a resolve or update did: a summary on standard output (or JSON), notes and, with
/// `verbose`, the solver's steps on standard error.
func printResolveReport(_ report: ResolveService.Report, options: ProjectOptions, verbose: Bool) {
    let err = Terminal.standardError
    err.write(Finding.rendered(report.notes, as: .human))
    if verbose {
        for line in report.decisions { err.write("  \(line)\n") }
    }
    for change in report.lockChanges { err.write("note: \(describe(change))\n") }
    let out = Terminal.standardOutput
    switch options.format {
    case .json:
        struct Pod: Encodable {
            let name: String
            let version: String
            let source: String?
        }
        struct Output: Encodable {
            let lockfile: String
            let changed: Bool
            let pods: [Pod]
            let changes: [ResolveService.Change]
            let decisions: [String]?
        }
        let pods = report.lockfile.pods
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
            .map { Pod(name: $0.name, version: $0.version.string, source: report.origins[$0.rootName]) }
        let output = Output(
            lockfile: report.lockPath, changed: report.lockChanged, pods: pods, changes: report.changes,
            decisions: verbose ? report.decisions : nil)
        out.write(encodeJSON(output) + "\n")
    case .human:
        let roots = Set(report.lockfile.pods.map(\.rootName))
        // One write for the whole list (a first resolve of thousands of pods printed line by line
        // made as many system calls).
        var text = ""
        for change in report.changes {
            switch (change.from, change.to) {
            case (nil, let to?): text += "+ \(change.name) \(to)\n"
            case (let from?, nil): text += "- \(change.name) \(from)\n"
            case (let from?, let to?): text += "~ \(change.name) \(from) -> \(to)\n"
            default: break
            }
        }
        text += resolvedLine(roots: roots.count, lockChanged: report.lockChanged, lockPath: report.lockPath)
        out.write(text)
    }
}

/// What `printResolveReport` prints for a resolve with nothing to do, from its record.
func printRecordedUpToDate(_ recorded: RecordedUpToDate, verbose: Bool) {
    let err = Terminal.standardError
    err.write(Finding.rendered(recorded.notes, as: .human))
    if verbose { err.write("  \(recorded.decision)\n") }
    Terminal.standardOutput.write(
        resolvedLine(roots: recorded.rootCount, lockChanged: false, lockPath: recorded.lockPath))
}

/// "Resolved 3 pods; wrote /app/Compose.lock"
private func resolvedLine(roots: Int, lockChanged: Bool, lockPath: String) -> String {
    "Resolved \(roots) pod\(roots == 1 ? "" : "s"); \(lockChanged ? "wrote" : "unchanged:") \(lockPath)\n"
}

/// "Kit was locked at 1.0.0; the Composefile now requires Kit ~> 2.0 (Composefile:3), so 2.1.0 was chosen."
func describe(_ change: ResolveService.LockChange) -> String {
    let locked = "\(change.package) was locked at \(change.locked)"
    switch change.reason {
    case .unavailable:
        return "\(locked), which no source has any more; chose \(change.chosen)."
    case .conflict:
        return "\(locked); it conflicts with other requirements, so \(change.chosen) was chosen."
    case .required(let by, let version, let requirement):
        // The file the requirement came from names it: a Podfile is called a Podfile.
        let file = requirement.origin.flatMap { $0.split(separator: ":").first?.split(separator: "/").last }
        let owner =
            by.map { "\($0)\(version.map { " \($0)" } ?? "")" }
            ?? "the \(file == "Podfile" ? "Podfile" : "Composefile")"
        let place = requirement.origin.map { " (\($0))" } ?? ""
        return
            "\(locked); \(owner) now requires \(change.package) \(requirement.requirements)\(place), so \(change.chosen) was chosen."
    }
}

/// `value` as compose's JSON output (`JSONOutput`), without a final newline.
func encodeJSON<T: Encodable>(_ value: T) -> String { JSONOutput.text(value) }

extension Terminal {
    /// The compose home of the command running in this task, carrying its environment (credentials,
    /// cache switches) down to the libraries, which never read the process environment themselves.
    static var home: ComposeHome { .fromEnvironment(environment) }

    /// The spec repos of `home`.
    static var store: SpecRepoStore { SpecRepoStore(home: home) }
}
