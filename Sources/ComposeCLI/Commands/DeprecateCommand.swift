import ArgumentParser
import Foundation
import Publishing
import SpecRepos

struct DeprecateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deprecate",
        abstract: "Mark a released pod as deprecated in a spec repository, in one step.",
        discussion: """
            Brings the clone of SPECREPO up to date, sets "deprecated": true (and, with \
            --in-favor-of, "deprecated_in_favor_of") in the spec of NAME at VERSION (default: the \
            newest, as `pod trunk deprecate` does), commits it as [Deprecate] NAME (VERSION) and \
            pushes, with publish's safety: a race with another push is retried, a failure resets \
            the clone. A spec deprecated that way already is a success with a note. `compose \
            resolve` and `compose install` then warn about the pod, naming its replacement.

            Examples:
              compose deprecate Pay specs
              compose deprecate Pay --in-favor-of Wallet specs
              compose deprecate Pay 1.2.0 git@git.example.com:ios/specs.git

            --format json prints one object (steps, commit, error: docs/publish-json-schema.md), \
            --format github workflow annotations.

            Exit codes: 0 deprecated (or already), 1 wrong input (no such pod or version), \
            3 environment (git, network, file system).
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            "NAME [VERSION] SPECREPO: the pod, the version (default: the newest), and the spec repository (a name from `compose repo list`, or the URL of an added one).",
            valueName: "name-version-specrepo"))
    var words: [String] = []

    @Option(name: .customLong("in-favor-of"), help: "The pod to use instead.")
    var inFavorOf: String?

    @OptionGroup var identity: CommitAuthorOptions

    @OptionGroup var output: PublishFormatOptions

    func validate() throws {
        guard (2...3).contains(words.count) else {
            throw ValidationError("Give NAME [VERSION] SPECREPO, e.g. `compose deprecate Pay specs`.")
        }
    }

    func run() async throws {
        let store = Terminal.store
        var options = PublishOptions()
        options.author = try identity.signature()
        let request = DeprecationRequest(
            name: words[0], version: words.count == 3 ? words[1] : nil, inFavorOf: inFavorOf)
        let err = Terminal.standardError
        let result = try output.reporting(.deprecate) { step, _ in
            let repo = try store.addedName(for: words[words.count - 1])
            return try Publisher(store: store).deprecate(
                request, repo: repo, options: options, events: step, waiting: waitingMessage)
        }
        guard output.format == .human else { return }
        if let note = result.note { err.write("note: \(note)\n") }
        let replacement = inFavorOf.map { " in favor of \($0)" } ?? ""
        Terminal.standardOutput.write(
            result.commit == nil
                ? "\(result.name) \(result.version) is deprecated\(replacement) in \(result.repo) already\n"
                : "Deprecated \(result.name) \(result.version)\(replacement) in \(result.repo)\n")
    }
}
