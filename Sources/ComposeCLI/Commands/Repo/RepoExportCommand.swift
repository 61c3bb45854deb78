import ArgumentParser
import CDN
import Foundation
import SpecRepos

struct RepoExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a spec repository as static files in CocoaPods' CDN layout, for any web server.",
        discussion: """
            SOURCE is an added spec repo (compose repo list) or a spec repo folder, in any layout \
            compose reads. OUT receives CocoaPods-version.yml, all_pods.txt, the shard indexes \
            all_pods_versions_x_y_z.txt, Specs/x/y/z/Name/version/Name.podspec.json and \
            deprecated_podspecs.txt: serve OUT with nginx, an object store or a CDN and write \
            source 'https://host/path/' in a Composefile (or a Podfile). The export is \
            incremental: only changed files are written (each atomically), files of removed specs \
            are deleted (only those the last export listed in OUT/.compose-export-manifest), and a \
            second export with nothing new writes nothing. From git, the manifest keeps the git \
            tree id exported, and the next export reads only the pods changed since that tree \
            (nothing when it is the same): an added spec repo is exported from its clone at its \
            commit, a folder only when its working tree has nothing uncommitted or untracked \
            (else it is read whole). OUT may not be inside SOURCE or hold it, \
            and a symbolic link inside OUT is refused. See docs/cdn.md.

            With --site, OUT/site/ also receives a web catalogue: index.html (every pod, with a \
            search by name or summary), a page per pod (versions with the dates git added them, \
            dependencies, dependents, layer, deprecation, README with --readmes) and graph.html \
            (the component graph, each node linking to its page). Incremental too, with its own \
            manifest OUT/site/.compose-site-manifest. See docs/site.md.

            Examples:
              compose repo export specs /srv/www/specs
              compose repo export ./Specs-folder out
              compose repo export specs /srv/www/specs --site --readmes
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(
        help: ArgumentHelp("An added spec repo's name or a spec repo folder.", valueName: "source"),
        completion: .specRepoNames)
    var source: String

    @Argument(
        help: ArgumentHelp("The folder to write (created when missing).", valueName: "out"), completion: .directory)
    var output: String

    @Option(help: "Output format: human or json.")
    var format: ListingFormat = .human

    @Flag(help: "Also write the web catalogue under OUT/site/ (docs/site.md).")
    var site = false

    @Flag(help: "With --site, show each component's README at its newest tag (fetched into the compose cache).")
    var readmes = false

    func run() async throws {
        let root = try specRepoFolder(named: source)
        let summary = try SpecRepoExport.export(
            from: root, to: Terminal.fileURL(output), tree: SpecRepoTree.of(root, trusted: !isFolder(source)))
        let site = self.site ? try exportSite(from: root, home: Terminal.home) : nil
        let out = Terminal.standardOutput
        switch format {
        case .json:
            struct Output: Encodable {
                let pods: Int
                let specs: Int
                let written: [String]
                let removed: [String]
                let unchanged: Int
                let site: SiteOutput?
            }
            out.write(
                encodeJSON(
                    Output(
                        pods: summary.pods, specs: summary.specs, written: summary.written, removed: summary.removed,
                        unchanged: summary.unchanged, site: site)) + "\n")
        case .human:
            out.write(
                "Exported \(summary.pods) pods, \(summary.specs) specs to \(output): \(summary.files.counts)\n"
                    + (site.map(Self.describe) ?? ""))
        }
    }
}

/// The folder of `source`: a spec repo folder when one is there, else the clone of the added spec
/// repo of that name.
func specRepoFolder(named source: String) throws -> URL {
    if isFolder(source) { return Terminal.fileURL(source) }
    return try SpecRepoStore(home: Terminal.home).directory(of: source)
}

/// Whether `source` names a folder (rather than an added spec repo).
private func isFolder(_ source: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: Terminal.fileURL(source).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
}
