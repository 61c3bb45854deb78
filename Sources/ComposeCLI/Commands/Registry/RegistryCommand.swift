import ArgumentParser
import Foundation
import Registry
import SpecRepos
import Specs
import Support

struct RegistryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registry",
        abstract: "Serve a spec repository as a Swift package registry that SwiftPM and Xcode resolve natively.",
        discussion: """
            Every released version whose spec names a git source with a tag becomes a registry \
            release (SE-0292): the component's tree at the tag as a zip archive with its SHA-256, \
            the release metadata (summary, author, license, repository URL) and its \
            Package.swift. The identity is SCOPE.Name: the scope you choose for the spec repo, \
            the pod's name as it is (a pod name that is not a registry name, such as Foo+Bar, is \
            skipped and named). Versions such as 1.2 are served as 1.2.0.

            Two ways to serve it: `compose registry export` writes static files for nginx, an \
            object store or a CDN (docs/registry.md has the nginx configuration), and `compose \
            registry serve` answers by itself. Then, in an app's package:
              .package(id: "ios.Pay", from: "1.2.0")
            or keep the git URLs and run `swift package resolve --replace-scm-with-registry`, \
            or let `compose install --registry URL --registry-scope SCOPE` write Composed/ for it.

            Examples:
              compose registry export specs /srv/www/registry --scope ios
              compose registry serve specs --scope ios --port 8080
              swift package-registry set --allow-insecure-http http://127.0.0.1:8080
            """,
        subcommands: [RegistryExportCommand.self, RegistryServeCommand.self]
    )
}

/// The options both registry commands take.
struct RegistrySourceOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp("An added spec repo's name or a spec repo folder.", valueName: "source"),
        completion: .specRepoNames)
    var source: String

    @Option(
        help: ArgumentHelp(
            "The registry scope of this spec repo's packages: ios makes Pay the package ios.Pay.", valueName: "scope"))
    var scope: String

    @Option(
        name: .customLong("retire"),
        help: ArgumentHelp(
            "Withdraw a release (NAME@VERSION, repeatable): its files are removed and it is never made again. A release never changes: when its tag's tree gives another checksum than the one recorded, the export stops until the tag is moved back or the release is retired.",
            valueName: "name@version"))
    var retire: [String] = []

    /// Exports to `output`, a line per release made on standard error.
    func export(to output: URL) throws -> RegistryExport.Summary {
        let err = Terminal.standardError
        return try RegistryExport.export(
            from: specRepoFolder(named: source), to: output, scope: scope,
            sources: SpecRepoStore(home: Terminal.home).componentSources(), retiring: Set(retire),
            progress: { err.write("  made \($0)\n") })
    }
}

