/// What `ENV` is in a file being evaluated: the caller's environment less the variables whose names
/// look like credentials (they read as unset), and the names the user allowed. A value read from a
/// variable that is not allowed is marked with its name (`RubyMarks`), and a marked value cannot
/// leave the file: the host's words (`source`, `pod`, `s.source =`) and the file functions refuse it.
/// Names are judged when the file reads them, so a file that reads no variable costs nothing.
package struct RubyEnvironment: Sendable {
    /// Names the user allowed: their values are not marked, and a secret-looking one is seen.
    package let allowed: Set<String>

    package init(allowing allowed: Set<String> = []) {
        self.allowed = allowed
    }

    /// Whether the file may not see the variable `name` (its name looks secret and is not allowed).
    package func hides(_ name: String) -> Bool {
        RubyEnvironment.looksSecret(name) && !allowed.contains(name)
    }

    /// Words that make a variable's name a credential's: within a word (`GITHUB_TOKEN`, `DB_PASSWORD`,
    /// `GOOGLE_APPLICATION_CREDENTIALS`) or as a whole word (`API_KEY`, `SSH_AUTH_SOCK`, `DB_PASS`).
    private static let secretParts = [
        "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "CREDENTIAL", "COOKIE", "PRIVATE", "APIKEY",
        "ACCESSKEY", "AUTHORIZATION", "KEYSTORE", "CERTIFICATE",
    ]
    private static let secretWords: Set<String> = [
        "KEY", "KEYS", "AUTH", "SESSION", "PASS", "PAT", "JWT", "BEARER", "DSN", "CERT", "P12", "PFX", "OTP",
        "SIGNATURE", "NETRC",
    ]

    /// Whether a variable's name looks like a credential's: compose's own token families
    /// (`COMPOSE_GIT_TOKEN*`, `COMPOSE_CDN_TOKEN*`) and names with one of the words above, in any case.
    package static func looksSecret(_ name: String) -> Bool {
        // ASCII upper case; any other byte separates words as `_` does.
        let upper = name.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        if upper.starts(with: gitTokenPrefix) || upper.starts(with: cdnTokenPrefix) { return true }
        var start = 0
        while start < upper.count {
            var end = start
            while end < upper.count, isWordByte(upper[end]) { end += 1 }
            if end > start {
                let word = upper[start..<end]
                if secretWordBytes.contains(where: { $0.elementsEqual(word) }) { return true }
                for part in secretPartBytes where part.count <= word.count {
                    var i = word.startIndex
                    while i + part.count <= word.endIndex {
                        if word[i..<(i + part.count)].elementsEqual(part) { return true }
                        i += 1
                    }
                }
            }
            start = end + 1
        }
        return false
    }

    private static func isWordByte(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) }
    private static let gitTokenPrefix = Array("COMPOSE_GIT_TOKEN".utf8)
    private static let cdnTokenPrefix = Array("COMPOSE_CDN_TOKEN".utf8)
    private static let secretPartBytes = secretParts.map { Array($0.utf8) }
    private static let secretWordBytes = secretWords.map { Array($0.utf8) }

    /// The sentence that refuses a value built from the variables `names` (and `more` beyond them)
    /// where `what` would take it; `hidden`: those of them whose names look secret (read as unset).
    static func refusal(_ names: [String], more: Bool, what: String, hidden: [String]) -> String {
        let shown = names.prefix(3).map { "ENV['\($0)']" }
        let rest = names.count - shown.count
        var described =
            shown.count < 2 ? shown.joined() : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        if rest > 0 || more {
            described = shown.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : " and more")
        }
        let one = names.count == 1 && !more
        // A value built from the whole environment (`ENV.to_h`) names its first variables only.
        let listed = names.prefix(3)
        let etc = names.count > listed.count || more ? " …" : ""
        let options = listed.map { "--allow-env \($0)" }.joined(separator: " ") + etc
        let secret =
            hidden.isEmpty
            ? ""
            : hidden.count == 1 && one
                ? " (its name looks like a credential's, so the file read it as unset)"
                : " (\(hidden.joined(separator: ", ")) look\(hidden.count == 1 ? "s" : "") like credentials, so the file read \(hidden.count == 1 ? "it" : "them") as unset)"
        return
            "\(what) is built from \(described)\(secret); compose sends no environment variable to a server, a file path or the lock unless it is allowed by name: allow \(one ? "it" : "them") with \(options) or COMPOSE_ALLOW_ENV=\(listed.joined(separator: ","))\(etc.isEmpty ? "" : ",…"), if \(one ? "it is not a secret" : "they are not secrets")"
    }
}
