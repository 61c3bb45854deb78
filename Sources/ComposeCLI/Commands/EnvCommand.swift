import ArgumentParser
import Foundation
import Git
import SpecRepos
import Specs
import Support

struct EnvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "env",
        abstract: "Print what a bug report needs, as `pod env` does.",
        discussion: """
            The compose and libgit2 versions, the system, the Swift toolchain (when `swift` is on \
            the PATH), $COMPOSE_HOME and its spec repos with their URLs (credentials redacted), \
            and which of Composefile, Podfile and their locks the project folder holds. Paste \
            it into the report as it is.

            Examples:
              compose env
              compose env --project ios > env.txt

            Exit codes: 0 printed, 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Option(
        help: ArgumentHelp("The project folder whose Composefile and Podfile are named.", valueName: "dir"),
        completion: .directory)
    var project: String = "."

    func run() throws {
        let home = Terminal.home
        var text = "compose \(ComposeVersion.current)\n"
        let os = ProcessInfo.processInfo.operatingSystemVersionString
        text += "System: \(os)\n"
        text += "Swift: \(Self.swiftVersion() ?? "(no swift on the PATH)")\n"
        text += "libgit2: \(libgit2Version())\n"
        text += "COMPOSE_HOME: \(home.url.path)\n"
        text += "Spec repos:\n"
        let summaries = (try? Terminal.store.list()) ?? []
        if summaries.isEmpty { text += "  (none)\n" }
        for summary in summaries {
            text += "  \(summary.name): \(redact(summary.url)) (\(summary.specCount) specs)\n"
        }
        let folder = Terminal.fileURL(project).standardizedFileURL
        text += "Project: \(folder.path)\n"
        for name in ["Composefile", "Compose.lock", "Podfile", "Podfile.lock", "Composed"] {
            let present = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
            text += "  \(name): \(present ? "present" : "absent")\n"
        }
        Terminal.standardOutput.write(escapedForDisplay(text, keepingNewlines: true))
    }

    /// The first line of `swift --version`, found on the PATH, or nil.
    static func swiftVersion() -> String? {
        let path = Terminal.environment["PATH"] ?? ""
        guard
            let swift = path.split(separator: ":").map({ "\($0)/swift" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
        return line?.trimmingCharacters(in: .whitespaces)
    }
}
