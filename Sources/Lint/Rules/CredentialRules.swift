import Specs

/// compose: no URL in a spec carries a user name with a password, or a token. A spec is shared with
/// everyone who can read the spec repo and its URLs reach Compose.lock and generated packages.
struct URLCredentialsRule: LintRule {
    static let description = RuleDescription(
        identifier: "url-credentials", severity: .error, origin: .compose,
        summary: "No URL in the spec carries credentials (`https://user:token@host`, `user:password@host:path`).",
        triggering: [
            .spec(["source": #"{ "git": "https://ci:TOKEN@git.example.com/ios/Example.git", "tag": "1.2.0" }"#]),
            .spec([
                "source": #"{ "git": "https://ghp_0123456789abcdef@git.example.com/ios/Example.git", "tag": "1.2.0" }"#
            ]),
            .spec(["homepage": #""https://user:pass word@example.com/Example""#]),
            .spec(["source": #"{ "git": "deploy:s3cret@git.example.com:ios/Example.git", "tag": "1.2.0" }"#]),
        ],
        nonTriggering: [
            .valid,
            .spec(["source": #"{ "git": "git@git.example.com:ios/Example.git", "tag": "1.2.0" }"#]),
            .spec(["source": #"{ "git": "ssh://git@git.example.com/ios/Example.git", "tag": "1.2.0" }"#]),
            .spec(["authors": #"{ "Team": "team@example.com" }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        var findings: [Finding] = []
        func walk(_ node: JSONNode, _ key: String) {
            switch node.value {
            case .string(let text) where Self.carriesCredentials(text):
                findings.append(
                    finding(
                        "`\(key)` holds a URL with credentials; remove the user and password or token from it (give "
                            + "them to compose through COMPOSE_GIT_TOKEN or git's credential helpers instead).",
                        at: node.location, in: file))
            case .array(let items): for item in items { walk(item, key) }
            case .object(let members): for member in members { walk(member.value, member.key) }
            default: break
            }
        }
        walk(file.root, "spec")
        return findings
    }

    /// `scheme://userinfo@host…` with a password, or with any userinfo over http(s) (a token alone);
    /// `user:password@host:path` (scp form).
    static func carriesCredentials(_ text: String) -> Bool {
        // Most strings have no "@": looked for in the bytes first (a Character scan costs more).
        guard text.utf8.contains(UInt8(ascii: "@")), let at = text.firstIndex(of: "@") else { return false }
        if let scheme = text.range(of: "://"), scheme.upperBound <= at {
            let authorityEnd = text[scheme.upperBound...].firstIndex(of: "/") ?? text.endIndex
            guard at < authorityEnd else { return false }
            let userinfo = text[scheme.upperBound..<at]
            let isHTTP = text[..<scheme.lowerBound].lowercased().hasPrefix("http")
            return userinfo.containsBytes(":") || (isHTTP && !userinfo.isEmpty)
        }
        // scp form: user:password@host:path, with nothing that makes it an e-mail address or a path before.
        let userinfo = text[..<at]
        guard !userinfo.containsBytes("/"), !userinfo.containsBytes(" "), userinfo.containsBytes(":") else {
            return false
        }
        return text[text.index(after: at)...].containsBytes(":")
    }
}
