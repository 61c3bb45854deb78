import ArgumentParser
import Foundation
import SpecRepos
import Specs
import Support

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List or empty compose's caches under $COMPOSE_HOME, as `pod cache` does.",
        discussion: """
            The caches are what compose fills again by itself: the git mirrors of the pods' \
            sources (cache/git), prebuilt artifacts (cache/binaries), podspecs fetched for \
            `:podspec => URL` pods (cache/podspecs), CDN specs (cdn), the spec index (index) and the records that let a resolve or install with nothing to do \
            return at once (resolved, installed, noted). The spec repos' clones (repos/) are \
            not a cache: `compose repo remove` removes them.

            Examples:
              compose cache list
              compose cache clean Alamofire   # the git mirrors of Alamofire's source
              compose cache clean --all
            """,
        subcommands: [CacheListCommand.self, CacheCleanCommand.self]
    )
}

struct CacheListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List compose's caches and their sizes.")

    @OptionGroup(title: "Output options") var global: GlobalOptions

    func run() throws {
        let entries = ComposeCache(home: Terminal.home).entries()
        if entries.isEmpty { Terminal.standardError.write("The caches are empty.\n") }
        for entry in entries {
            Terminal.standardOutput.write("\(entry.path)  \(CacheCleanCommand.size(entry.bytes))\n")
        }
    }
}

struct CacheCleanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove the git mirrors of a pod's source, or every cache with --all.",
        discussion: """
            NAME is the name of the source's repository (the last part of its git URL, as in \
            cache/git/*/NAME.git). --all removes every cache folder; repos/ stays.

            Examples:
              compose cache clean Alamofire
              compose cache clean --all

            Exit codes: 0 cleaned (or nothing to clean), 3 a file that could not be removed, \
            64 usage error (neither NAME nor --all).
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "The repository name of a pod's source, as its git URL ends.")
    var name: String?

    @Flag(help: "Remove every cache (the spec repos' clones stay).")
    var all = false

    func validate() throws {
        if name == nil && !all {
            throw ValidationError("Name a pod's source to remove its mirrors, or pass --all to empty every cache.")
        }
        if name != nil && all { throw ValidationError("Pass a NAME or --all, not both.") }
    }

    func run() throws {
        let removed: [ComposeCache.Entry]
        do {
            removed = try ComposeCache(home: Terminal.home).clean(name: all ? nil : name)
        } catch {
            throw CacheFailure(message: error.localizedDescription)
        }
        let out = Terminal.standardOutput
        if removed.isEmpty {
            out.write(
                all ? "The caches were already empty.\n" : "No cache of \(escapedForDisplay(name ?? "")) found.\n")
        }
        for entry in removed { out.write("Removed \(entry.path) (\(Self.size(entry.bytes)))\n") }
    }

    static func size(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }
}

struct CacheFailure: ComposeFailure {
    let message: String
    var kind: FailureKind { .environment }
    var description: String { "could not remove a cache: \(message). Check the permissions of $COMPOSE_HOME." }
}
