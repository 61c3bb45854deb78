import ArgumentParser

/// `--quiet`, `--verbose` and `--color` on every command. They are read from the command line
/// before it is parsed (`OutputStyle(arguments:)`), so they hold from the first line written; this
/// group declares them so that every command accepts them and its `--help` lists them.
struct GlobalOptions: ParsableArguments {
    @Flag(name: [.customShort("q"), .long], help: "Print results, errors and warnings only (no progress, no notes).")
    var quiet = false

    @Flag(name: [.customShort("v"), .long], help: "Print more of what is done (the solver's decisions, for one).")
    var verbose = false

    @Option(help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose contradict each other; give one.") }
    }
}

extension ColorChoice: ExpressibleByArgument {}
