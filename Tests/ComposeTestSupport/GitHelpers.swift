import Foundation

/// Runs the `git` command line (for setting up and checking test repositories; compose itself
/// never spawns git). Identity and configuration are fixed so tests do not depend on the machine.
@discardableResult
package func runGit(_ arguments: [String], in directory: URL? = nil, check: Bool = true) throws -> ProcessOutput {
    let output = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments,
        environment: [
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
        ],
        currentDirectory: directory)
    if check && output.code != 0 {
        throw GitCommandFailure(arguments: arguments, output: output)
    }
    return output
}

package struct GitCommandFailure: Error, CustomStringConvertible {
    let arguments: [String]
    let output: ProcessOutput
    package var description: String {
        "git \(arguments.joined(separator: " ")) exited \(output.code): \(output.stderr)"
    }
}

/// Makes a bare repository at `bare` whose `main` holds `files` (relative path → contents) in one
/// commit, by way of a scratch working copy. Returns the `file://` URL of the bare repository.
@discardableResult
package func makeBareRepository(at bare: URL, files: [String: String], message: String = "Initial commit") throws
    -> String
{
    let work = bare.deletingLastPathComponent().appendingPathComponent(bare.lastPathComponent + "-seed")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    try runGit(["init", "-q", "-b", "main", work.path])
    for (path, contents) in files {
        let url = work.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    try runGit(["add", "-A"], in: work)
    try runGit(["commit", "-q", "--allow-empty", "-m", message], in: work)
    try runGit(["clone", "-q", "--bare", work.path, bare.path])
    try FileManager.default.removeItem(at: work)
    return bare.absoluteURL.absoluteString
}

/// Writes a tree object holding exactly `entries` (mode, name, object id) into `repository`, as no
/// `git` porcelain would (names such as `..` or `.git`, one name twice), and returns its id.
package func writeRawTree(_ entries: [(mode: String, name: String, id: String)], in repository: URL) throws -> String {
    var bytes = Data()
    for entry in entries {
        bytes.append(Data("\(entry.mode) \(entry.name)\0".utf8))
        var hex = Substring(entry.id)
        while !hex.isEmpty {
            bytes.append(UInt8(hex.prefix(2), radix: 16)!)
            hex = hex.dropFirst(2)
        }
    }
    let raw = repository.appendingPathComponent("raw-tree")
    try bytes.write(to: raw)
    defer { try? FileManager.default.removeItem(at: raw) }
    return try runGit(["hash-object", "-t", "tree", "--literally", "-w", raw.path], in: repository).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A `git daemon --export-all --enable=receive-pack` serving `base` on 127.0.0.1 at a free port,
/// for tests that need a server's atomic ref updates (racing pushes). Stop it with `stop()`.
package final class GitDaemon: @unchecked Sendable {
    package let port: Int
    package let base: URL
    private let process: Process

    package init(base: URL) throws {
        self.base = base
        var lastError: Error?
        for _ in 0..<5 {
            let port = try freePort()
            // The daemon itself, not the `git` wrapper: the wrapper does not pass SIGTERM on.
            let execPath = try runGit(["--exec-path"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let arguments = [
                "--export-all", "--enable=receive-pack", "--reuseaddr", "--informative-errors",
                "--base-path=\(base.path)", "--listen=127.0.0.1", "--port=\(port)", base.path,
            ]
            if let process = try startListening(
                URL(fileURLWithPath: execPath).appendingPathComponent("git-daemon"), arguments, port: port)
            {
                self.port = port
                self.process = process
                return
            }
            lastError = GitCommandFailure(
                arguments: ["daemon", "--port=\(port)"],
                output: ProcessOutput(code: -1, stdout: "", stderr: "did not listen"))
        }
        throw lastError!
    }

    /// `git://127.0.0.1:PORT/NAME` for a repository at `base/NAME`.
    package func url(_ name: String) -> String { "git://127.0.0.1:\(port)/\(name)" }

    package func stop() { stopProcess(process) }

    deinit { stop() }
}

/// A TCP port on 127.0.0.1 that nothing listens on right now.
package func freePort() throws -> Int {
    let (socketFD, port) = try boundLoopbackSocket()
    close(socketFD)
    return port
}

/// A TCP socket bound to 127.0.0.1 at a port the system chose, and that port.
package func boundLoopbackSocket() throws -> (socket: Int32, port: Int) {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    do {
        return (socketFD, try bindToLoopback(socketFD))
    } catch {
        close(socketFD)
        throw error
    }
}

/// Binds `descriptor` to 127.0.0.1 at a port the kernel picks, and returns that port.
package func bindToLoopback(_ descriptor: Int32) throws -> Int {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

private func waitForListener(port: Int, process: Process, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        guard process.isRunning else { return false }
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        close(socketFD)
        if connected == 0 { return true }
        usleep(50_000)
    }
    return false
}

/// Runs `executable` with its outputs discarded and waits until it listens on 127.0.0.1:`port`;
/// nil (the process ended, or did not listen within `seconds`, far above what a server needs even on
/// a busy machine) when it does not. `environment` entries are added (nil removes one).
package func startListening(
    _ executable: URL, _ arguments: [String], port: Int, environment: [String: String?] = [:], seconds: Double = 120
) throws -> Process? {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    if waitForListener(port: port, process: process, seconds: seconds) { return process }
    stopProcess(process)
    return nil
}

/// SIGTERM, up to 10 s to end, then SIGKILL; waits for the end.
package func stopProcess(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
}

/// Whether `git status --porcelain` in `folder` lists nothing: the tree as a user's own git sees it.
package func gitStatusIsClean(_ folder: URL) throws -> Bool {
    try runGit(["status", "--porcelain"], in: folder).stdout.isEmpty
}

/// `git remote set-url NAME URL` in `folder`.
package func gitSetRemoteURL(_ folder: URL, _ name: String, to url: String) throws {
    try runGit(["remote", "set-url", name, url], in: folder)
}

/// Whether `path` exists in the tree of `commit` (hex), as `git cat-file -e` says.
package func gitPathExists(_ folder: URL, _ path: String, at commit: String) throws -> Bool {
    try runGit(["cat-file", "-e", "\(commit):\(path)"], in: folder, check: false).code == 0
}

/// The type of the object `tag` names: `tag` for an annotated tag, `commit` for a lightweight one.
package func gitObjectType(_ folder: URL, _ tag: String) throws -> String {
    try runGit(["cat-file", "-t", tag], in: folder).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Every tag's name (`git tag --list`).
package func gitTagNames(_ folder: URL) throws -> [String] {
    try runGit(["tag", "--list"], in: folder).stdout.split(separator: "\n").map(String.init)
}
