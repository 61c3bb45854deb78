import Foundation

/// The only way evaluated Ruby reads files: below `root` (the folder of the file being read), after
/// symbolic links are resolved, at most `maximumBytes` a file and `maximumReads` files in all, and
/// never a file that may hold credentials (`isCredentialFile`), under its own name or a link's.
/// Nothing is ever written.
package final class RubyFiles: @unchecked Sendable {
    package struct Refusal: Error {
        package let message: String
    }

    /// The folder, its symbolic links resolved when first needed (most files read nothing).
    package var root: String {
        lock.lock()
        defer { lock.unlock() }
        if let resolvedRoot { return resolvedRoot }
        let resolved = RubyFiles.resolved(givenRoot)
        resolvedRoot = resolved
        return resolved
    }
    private let givenRoot: String
    /// The folder as given, made absolute (its links not resolved).
    package var folder: String { givenRoot }
    private var resolvedRoot: String?
    package let maximumBytes: Int
    package let maximumReads: Int
    private var reads = 0
    private let lock = NSLock()

    package init(root: String, maximumBytes: Int = 1 << 20, maximumReads: Int = 64) {
        givenRoot = RubyFiles.absolute(root, relativeTo: FileManager.default.currentDirectoryPath)
        self.maximumBytes = maximumBytes
        self.maximumReads = maximumReads
    }

    /// `path` made absolute against `base`, with `.` and `..` taken out (no file system access).
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    package static func relative(_ path: String, to root: String) -> String {
        if path == root { return "." }
        if path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        return path
    }

    /// The path with its symbolic links resolved (as far as it exists).
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The checked absolute path of `path`: inside the root once links are resolved.
    private func inside(_ path: String, relativeTo base: String) throws(Refusal) -> String {
        let full = RubyFiles.absolute(path, relativeTo: base)
        let real = RubyFiles.resolved(full)
        guard real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw Refusal(
                message:
                    "`\(path)` is outside the folder of the file being read (\(root)); compose reads only files below it"
            )
        }
        return real
    }

    /// Folders whose files may hold credentials, anywhere in a path.
    private static let credentialFolders: Set<String> = [".git", ".ssh", ".aws", ".gnupg", ".azure", ".kube"]
    /// Files that may hold credentials, by name.
    private static let credentialNames: Set<String> = [
        ".netrc", "_netrc", ".env", ".git-credentials", ".gitconfig", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pypirc",
        ".pgpass", ".htpasswd", ".boto", ".s3cfg", ".dockercfg", ".terraformrc", ".git-askpass",
    ]
    /// Endings of names of keys and certificates with their private keys.
    private static let credentialExtensions = [".pem", ".p12", ".pfx", ".key", ".p8", ".keystore", ".jks", ".ppk"]
    /// Files that hold credentials in a folder of that name.
    private static let credentialPaths: Set<String> = [
        ".docker/config.json", ".gem/credentials", "gh/hosts.yml", "gcloud/credentials.db",
    ]

    /// Whether a path (relative to the root, or absolute) names a file that may hold credentials: under
    /// a `.git` folder or a `.git` file, `.ssh/`, `.aws/`, `.netrc`, `.env` and `.env.*`,
    /// `.git-credentials`, `.gitconfig`, `.npmrc`, `.pypirc`, keys (`*.pem`, `*.p12`, `*.key`,
    /// `id_rsa*`, `id_ed25519*` …), `.docker/config.json`, `.gem/credentials` and the like.
    package static func isCredentialFile(_ path: String) -> Bool {
        let parts = path.lowercased().split(separator: "/").map(String.init)
        for part in parts where credentialFolders.contains(part) { return true }
        guard let name = parts.last else { return false }
        if credentialNames.contains(name) || name.hasPrefix(".env.") { return true }
        if ["id_rsa", "id_dsa", "id_ecdsa", "id_ed25519"].contains(where: { name.hasPrefix($0) }) { return true }
        if credentialExtensions.contains(where: { name.hasSuffix($0) }) { return true }
        if parts.count >= 2, credentialPaths.contains(parts.suffix(2).joined(separator: "/")) { return true }
        return false
    }

    /// Refuses a path that names a credential file, as written or once its links are resolved.
    private func refuseCredentials(_ path: String, full: String, real: String) throws(Refusal) {
        let root = self.root
        if RubyFiles.isCredentialFile(RubyFiles.relative(full, to: givenRoot))
            || RubyFiles.isCredentialFile(RubyFiles.relative(real, to: root))
        {
            throw Refusal(
                message:
                    "compose does not let a Podfile or podspec read `\(path)` (it may hold credentials); write the value into the file itself"
            )
        }
    }

    package func read(_ path: String, relativeTo base: String) throws(Refusal) -> [UInt8] {
        let real = try inside(path, relativeTo: base)
        try refuseCredentials(path, full: RubyFiles.absolute(path, relativeTo: base), real: real)
        lock.lock()
        reads += 1
        let count = reads
        lock.unlock()
        guard count <= maximumReads else {
            throw Refusal(message: "the file reads more than \(maximumReads) files; compose stops here")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
            (attributes[.type] as? FileAttributeType) == .typeRegular
        else {
            throw Refusal(message: "`\(path)` does not exist (or is not a file) below \(root)")
        }
        if let size = attributes[.size] as? Int, size > maximumBytes {
            throw Refusal(
                message: "`\(path)` is larger than \(maximumBytes >> 10) KiB; compose reads no file that large")
        }
        guard let data = FileManager.default.contents(atPath: real) else {
            throw Refusal(message: "`\(path)` cannot be read")
        }
        return [UInt8](data)
    }

    package func exists(_ path: String, relativeTo base: String, directoryOnly: Bool) throws(Refusal) -> Bool {
        guard let real = try? inside(path, relativeTo: base) else { return false }
        // A credential file is as good as absent.
        if (try? refuseCredentials(path, full: RubyFiles.absolute(path, relativeTo: base), real: real)) == nil {
            return false
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory) else { return false }
        return directoryOnly ? isDirectory.boolValue : true
    }

    /// `Dir.glob`: `*`, `**`, `?` and `{a,b}` below the root, sorted.
    package func glob(_ pattern: String, relativeTo base: String) throws(Refusal) -> [String] {
        let full = RubyFiles.absolute(pattern, relativeTo: base)
        guard full == root || full.hasPrefix(root + "/") else {
            throw Refusal(message: "`\(pattern)` is outside the folder of the file being read (\(root))")
        }
        // Walk from the longest folder without wildcards.
        let parts = full.split(separator: "/").map(String.init)
        var fixed: [String] = []
        for part in parts {
            if part.contains(where: { "*?{[".contains($0) }) { break }
            fixed.append(part)
        }
        let start = "/" + fixed.joined(separator: "/")
        guard let enumerator = FileManager.default.enumerator(atPath: start) else { return [] }
        var matches: [String] = []
        let expression = RubyFiles.globExpression(full)
        var visited = 0
        while let next = enumerator.nextObject() as? String {
            visited += 1
            if visited > 100_000 { throw Refusal(message: "`\(pattern)` walks more than 100,000 files") }
            let candidate = start == "/" ? "/" + next : start + "/" + next
            if candidate.range(of: expression, options: .regularExpression) != nil {
                let real = RubyFiles.resolved(candidate)
                if real == root || real.hasPrefix(root + "/"),
                    (try? refuseCredentials(candidate, full: candidate, real: real)) != nil
                {
                    matches.append(candidate)
                }
            }
        }
        return matches.sorted()
    }

    static func globExpression(_ pattern: String) -> String {
        var out = "^"
        var chars = Array(pattern)
        var i = 0
        var inBraces = false
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "*":
                if i + 1 < chars.count, chars[i + 1] == "*" {
                    if i + 2 < chars.count, chars[i + 2] == "/" {
                        out += "(?:.*/)?"
                        i += 2
                    } else {
                        out += ".*"
                        i += 1
                    }
                } else {
                    out += "[^/]*"
                }
            case "?": out += "[^/]"
            case "{":
                inBraces = true
                out += "(?:"
            case "}" where inBraces:
                inBraces = false
                out += ")"
            case "," where inBraces: out += "|"
            case ".", "(", ")", "+", "^", "$", "|", "\\", "[", "]":
                out += "\\" + String(c)
            default: out.append(c)
            }
            i += 1
        }
        chars = []
        return out + "$"
    }
}
