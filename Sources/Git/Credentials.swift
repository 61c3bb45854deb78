import Foundation
import Support

/// Where credentials come from when a remote asks for them, and to which hosts each may go.
/// A credential is never printed.
///
/// An https token (`COMPOSE_GIT_TOKEN`) is offered only to the hosts it is scoped to
/// (`COMPOSE_GIT_TOKEN_HOST`, plus the host of a spec repo's own URL via `trusting(_:)`; a
/// `COMPOSE_GIT_TOKEN_<HOST>` only to its own host), only over
/// https, and only when the host asking is the host of the URL the operation started with (a
/// redirect to another host gets nothing). Other https hosts are offered what git's credential
/// helpers give for exactly that host (`git credential fill`), as `git` itself would do.
package struct Credentials: Sendable, Equatable {
    /// Private key files to try for ssh, in order, after the ssh-agent.
    package var sshKeyFiles: [String]
    /// Whether to ask the ssh-agent first (only when `SSH_AUTH_SOCK` is set).
    package var useSSHAgent: Bool
    /// The passphrase of the ssh key files (`COMPOSE_SSH_KEY_PASSPHRASE`).
    package var sshKeyPassphrase: String?
    /// For https: the user name, when the URL does not carry one.
    package var username: String?
    /// For https: the password or access token.
    package var token: String?
    /// The hosts (`host` or `host:port`, lower case) `token` may be offered to, over https only.
    package var tokenHosts: Set<String>
    /// Whether git's credential helpers are asked (`git credential fill`) when no token is scoped to the host.
    package var useCredentialHelpers: Bool
    /// Tokens for one host each, from `COMPOSE_GIT_TOKEN_<HOST>` (the host in capitals, every character
    /// other than a letter or digit as `_`, the port included: `COMPOSE_GIT_TOKEN_GIT_EXAMPLE_COM_8443`),
    /// keyed by that spelling. Over https only, like `token`.
    package var hostTokens: [String: String]
    /// The environment git's credential helpers run with (the command's own).
    package var helperEnvironment: [String: String] = [:]

    package init(
        sshKeyFiles: [String] = [], useSSHAgent: Bool = false, sshKeyPassphrase: String? = nil,
        username: String? = nil, token: String? = nil, tokenHosts: Set<String> = [], useCredentialHelpers: Bool = false,
        hostTokens: [String: String] = [:]
    ) {
        self.hostTokens = hostTokens
        self.sshKeyFiles = sshKeyFiles
        self.useSSHAgent = useSSHAgent
        self.sshKeyPassphrase = sshKeyPassphrase
        self.username = username
        self.token = token
        self.tokenHosts = Set(tokenHosts.map { $0.lowercased() })
        self.useCredentialHelpers = useCredentialHelpers
    }

    /// ssh-agent, then `COMPOSE_SSH_KEY`, `~/.ssh/id_ed25519`, `~/.ssh/id_rsa` (passphrase
    /// `COMPOSE_SSH_KEY_PASSPHRASE`); https user and token from `COMPOSE_GIT_USERNAME` /
    /// `COMPOSE_GIT_TOKEN`, scoped to the comma-separated hosts of `COMPOSE_GIT_TOKEN_HOST`; git's
    /// credential helpers unless `COMPOSE_GIT_CREDENTIAL_HELPERS=0`. A user and password in the URL
    /// itself are used by libgit2 before any of these.
    package static func fromEnvironment(_ environment: [String: String]) -> Credentials {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        var keys: [String] = []
        if let key = value("COMPOSE_SSH_KEY") { keys.append(key) }
        let home = environment["HOME"] ?? NSHomeDirectory()
        for name in ["id_ed25519", "id_rsa"] { keys.append("\(home)/.ssh/\(name)") }
        let tokens = ScopedTokens("COMPOSE_GIT_TOKEN", in: environment)
        var credentials = Credentials(
            sshKeyFiles: keys,
            useSSHAgent: value("SSH_AUTH_SOCK") != nil,
            sshKeyPassphrase: value("COMPOSE_SSH_KEY_PASSPHRASE"),
            username: value("COMPOSE_GIT_USERNAME"),
            token: tokens.token,
            tokenHosts: Set(tokens.scopes.compactMap { RemoteAddress(scopeHost: $0)?.authority }),
            useCredentialHelpers: environment["COMPOSE_GIT_CREDENTIAL_HELPERS"] != "0",
            hostTokens: tokens.hostTokens)
        credentials.helperEnvironment = environment
        return credentials
    }

    /// `git.example.com:8443` → `GIT_EXAMPLE_COM_8443`, the spelling of `COMPOSE_GIT_TOKEN_<HOST>`.
    static func environmentSpelling(of host: String) -> String { ScopedTokens.spelling(of: host) }

    /// These credentials with the token also scoped to `url`'s host, when `url` is https: for a URL
    /// the user named (a spec repo's own URL, a component's own remote), never one read from a spec.
    package func trusting(_ url: String) -> Credentials {
        guard let address = RemoteAddress(url), address.scheme == "https" else { return self }
        var copy = self
        copy.tokenHosts.insert(address.authority)
        return copy
    }

    /// The token, with its user name, when it may go to the host that asks (`requestURL`, as libgit2
    /// reports it) during an operation that started at `originalURL`: both https, on one scoped host.
    func scopedToken(requestURL: String, originalURL: String, usernameFromURL: String?) -> (
        user: String, token: String
    )? {
        guard let host = Self.httpsHost(requestURL: requestURL, originalURL: originalURL) else { return nil }
        let user = username ?? usernameFromURL ?? "x-access-token"
        if let own = hostTokens[Self.environmentSpelling(of: host)] { return (user, own) }
        guard let token, tokenHosts.contains(host) else { return nil }
        return (user, token)
    }

    /// The one https host both URLs name, or nil when either is not https or they differ (a redirect).
    static func httpsHost(requestURL: String, originalURL: String) -> String? {
        guard let request = RemoteAddress(requestURL), let original = RemoteAddress(originalURL),
            request.scheme == "https", original.scheme == "https", request.authority == original.authority
        else { return nil }
        return request.authority
    }
}

