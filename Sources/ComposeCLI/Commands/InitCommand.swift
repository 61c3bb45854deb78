import ArgumentParser
import Foundation
import Specs
import Support
import XcodeIntegration

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a Podfile for the app's Xcode project, as `pod init` does.",
        discussion: """
            Reads the one .xcodeproj in the folder and writes a Podfile in the shape `pod init` \
            writes: a platform line from the project's deployment target, a `target` block with \
            use_frameworks! for each application and extension target, and each test target \
            nested in the block of the target it tests, with inherit! :search_paths. With no \
            project in the folder it writes a Podfile with a commented target to fill in. An \
            existing Podfile or Composefile is never overwritten.

            Examples:
              compose init                  # then add pod lines, and compose install
              compose init --project ios

            Exit codes: 0 written, 1 wrong input (a Podfile or Composefile already there, several \
            projects, a project file that does not parse), 3 environment (a failed write), \
            64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Option(
        help: ArgumentHelp("The folder holding the app's Xcode project, where the Podfile goes.", valueName: "dir"),
        completion: .directory)
    var project: String = "."

    func run() throws {
        let folder = Terminal.fileURL(project).standardizedFileURL
        for name in ["Podfile", "Composefile"] {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            if lstat(path, &info) == 0 { throw InitFailure.exists(path: path) }
        }
        let text = try PodfileTemplate.podfile(for: folder)
        let podfile = folder.appendingPathComponent("Podfile")
        do {
            try Data(text.utf8).write(to: podfile, options: [.withoutOverwriting])
        } catch {
            throw InitFailure.writeFailed(path: podfile.path, message: error.localizedDescription)
        }
        let targets = text.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("target ")
        }
        Terminal.standardOutput.write(
            targets.isEmpty
                ? "Wrote \(podfile.path) with a commented target: no Xcode project in the folder. Name your target, add pod lines, then run `compose install`.\n"
                : "Wrote \(podfile.path) (\(counted(targets.count, "target"))). Add pod lines, then run `compose install`.\n"
        )
    }
}

/// Why `compose init` wrote nothing.
enum InitFailure: ComposeFailure {
    case exists(path: String)
    case writeFailed(path: String, message: String)

    var kind: FailureKind {
        switch self {
        case .exists: return .input
        case .writeFailed: return .environment
        }
    }

    var description: String {
        switch self {
        case .exists(let path):
            return
                "\(path) already exists: compose init writes a new Podfile only where there is neither a Podfile nor a Composefile. Edit the one there, or remove it first. Nothing was written."
        case .writeFailed(let path, let message):
            return "could not write \(path): \(message). Check the folder's permissions. Nothing was written."
        }
    }
}
