import ArgumentParser
import ComposefileFormat
import Project

struct ResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve the Composefile and write Compose.lock.",
        discussion: """
            Reads the Composefile (or, when there is none, the Podfile) in the project folder, \
            chooses a version of every pod the targets need, directly or not, from the sources \
            it lists (in order: the first source that has a pod wins), and writes Compose.lock \
            in the Podfile.lock shape.

            Versions already in Compose.lock are kept when the Composefile still allows them; a \
            pod whose Composefile line is new or changed is resolved again. Use 'compose update' \
            to move locked pods forward. A second resolve of an unchanged project writes the \
            same bytes; it is recorded (in $COMPOSE_HOME/resolved) with the stamps of the files \
            it read, and the next one only checks those stamps (COMPOSE_RESOLVE_RECORD=0: off).

            A `pod 'Name', :podspec => 'https://…'` podspec is fetched (https, or http from this \
            machine), kept in $COMPOSE_HOME/cache/podspecs and asked for again after \
            COMPOSE_CDN_MAX_AGE seconds (--repo-update: now); out of reach, the cached copy is \
            read. When its bytes differ from the checksum Compose.lock recorded for the same \
            line, resolve and install stop (exit 1) until `compose update Name` accepts them.

            When no versions fit, the error explains why in plain words, naming the Composefile \
            lines involved, and exits 1.

            Examples:
              compose resolve
              compose resolve --project ShopApp --verbose
              compose resolve --repo-update --format json
              compose resolve --check-layers   # refuse a graph that breaks Layers.yml

            With --check-layers, the resolved graph (the app's targets in the layer `app`, every \
            pod in the layer its spec repo's Layers.yml gives it) is checked as `compose graph \
            --check` checks a spec repo; an error leaves Compose.lock as it was and exits 1.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @OptionGroup var options: ProjectOptions

    @Flag(help: "Check the resolved graph against the spec repos' layering rules before writing Compose.lock.")
    var checkLayers = false

    func run() async throws {
        let service = options.service
        // Nothing changed since the last resolve found nothing to do: its record answers.
        if !checkLayers, options.format == .human, options.repoUpdate != true,
            let recorded = service.recordedUpToDate()
        {
            return printRecordedUpToDate(recorded, verbose: global.verbose)
        }
        let report = try service.resolve(repoUpdate: options.repoUpdate ?? false, write: !checkLayers)
        if checkLayers {
            try ComposeCLI.checkLayers(of: report.lockfile, in: service, writing: "Compose.lock was not written")
            try report.lockfile.write(to: report.lockPath)
        }
        printResolveReport(report, options: options, verbose: global.verbose)
    }
}
