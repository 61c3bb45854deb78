internal import CGit2
import Foundation

/// libgit2 is initialised once per process, before the first handle is made.
enum Runtime {
    static let initialised: Void = {
        git_libgit2_init()
        NetworkTimeouts.register()
        // Owner validation would refuse clones made by other users in shared CI caches; compose
        // opens only paths it was pointed at, so it keeps libgit2's default here.
    }()

    static func ensure() { _ = initialised }
}

/// The last libgit2 error on this thread, read in the same synchronous frame as the failing call.
/// Where a failure is expected and handled (a missing tag, an unset user.name), the error is
/// dropped with `git_error_clear()` instead, so it cannot leak into a later message.
func lastErrorMessage() -> String {
    guard let error = git_error_last(), let message = error.pointee.message else {
        return "no message from libgit2"
    }
    return redact(String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines))
}

/// Runs a libgit2 call; a negative result throws a `GitError` naming `operation`.
@discardableResult
func check(_ operation: @autoclosure () -> String, _ result: Int32) throws(GitError) -> Int32 {
    guard result < 0 else { return result }
    throw makeError(operation(), result)
}

func makeError(_ operation: String, _ code: Int32) -> GitError {
    let message = lastErrorMessage()
    if code == GIT_EAUTH.rawValue {
        return .authentication(url: redact(operation), message: message)
    }
    return .failed(operation: redact(operation), code: code, message: message)
}

/// `text` with every credential in a URL replaced by `***`: `https://user:pw@host/x` →
/// `https://***@host/x` (any user info after `scheme://`, a password with spaces included), and the
/// scp form `user:password@host:path` → `***@host:path` (`git@host:path`, without a password, stays).
/// Works on any text, so it also cleans error messages.
package func redact(_ text: String) -> String {
    guard text.contains("@") else { return text }
    var output = ""
    var rest = Substring(text)
    while let range = rest.range(of: "://") {
        output += rest[..<range.upperBound]
        rest = rest[range.upperBound...]
        // The authority ends at the first '/', quote or line break; user info is what precedes its last '@'
        // (a password may hold spaces, so a space does not end it).
        let end = rest.firstIndex { $0 == "/" || $0 == "'" || $0 == "\"" || $0 == "\n" } ?? rest.endIndex
        if let at = rest[..<end].lastIndex(of: "@") {
            output += "***"
            rest = rest[at...]
        }
    }
    output += rest
    return redactSCPCredentials(output)
}

/// `user:password@host:path` → `***@host:path`, wherever it appears in `text`.
private func redactSCPCredentials(_ text: String) -> String {
    var words = text.components(separatedBy: " ")
    for (index, word) in words.enumerated() {
        guard let at = word.firstIndex(of: "@"), !word.contains("://") else { continue }
        let start =
            word.lastIndex(where: { $0 == "'" || $0 == "\"" || $0 == "(" }, before: at).map { word.index(after: $0) }
            ?? word.startIndex
        let userinfo = word[start..<at]
        guard userinfo.contains(":"), !userinfo.contains("/"), word[word.index(after: at)...].contains(":") else {
            continue
        }
        words[index] = String(word[..<start]) + "***" + word[at...]
    }
    return words.joined(separator: " ")
}

extension String {
    fileprivate func lastIndex(where predicate: (Character) -> Bool, before end: Index) -> Index? {
        self[..<end].lastIndex(where: predicate)
    }
}

/// `url` without its user name and password, for anything compose writes (a lock, a manifest, a
/// commit, a reflog): `https://ci:token@host/x.git` → `https://host/x.git`,
/// `deploy:pw@host:x.git` → `host:x.git`. A user alone in an ssh URL (`git@host:x`) is kept: it is
/// not a secret and ssh needs it.
package func strippingCredentials(_ url: String) -> String {
    if let scheme = url.range(of: "://") {
        let rest = url[scheme.upperBound...]
        let end = rest.firstIndex(where: { $0 == "/" }) ?? rest.endIndex
        guard let at = rest[..<end].lastIndex(of: "@") else { return url }
        let userinfo = rest[..<at]
        let isHTTP = url[..<scheme.lowerBound].lowercased().hasPrefix("http")
        guard isHTTP || userinfo.contains(":") else { return url }
        return String(url[..<scheme.upperBound]) + rest[rest.index(after: at)...]
    }
    guard let at = url.firstIndex(of: "@"), url[..<at].contains(":"), !url[..<at].contains("/") else { return url }
    return String(url[url.index(after: at)...])
}

/// Calls `body` with a `git_strarray` holding `strings`.
func withStrArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<git_strarray>) -> R) -> R {
    let pointers = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: max(strings.count, 1))
    for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
    defer {
        for index in 0..<strings.count { free(pointers[index]) }
        pointers.deallocate()
    }
    var array = git_strarray(strings: pointers, count: strings.count)
    return body(&array)
}

/// The version of the libgit2 compose is linked with: `1.7.2`.
package func libgit2Version() -> String {
    var major: Int32 = 0
    var minor: Int32 = 0
    var revision: Int32 = 0
    git_libgit2_version(&major, &minor, &revision)
    return "\(major).\(minor).\(revision)"
}
