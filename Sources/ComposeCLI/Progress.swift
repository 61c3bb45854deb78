import Foundation
import Git

/// Draws clone and fetch progress on standard error: a bar redrawn in place on a terminal, nothing
/// otherwise (logs of CI jobs stay readable). Used from libgit2's callbacks on the calling thread.
final class TransferProgressBar {
    private let terminal: Terminal
    private let label: String
    private var lastDraw = Date.distantPast
    private var drew = false

    init(label: String, terminal: Terminal = .standardError) {
        self.label = label
        self.terminal = terminal
    }

    /// The callback to hand to the library, or nil when standard error is not a terminal.
    var handler: ((TransferProgress) -> Void)? {
        guard terminal.showsProgress else { return nil }
        return { [self] progress in draw(progress) }
    }

    private func draw(_ progress: TransferProgress) {
        let now = Date()
        guard progress.isComplete || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let width = 30
        let filled = Int(progress.fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let mebibytes = Double(progress.receivedBytes) / 1_048_576
        let line =
            progress.isWritingFiles
            ? String(
                format: "\r%@ [%@] %3d%% %d/%d files written          ", label, bar, Int(progress.fraction * 100),
                progress.writtenFiles, progress.totalFiles)
            : String(
                format: "\r%@ [%@] %3d%% %d/%d objects, %.1f MiB", label, bar, Int(progress.fraction * 100),
                progress.receivedObjects, progress.totalObjects, mebibytes)
        terminal.write(line)
        drew = true
    }

    /// Ends the line the bar was drawn on.
    func finish() {
        if drew { terminal.write("\n") }
        drew = false
    }
}

/// Writes "waiting for …" messages from the spec repo store's lock to standard error.
func waitingMessage(_ message: String) { Terminal.standardError.write("\(message)\n") }

/// The bar of a spec repo cloned on first use by resolve, update, outdated or install, drawn as
/// `compose repo add` draws it. The library calls it from the resolving thread only; the lock keeps
/// the bar's state safe all the same.
final class CloneProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let bar = TransferProgressBar(label: "Cloning spec repo")

    /// The callback for `ResolveService.cloneProgress`, or nil when standard error is not a terminal.
    static func handler() -> (@Sendable (TransferProgress?) -> Void)? {
        guard Terminal.standardError.showsProgress else { return nil }
        let shared = CloneProgressBar()
        return { progress in shared.update(progress) }
    }

    private func update(_ progress: TransferProgress?) {
        lock.lock()
        defer { lock.unlock() }
        if let progress { bar.handler?(progress) } else { bar.finish() }
    }
}
