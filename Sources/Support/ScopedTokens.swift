/// The environment's tokens of one family (`COMPOSE_GIT_TOKEN`, `COMPOSE_CDN_TOKEN`): the token,
/// the hosts it is scoped to (`<NAME>_HOST`, comma-separated), and one token per host
/// (`<NAME>_<HOST>`, the host in capitals with every character other than a letter or digit as
/// `_`, a port other than the scheme's included: `COMPOSE_GIT_TOKEN_GIT_EXAMPLE_COM_8443`). Git's
/// and the CDN's credentials read them alike, so one spelling serves both.
package struct ScopedTokens: Sendable, Equatable {
    /// `<NAME>`, when set and not empty.
    package let token: String?
    /// The entries of `<NAME>_HOST`, trimmed, as written.
    package let scopes: [String]
    /// `<NAME>_<HOST>` tokens, keyed by the host's spelling (`spelling(of:)`).
    package let hostTokens: [String: String]

    package init(_ name: String, in environment: [String: String]) {
        let prefix = name + "_"
        let scopeKey = name + "_HOST"
        token = environment[name].flatMap { $0.isEmpty ? nil : $0 }
        scopes = (environment[scopeKey] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        hostTokens = environment.reduce(into: [:]) { tokens, entry in
            guard entry.key.hasPrefix(prefix), entry.key != scopeKey, !entry.value.isEmpty else { return }
            tokens[String(entry.key.dropFirst(prefix.count))] = entry.value
        }
    }

    /// `git.example.com:8443` → `GIT_EXAMPLE_COM_8443`: the `<HOST>` of `<NAME>_<HOST>`.
    package static func spelling(of host: String) -> String {
        String(host.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
