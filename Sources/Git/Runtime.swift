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

/// `url` with any user name and password replaced by `***` (`https://***@host/path`). Works on any
/// text: every `scheme://user[:password]@` in it is redacted, so it also cleans error messages.
public func redact(_ text: String) -> String {
    guard text.contains("@"), text.contains("://") else { return text }
    var output = ""
    var rest = Substring(text)
    while let range = rest.range(of: "://") {
        output += rest[..<range.upperBound]
        rest = rest[range.upperBound...]
        // The authority ends at the first '/', whitespace or quote; userinfo is what precedes its last '@'.
        let end = rest.firstIndex { $0 == "/" || $0 == " " || $0 == "'" || $0 == "\"" || $0 == "\n" } ?? rest.endIndex
        let authority = rest[..<end]
        if let at = authority.lastIndex(of: "@") {
            output += "***"
            rest = rest[at...]
        }
    }
    output += rest
    return output
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
