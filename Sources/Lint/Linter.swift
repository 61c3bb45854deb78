import Foundation
import Specs

/// What linting one file found, and the spec's name and version when it could read them.
package struct FileLintResult: Sendable {
    package let path: String
    /// In rule order; a `LintReport` puts them in report order.
    package let findings: [Finding]
    package let specName: String?
    package let specVersion: String?
    /// Where the root's `name` and `version` keys are (for findings about them made elsewhere).
    package var nameLocation: SourceLocation? = nil
    package var versionLocation: SourceLocation? = nil
    /// The file's parsed top-level object; nil when it could not be read as one.
    package var tree: JSONNode? = nil
}

/// Runs rules over podspec JSON files. Never throws and never traps on bad input: a file that
/// cannot be read or parsed becomes a `spec-unreadable` finding with the line and column.
package struct Linter: Sendable {
    /// Files larger than this are refused unread (real podspecs are a few kilobytes).
    package static let maximumFileSize = 1 << 20
    /// The identifier of findings about files that cannot be read as a spec.
    package static let unreadableRuleID = "spec-unreadable"

    package let rules: [any LintRule]

    package init(rules: [any LintRule.Type] = builtInRules) {
        self.rules = rules.map { $0.init() }
    }

    /// Lints the file at `url`, reported under `path`.
    package func lint(fileAt url: URL, path: String) -> FileLintResult {
        do {
            return lint(
                contents: try Self.readSpecFile(atPath: url.path), path: path,
                directory: url.deletingLastPathComponent().path)
        } catch {
            return Self.unreadable(error.reason, path: path)
        }
    }

    /// Why a file could not be read.
    package struct ReadProblem: Error {
        package let reason: String
    }

    /// Reads a regular file of at most `maximumFileSize` bytes (plain system calls: this runs once
    /// per spec of a repository, and Foundation's URL machinery costs more than the lint).
    package static func readSpecFile(atPath path: String) throws(ReadProblem) -> [UInt8] {
        // Non-blocking, so that a FIFO named like a spec is reported instead of waited on.
        // A symbolic link is not followed: in a spec repo it could name any file on the machine.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP {
                throw ReadProblem(
                    reason: "it is a symbolic link, which compose does not follow; give the file it links to")
            }
            throw ReadProblem(reason: systemError(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ReadProblem(reason: systemError(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw ReadProblem(reason: "it is not a regular file") }
        let size = Int(status.st_size)
        guard size <= maximumFileSize else { throw ReadProblem(reason: tooLarge(size)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, size - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadProblem(reason: systemError(errno))
            }
            if count == 0 { break }
            filled += count
        }
        if filled < size { bytes.removeLast(size - filled) }
        return bytes
    }

    static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// Lints the bytes of a podspec JSON file reported under `path`.
    /// `directory`: the file's folder, for what a Ruby podspec reads there.
    package func lint(contents: [UInt8], path: String, directory: String? = nil) -> FileLintResult {
        guard contents.count <= Self.maximumFileSize else {
            return Self.unreadable(Self.tooLarge(contents.count), path: path)
        }
        let root: JSONNode
        do {
            // `Name.podspec` is evaluated by the sandboxed Ruby interpreter, anything else read as JSON;
            // either way the rules see the same positioned tree, with the file's own lines and columns.
            root = try PodspecReader.read(bytes: contents, path: path, directory: directory)
        } catch {
            return Self.unreadable(error.message, path: path, at: error.location)
        }
        guard root.isObject else {
            return Self.unreadable(
                "the file holds a JSON \(root.typeName), not an object of spec attributes", path: path,
                at: root.location)
        }
        let file = SpecFile(path: path, root: root)
        return FileLintResult(
            path: path, findings: rules.flatMap { $0.check(file) }, specName: file.rootName,
            specVersion: file.versionString,
            nameLocation: root.member("name")?.keyLocation, versionLocation: root.member("version")?.keyLocation,
            tree: root)
    }

    /// A result holding only a `spec-unreadable` error.
    static func unreadable(_ reason: String, path: String, at location: SourceLocation = .start) -> FileLintResult {
        FileLintResult(
            path: path,
            findings: [
                Finding(
                    severity: .error, ruleID: unreadableRuleID,
                    message: "The specification could not be loaded: \(reason).",
                    file: path, at: location)
            ],
            specName: nil, specVersion: nil)
    }

    static func tooLarge(_ size: Int) -> String {
        "the file is \(megabytes(size)); a podspec is at most \(megabytes(maximumFileSize))"
    }

    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue)).lowercased()
        }
        return nsError.localizedDescription
    }
}