/// The scheme, host and path of a git remote URL: `https://host:8443/a.git`, `ssh://git@host/a`,
/// `git@host:a.git` (scp form, scheme `ssh`), a local path (scheme `file`).
struct RemoteAddress: Equatable {
    let scheme: String
    /// The host in lower case, with `:port` when it is not the scheme's default.
    let authority: String
    let path: String

    init?(_ url: String) {
        if let range = url.range(of: "://") {
            let scheme = url[..<range.lowerBound].lowercased()
            var rest = url[range.upperBound...]
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var hostPort = rest[..<end]
            rest = rest[end...]
            if let at = hostPort.lastIndex(of: "@") { hostPort = hostPort[hostPort.index(after: at)...] }
            guard scheme == "file" || !hostPort.isEmpty else { return nil }
            let defaults = ["https": "443", "http": "80", "ssh": "22", "git": "9418"]
            var authority = hostPort.lowercased()
            if let port = defaults[scheme], authority.hasSuffix(":\(port)") { authority.removeLast(port.count + 1) }
            self.init(scheme: scheme, authority: authority, path: String(rest))
        } else if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") {
            var host = url[..<colon]
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            self.init(scheme: "ssh", authority: host.lowercased(), path: String(url[url.index(after: colon)...]))
        } else {
            self.init(scheme: "file", authority: "", path: url)
        }
    }

    /// The host name alone (no port, no IPv6 brackets), as a TLS certificate check names it.
    var hostname: String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        return authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? authority
    }

    /// A host as written in `COMPOSE_GIT_TOKEN_HOST`: `host`, `host:port` or `https://host[:port]`.
    init?(scopeHost: String) {
        let text = scopeHost.contains("://") ? scopeHost : "https://" + scopeHost
        guard let address = RemoteAddress(text), address.scheme == "https" else { return nil }
        self = address
    }

    private init(scheme: String, authority: String, path: String) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
    }
}

/// git's credential helpers, asked as `git credential fill` does: the one place compose runs `git`.
/// Users keep https credentials in helpers (osxkeychain, libsecret, manager, store); libgit2 cannot
/// read them, and re-implementing every helper's protocol and configuration would be worse than
/// asking git. Only the host asking is named, prompts are switched off, and a helper that does not
/// answer within 20 seconds is stopped.
enum CredentialHelper {
    static func fill(
        host: String, path: String, environment base: [String: String]
    ) -> (user: String, password: String)? {
        guard !host.contains("\n"), !path.contains("\n") else { return nil }
        var environment = base
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "true"
        environment["SSH_ASKPASS"] = "true"
        let trimmedPath = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard
            let result = try? ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "credential", "fill"], environment: environment,
                input: Data("protocol=https\nhost=\(host)\npath=\(trimmedPath)\n\n".utf8), timeout: 20),
            result.succeeded
        else { return nil }
        let data = result.output
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        // A helper's answer counts only for the host that was asked about.
        if let answered = fields["host"], answered.lowercased() != host.lowercased() { return nil }
        guard let user = fields["username"], let password = fields["password"], !password.isEmpty else { return nil }
        return (user, password)
    }
}