struct RegistryExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a spec repository as a static Swift package registry for any web server.",
        discussion: """
            OUT receives SCOPE/Name.json (the releases), SCOPE/Name/VERSION.json (the metadata \
            with the archive's checksum), SCOPE/Name/VERSION.zip, SCOPE/Name/VERSION/Package.swift \
            and identifiers/… (the lookup of --replace-scm-with-registry). Serve it with the nginx \
            directives of docs/registry.md: files and headers, nothing else.

            Incremental: a release whose spec is unchanged is neither fetched nor written again, \
            so after a publish only the new release's files and the lists naming it are written. \
            Component sources are fetched into $COMPOSE_HOME/cache/git. A version that cannot be \
            a release stays a git release; the versions skipped for one reason are one line \
            naming every pod (--verbose: a line per pod with the whole reason; --format json: every \
            version).

            Examples:
              compose registry export specs /srv/www/registry --scope ios
              compose registry export ./Specs out --scope ios --format json
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions
    @OptionGroup var options: RegistrySourceOptions

    @Argument(
        help: ArgumentHelp("The folder to write (created when missing).", valueName: "out"), completion: .directory)
    var output: String

    @Option(help: "Output format: human or json.")
    var format: ListingFormat = .human

    func run() async throws {
        let summary = try options.export(to: Terminal.fileURL(output))
        let out = Terminal.standardOutput
        switch format {
        case .json:
            struct Output: Encodable {
                let packages: Int
                let releases: Int
                let written: [String]
                let removed: [String]
                let unchanged: Int
                let skipped: [RegistryExport.Skipped]
            }
            out.write(
                encodeJSON(
                    Output(
                        packages: summary.packages, releases: summary.releases, written: summary.written,
                        removed: summary.removed, unchanged: summary.unchanged, skipped: summary.skipped)) + "\n")
        case .human:
            for line in summary.skippedLines(verbose: global.verbose) {
                out.write("  skipped \(escapedForDisplay(line))\n")
            }
            out.write(
                "Exported \(summary.packages) packages, \(summary.releases) releases to \(output) as scope \(options.scope): "
                    + "files \(summary.files.counts); \(summary.unchanged) releases unchanged, "
                    + "\(summary.skipped.count) versions skipped\n")
        }
    }
}

struct RegistryServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a spec repository as a Swift package registry over HTTP, without a web server.",
        discussion: """
            Exports SOURCE (as `compose registry export` does, incrementally) into --folder, then \
            answers SwiftPM from it until stopped (Ctrl-C). It listens on 127.0.0.1 unless --host \
            says otherwise; the first line on standard output names the URL. Read-only: GET and \
            HEAD. Besides the static files it sends the Link headers of alternate manifests \
            (Package@swift-X.swift), which a static server cannot; their URLs start with --url, \
            never with what the client sent as Host.

            Beyond this machine, a token: put it in a file (--token-file) or in \
            COMPOSE_REGISTRY_TOKEN, and every request must carry it, as SwiftPM sends it after \
            `swift package-registry login URL --token TOKEN` (Authorization: Bearer) or with \
            Basic authentication, the token as the password (--username any --password TOKEN, \
            curl -u any:TOKEN, a netrc entry). Without one, compose refuses to listen on an \
            address other than loopback, since anyone who reaches it could download every \
            archive; --allow-unauthenticated serves openly on a network you trust. SwiftPM logs in \
            over https only: put a TLS proxy in front (docs/registry.md). Without a token, a \
            request naming a host other than an IP address, localhost or --url's host is refused \
            (421), so that no web page can reach the registry through a DNS name of its own.

            Hostile clients are bounded: files are streamed from disk, one answer at a time per \
            connection, a connection idle for --idle-timeout seconds is closed, and at most \
            --max-connections are open at once (the next are closed at once, with a line on \
            standard error).

            Examples:
              compose registry serve specs --scope ios --port 8080
              compose registry serve ./Specs --scope ios --port 0   # a free port, printed
              compose registry serve specs --scope ios --host 0.0.0.0 \\
                  --token-file ~/.registry-token --url https://registry.example.com
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions
    @OptionGroup var options: RegistrySourceOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: a free one, printed).")
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "Where the registry's files are kept (default: $COMPOSE_HOME/registry/SCOPE).", valueName: "dir"),
        completion: .directory)
    var folder: String?

    @Option(
        name: .customLong("url"),
        help: ArgumentHelp(
            "The registry's public base URL, as clients reach it (default: the address they connected to).",
            valueName: "url"))
    var publicURL: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the token every request must carry (default: $COMPOSE_REGISTRY_TOKEN).",
            valueName: "file"),
        completion: .file())
    var tokenFile: String?

    @Flag(help: "Serve beyond loopback without a token: anyone who reaches the address can download every archive.")
    var allowUnauthenticated = false

    @Option(help: ArgumentHelp("Close a connection idle for this many seconds.", valueName: "seconds"))
    var idleTimeout: Double = 30

    @Option(help: ArgumentHelp("The most connections open at once.", valueName: "n"))
    var maxConnections = 128

    static let tokenVariable = "COMPOSE_REGISTRY_TOKEN"

    func validate() throws {
        guard idleTimeout > 0, idleTimeout.isFinite else { throw ValidationError("--idle-timeout must be above 0.") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
        if let publicURL {
            let components = URLComponents(string: publicURL)
            guard let components, ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
                !(components.host ?? "").isEmpty, components.query == nil, components.fragment == nil,
                components.user == nil
            else {
                throw ValidationError(
                    "--url \(escapedForDisplay(publicURL)) is not a base URL: give http(s)://HOST[:PORT][/PATH].")
            }
        }
        let hasToken = tokenFile != nil || !(Terminal.environment[Self.tokenVariable] ?? "").isEmpty
        if !hasToken, !allowUnauthenticated, !RegistryServerOptions.isLoopback(host) {
            throw ValidationError(
                "Refusing to serve on \(escapedForDisplay(host)) without a token: anyone who reaches that address "
                    + "could download every archive of the registry. Give a token (--token-file FILE or "
                    + "\(Self.tokenVariable)), or --allow-unauthenticated on a network you trust.")
        }
    }

    func run() async throws {
        let token = try readToken()
        let root =
            folder.map { Terminal.fileURL($0) }
            ?? Terminal.home.url.appendingPathComponent("registry/\(options.scope)", isDirectory: true)
        let summary = try options.export(to: root)
        let err = Terminal.standardError
        for line in summary.skippedLines(verbose: global.verbose) {
            err.write("  skipped \(escapedForDisplay(line))\n")
        }
        let base = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let server: RegistryServer
        do {
            server = try await RegistryServer.start(
                root: root,
                options: RegistryServerOptions(
                    host: host, port: port, publicURL: base, token: token, idleTimeout: idleTimeout,
                    maxConnections: maxConnections, log: { err.write("compose registry serve: \($0)\n") }))
        } catch {
            throw RegistryServeError(host: host, port: port, message: "\(error)")
        }
        Terminal.standardOutput.write(
            "Serving \(summary.releases) releases of scope \(options.scope) on \(base ?? server.url)\n")
        if token != nil { err.write("Every request must carry the token.\n") }
        err.write("Stop with Ctrl-C. Files: \(root.path)\n")
        try await server.wait()
    }

    /// The token from --token-file or the environment (surrounding white space dropped); nil: none.
    private func readToken() throws -> String? {
        if let tokenFile {
            let url = Terminal.fileURL(tokenFile)
            guard let bytes = FileKind.readRegularFile(url.path) else {
                throw RegistryTokenError(file: tokenFile, reason: "cannot be read as a regular file")
            }
            let token = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else { throw RegistryTokenError(file: tokenFile, reason: "is empty") }
            return token
        }
        let token = (Terminal.environment[Self.tokenVariable] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }
}

struct RegistryTokenError: ComposeFailure {
    let file: String
    let reason: String

    var kind: FailureKind { .input }
    var description: String {
        "The token file \(escapedForDisplay(file)) \(reason). Put the registry's token in it, alone on a line."
    }
}

struct RegistryServeError: ComposeFailure {
    let host: String
    let port: Int
    let message: String

    var kind: FailureKind { .environment }
    var description: String {
        "Cannot listen on \(host):\(port): \(message). Choose another --port (0 takes a free one)."
    }
}
