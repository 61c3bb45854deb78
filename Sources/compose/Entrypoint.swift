import ComposeCLI

@main
enum Entrypoint {
    static func main() async { await ComposeCommand.runAndExit() }
}
