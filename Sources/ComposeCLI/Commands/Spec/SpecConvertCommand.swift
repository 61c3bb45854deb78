import ArgumentParser
import Foundation
import Specs
import Support

struct SpecConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert Ruby podspecs to podspec JSON without Ruby (what `pod ipc spec` prints).",
        discussion: """
            Evaluates each FILE (Name.podspec) in compose's sandboxed Ruby interpreter and prints \
            the JSON CocoaPods' `pod ipc spec` prints for it, keys in the same order. With \
            --write, writes Name.podspec.json beside each file instead (replacing it atomically). \
            A file that does what the sandbox refuses (reads a file outside its folder, runs a \
            program, uses Ruby compose does not have, …) is refused with its line:column and the \
            construct; nothing is written for it. docs/ruby-podspecs.md lists what is read.

            Examples:
              compose spec convert Payments.podspec
              compose spec convert --write Specs/*/*/*.podspec
              compose spec convert --canonical Payments.podspec > Payments.podspec.json

            Exit codes: 0 every file converted, 1 a file could not be converted (each is named \
            with the reason), 3 a file could not be read or written.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "Ruby podspec files (Name.podspec).", completion: .podspecs)
    var files: [String]

    @Flag(help: "Write Name.podspec.json beside each file instead of printing.")
    var write = false

    @Flag(help: "Order keys in compose's canonical order instead of CocoaPods' order.")
    var canonical = false

    @OptionGroup var environment: AllowEnvOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one FILE: a Ruby podspec (Name.podspec).") }
    }

    func run() async throws {
        var exitCode: Int32 = 0
        // What `ENV[…]` reads in the podspecs, read once for all of them: variables whose names look
        // secret read as unset unless allowed, and only allowed ones may become part of the spec.
        let variables = Terminal.environment
        let allowed = environment.allowed
        for file in files {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                Terminal.standardError.write("error: \(file): cannot be read: \(error.localizedDescription)\n")
                exitCode = 3
                continue
            }
            let text: String
            do {
                let node = try PodspecReader.readRuby(
                    bytes: Array(data), label: file,
                    directory: URL(fileURLWithPath: file).deletingLastPathComponent().path,
                    environment: variables, allowedEnvironment: allowed)
                text = canonical ? node.serialized(order: .canonical) : node.serialized()
            } catch {
                Terminal.standardError.write("error: \(error.description)\n")
                exitCode = max(exitCode, 1)
                continue
            }
            guard write else {
                Terminal.standardOutput.write(text)
                continue
            }
            let base = file.hasSuffix(".podspec") ? String(file.dropLast(".podspec".count)) : file
            let target = base + ".podspec.json"
            do {
                try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: target))
                Terminal.standardOutput.write("Wrote \(target)\n")
            } catch {
                Terminal.standardError.write("error: \(target): cannot be written: \(error.message)\n")
                exitCode = 3
            }
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
