import ArgumentParser
import Foundation
import Layering
import Scaffold
import SpecRepos

struct LibCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lib",
        abstract: "Create new components from templates.",
        discussion: """
            Examples:
              compose lib create Pay --kind business --git-url https://git.example.com/ios/Pay.git
              compose lib create --help
            """,
        subcommands: [Create.self]
    )
}

extension LibCommand {
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a component: a SwiftPM package with sources, a passing test and a spec.",
            discussion: """
                Renders a template kind into OUTPUT/NAME: Package.swift, Sources/NAME, Tests/NAMETests \
                with a passing test, NAME.podspec.json (lints clean), README.md, LICENSE and .gitignore, \
                then makes a git repository with a first commit (origin = --git-url).

                Kinds:
                  base      a component others depend on (Networking, Logging)
                  business  a business component (Pay) and its companion PayMediator;
                            others call Pay through PayMediator's typed calls and
                            get MediatorError.notAvailable("Pay") without Pay
                  mediator  the mediator of an existing business component
                  core      the mediator core (Mediator): the ServiceRegistry

                The URLs of a component's mediator and of the core are its --git-url with the last \
                path component replaced (https://git.example.com/ios/Pay.git → …/ios/PayMediator.git). \
                The author is git's identity (GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL, else user.name and \
                user.email of git's configuration) unless --author names one, as a name or in git's form \
                "Name <email>". On a terminal, missing values are asked for; otherwise pass them as options.

                Examples:
                  compose lib create Mediator --kind core \\
                      --git-url https://git.example.com/ios/Mediator.git
                  compose lib create Pay --kind business \\
                      --author "iOS Team <ios@example.com>" \\
                      --git-url https://git.example.com/ios/Pay.git
                  compose lib create Pay --kind business \\
                      --git-url https://g.example.com/Pay.git \\
                      --mediator-url https://g.example.com/mediators/PayMediator.git \\
                      --core-url https://g.example.com/core/Mediator.git
                  compose lib create Networking --output ~/src --no-git
                """
        )

        @OptionGroup(title: "Output options") var global: GlobalOptions

        @Argument(help: "The component's name: a Swift identifier such as Pay or Networking.")
        var name: String?

        @Option(help: "The template kind: base, business, mediator or core. (default: base)")
        var kind: ComponentKind?

        @Option(
            help: ArgumentHelp(
                "The author named in the spec, the license and the first commit: a name, or git's form \"Name <email>\". (default: git's user.name; asked on a terminal)",
                valueName: "Name <email>"))
        var author: String?

        @Option(
            help:
                "The author's e-mail address, for the spec's authors. (default: the address of --author, else git's user.email; asked on a terminal)"
        )
        var email: String?

        @Option(
            name: .customLong("git-url"), help: "The component's git URL: the spec's source.git and the origin remote.")
        var gitURL: String?

        @Option(
            name: .customLong("mediator-url"),
            help: "With --kind business: the git URL of NAMEMediator. (default: beside --git-url)")
        var mediatorURL: String?

        @Option(
            name: .customLong("core-url"),
            help: "With --kind business or mediator: the git URL of the mediator core. (default: beside --git-url)")
        var coreURL: String?

        @Option(help: "The folder that receives NAME/. (default: the current folder)", completion: .directory)
        var output: String?

        @Option(
            name: .customLong("core-version"),
            help: "The version of the mediator core that mediators and business components require.")
        var coreVersion: String = "0.1.0"

        @Option(
            help:
                "A folder laid out like compose's Templates/ (kind folders and common/) to render instead of the built-in templates."
        )
        var templates: String?

        @Flag(name: .customLong("no-git"), help: "Do not make a git repository and first commit.")
        var noGit = false

        func validate() throws {
            if let name { try validateName(name) }
            _ = try givenAuthor()
        }

        /// `--author` as a name and, in git's form, an address: one grammar with publish's `--author`.
        func givenAuthor() throws -> (name: String, email: String?)? {
            guard let author else { return nil }
            guard author.contains("<") || author.contains(">") else { return (author, email) }
            let signature = try parseAuthor(author)
            if let email, email != signature.email {
                throw ValidationError(
                    "--author '\(author)' gives the address \(signature.email) and --email gives \(email); give one.")
            }
            return (signature.name, signature.email)
        }

        func run() async throws {
            let prompter = Prompter()
            guard let name = try name ?? prompter.ask("Component name", validate: validateName) else {
                throw ValidationError("Missing the component's name: compose lib create NAME.")
            }
            let kind =
                try kind ?? prompter.ask(
                    "Kind (base, business, mediator, core)", default: "base",
                    validate: {
                        guard ComponentKind(rawValue: $0) != nil else { throw ValidationError("'\($0)' is not a kind") }
                    }
                ).flatMap(ComponentKind.init(rawValue:)) ?? .base
            let identity = GitIdentity.configured()
            let given = try givenAuthor()
            guard let author = try given?.name ?? prompter.ask("Author", default: identity.name) ?? identity.name else {
                throw ValidationError(
                    "Missing the author: pass --author \"Name <email>\", or set git's identity once with "
                        + "`git config --global user.name \"Your Name\"` and `git config --global user.email you@example.com`."
                )
            }
            let email =
                try given?.email ?? prompter.ask("E-mail", default: identity.email, optional: true) ?? identity.email
            let gitURL = try gitURL ?? prompter.ask("Git URL", default: ScaffoldRequest.placeholderURL(for: name))
            let outputDirectory = Terminal.fileURL(output)

            var request = ScaffoldRequest(
                name: name, kind: kind, author: author, email: email?.isEmpty == true ? nil : email, gitURL: gitURL,
                outputDirectory: outputDirectory, coreVersion: coreVersion, makeGitCommit: !noGit)
            if mediatorURL != nil && kind != .business {
                throw ValidationError("--mediator-url goes with --kind business (the mediator it creates beside NAME).")
            }
            if coreURL != nil && kind != .business && kind != .mediator {
                throw ValidationError(
                    "--core-url goes with --kind business or mediator (the components that use the core).")
            }
            request.mediatorURL = mediatorURL
            request.coreURL = coreURL
            let scaffolder = ComponentScaffolder(
                templates: templates.map { .directory(Terminal.fileURL($0)) } ?? .embedded,
                commit: noGit ? nil : firstCommit(author: author, email: email))
            let created = try scaffolder.create(request)
            for component in created {
                let git = component.committed ? ", first commit made (origin \(component.gitURL))" : ""
                Terminal.standardOutput.write(
                    "Created \(component.kind.rawValue) component \(component.name) in \(component.folder.path)\(git)\n"
                )
            }
            if gitURL == nil || gitURL == ScaffoldRequest.placeholderURL(for: name) {
                Terminal.standardError.write(
                    "note: source.git is the placeholder \(ScaffoldRequest.placeholderURL(for: name)); edit it (and the origin remote) before publishing.\n"
                )
            }
            recordLayers(of: created.map { ($0.name, $0.kind.rawValue) })
            if kind == .business {
                Terminal.standardError.write(
                    "note: \(name) depends on \(name)Mediator and Mediator by URL: publish those first, then build \(name).\n"
                )
            }
        }
    }
}

