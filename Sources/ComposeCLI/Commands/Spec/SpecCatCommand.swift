import ArgumentParser
import Foundation
import SpecRepos
import Specs

struct SpecCatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cat",
        abstract: "Print a pod's spec (the file as published) from the added spec repositories.",
        discussion: """
            Reads the local clones only (`compose repo update` first for what was published since).

            Examples:
              compose spec cat Networking
              compose spec cat Networking 2.1.0 > Networking.podspec.json
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @OptionGroup var lookup: SpecLookupOptions

    func run() async throws {
        let location = try lookup.locate()
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: location.path))
        } catch {
            throw SpecRepoError.fileSystem(path: location.path, message: "cannot read: \(error.localizedDescription)")
        }
        var text = String(decoding: data, as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        Terminal.standardOutput.write(text)
    }
}
