/// What kind of failure an error is, so the command line can map it to an exit code in one place:
/// `input` (the user's files or arguments are wrong: exit 1) or `environment` (git, network, file
/// system: exit 3). Usage errors are argument-parser's own (exit 64).
package enum FailureKind: Sendable, Equatable {
    case input
    case environment
}

/// An error that knows its `FailureKind`. Every module's error enum conforms; its `description`
/// says what happened, where (file:line when there is one) and what to do.
package protocol ComposeFailure: Error, Sendable, CustomStringConvertible {
    var kind: FailureKind { get }
}

/// `text` made safe to print for a person, when it holds what a spec, a repo or a server wrote:
/// every scalar that could move the cursor, start a terminal escape sequence, end a line (and so
/// begin a forged CI command such as `::error …`) or reorder what is shown is written as a Swift
/// escape (`\n`, `\u{1B}`): C0 and C1 controls, DEL, U+2028 and U+2029, and the bidirectional
/// marks, embeddings, overrides and isolates. `keepingNewlines` keeps `\n` (for messages of
/// several lines whose untrusted parts were escaped whole). Not for JSON, which escapes its own.
package func escapedForDisplay(_ text: String, keepingNewlines: Bool = false) -> String {
    func isUnsafe(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
    guard text.unicodeScalars.contains(where: { isUnsafe($0.value) }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n" where keepingNewlines: out.append(scalar)
        case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
        case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
        case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
        case _ where isUnsafe(scalar.value):
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        default: out.append(scalar)
        }
    }
    return String(out)
}