/// `lib create` run inside a spec repo checkout (a Layers.yml in the current folder or above):
/// each new component is added to the layer named like its kind. Elsewhere, the line to add.
private func recordLayers(of components: [(name: String, layer: String)]) {
    let err = Terminal.standardError
    switch LayersFile.record(components, from: Terminal.currentDirectory) {
    case .noLayersFile:
        for component in components {
            err.write(
                "note: to place \(component.name) in a layer, add it to `\(component.layer):` in the `layers:` section "
                    + "of your spec repo's \(LayersFile.fileName) (e.g. `  \(component.layer): \(component.name)`).\n")
        }
    case .recorded(let file, let added) where !added.isEmpty:
        err.write("Recorded in \(file.path): \(added.joined(separator: ", ")). Commit it with the spec repo.\n")
    case .recorded:
        break
    case .unwritable(let file, let added, let message):
        err.write(
            "warning: could not update \(file.path) (\(message)); add \(added.joined(separator: ", ")) by hand.\n")
    }
}

private func validateName(_ name: String) throws {
    do { try validateComponentName(name) } catch { throw ValidationError(error.description) }
}

extension ComponentKind: ExpressibleByArgument {}

/// Asks for missing values when standard input and standard error are terminals; otherwise answers nil.
struct Prompter {
    let interactive = isatty(FileHandle.standardInput.fileDescriptor) != 0 && Terminal.standardError.isTTY

    /// Asks until an answer passes `validate`; an empty answer takes `defaultValue`, or is nil when `optional`.
    func ask(
        _ question: String, default defaultValue: String? = nil, optional: Bool = false,
        validate: (String) throws -> Void = { _ in }
    ) throws -> String? {
        guard interactive else { return nil }
        while true {
            let suffix = defaultValue.map { " [\($0)]" } ?? (optional ? " (optional)" : "")
            Terminal.standardError.write("\(question)\(suffix): ")
            guard let line = readLine() else { return defaultValue }
            let answer = line.trimmingCharacters(in: .whitespaces)
            let value = answer.isEmpty ? defaultValue : answer
            guard let value, !value.isEmpty else {
                if optional { return nil }
                continue
            }
            do {
                try validate(value)
                return value
            } catch {
                Terminal.standardError.write("\(error)\n")
            }
        }
    }
}
