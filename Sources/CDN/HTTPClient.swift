import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOSSL
import SpecRepos
import Specs
import Support

/// How compose talks HTTP: the time limits, the retries, and the credentials of HTTP spec sources.
package struct HTTPSettings: Sendable, Equatable {
    /// Seconds a request may wait for a connection or for the server's next bytes
    /// (`COMPOSE_NETWORK_TIMEOUT`, default 30).
    package var timeout: TimeInterval
    /// Seconds one request may take from start to last byte, however steadily the bytes come
    /// (`COMPOSE_NETWORK_DEADLINE`, default four times `timeout`): a server trickling a byte a second
    /// cannot hold a command.
    package var deadline: TimeInterval
    /// Further attempts after a 5xx answer or a connection error (default 3; 4 tries in all).
    package var retries: Int
    /// The first wait between attempts, doubled each time (0.2 s, 0.4 s, 0.8 s).
    package var backoff: TimeInterval
    /// Which origins get which token (`COMPOSE_CDN_TOKEN` with `COMPOSE_CDN_TOKEN_HOST`,
    /// `COMPOSE_CDN_TOKEN_<HOST>`).
    package var tokens: CDNTokens
    /// Seconds a file cached from an HTTP source is used without asking the server
    /// (`COMPOSE_CDN_MAX_AGE`, default 600; `--repo-update` asks for every file).
    package var maxAge: TimeInterval
    /// A PEM file of certificates trusted besides the system's (`COMPOSE_CA_BUNDLE`, else
    /// `SSL_CERT_FILE`): a company's own certificate authority.
    package var extraTrustRoots: String?
    /// How many other candidates of a pod are fetched ahead beside the version the solver will most
    /// likely try (`COMPOSE_FETCH_AHEAD_ALTERNATIVES`, default 2; 0 fetches only that one), so that
    /// when it does not fit, the next ones are on their way (see `ProjectProvider.fetchAhead`).
    package var alternativesFetchedAhead: Int

    package init(
        timeout: TimeInterval = 30, deadline: TimeInterval? = nil, retries: Int = 3, backoff: TimeInterval = 0.2,
        tokens: CDNTokens = CDNTokens(), maxAge: TimeInterval = 600, extraTrustRoots: String? = nil,
        alternativesFetchedAhead: Int = 2
    ) {
        self.timeout = timeout
        self.deadline = deadline ?? timeout * 4
        self.retries = retries
        self.backoff = backoff
        self.tokens = tokens
        self.maxAge = maxAge
        self.extraTrustRoots = extraTrustRoots
        self.alternativesFetchedAhead = alternativesFetchedAhead
    }

    /// The settings from `COMPOSE_NETWORK_TIMEOUT` and `COMPOSE_NETWORK_DEADLINE` (seconds, positive
    /// numbers), the CDN tokens, `COMPOSE_CDN_MAX_AGE` (seconds), `COMPOSE_CA_BUNDLE` and
    /// `COMPOSE_FETCH_AHEAD_ALTERNATIVES` (0 to 16).
    package static func fromEnvironment(_ environment: [String: String]) -> HTTPSettings {
        var settings = HTTPSettings()
        if let text = environment["COMPOSE_NETWORK_TIMEOUT"], let seconds = TimeInterval(text), seconds > 0 {
            settings.timeout = seconds
            settings.deadline = seconds * 4
        }
        if let text = environment["COMPOSE_NETWORK_DEADLINE"], let seconds = TimeInterval(text), seconds > 0 {
            settings.deadline = seconds
        }
        settings.tokens = CDNTokens.fromEnvironment(environment)
        if let text = environment["COMPOSE_CDN_MAX_AGE"], let seconds = TimeInterval(text), seconds >= 0 {
            settings.maxAge = seconds
        }
        settings.extraTrustRoots = [environment["COMPOSE_CA_BUNDLE"], environment["SSL_CERT_FILE"]]
            .compactMap { $0 }.first { !$0.isEmpty }
        if let text = environment["COMPOSE_FETCH_AHEAD_ALTERNATIVES"], let count = Int(text), (0...16).contains(count) {
            settings.alternativesFetchedAhead = count
        }
        return settings
    }
}

/// Bearer tokens for HTTP spec sources, each for the origins it was configured for. A token goes
/// only to its own origin (scheme, host and port), only over https (plain http to a loopback address
/// alone, for a server on the same machine), never after a redirect to another origin, and never to
/// a source that nobody named: `COMPOSE_CDN_TOKEN` without `COMPOSE_CDN_TOKEN_HOST` goes nowhere.
package struct CDNTokens: Sendable, Equatable {
    /// `COMPOSE_CDN_TOKEN`.
    package var token: String?
    /// The origins `token` may go to (`COMPOSE_CDN_TOKEN_HOST`, comma-separated `host`, `host:port`
    /// or `scheme://host[:port]`; https unless written), as `scheme://host:port`.
    package var origins: Set<String>
    /// `COMPOSE_CDN_TOKEN_<HOST>`: a token for one https host alone (the host and a port other than
    /// 443 in capitals, every other character as `_`: `COMPOSE_CDN_TOKEN_CDN_EXAMPLE_COM_8443`), keyed
    /// by that spelling.
    package var hostTokens: [String: String]

    package init(token: String? = nil, origins: Set<String> = [], hostTokens: [String: String] = [:]) {
        self.token = token
        self.origins = Set(origins.compactMap { Self.origin(ofScope: $0) })
        self.hostTokens = hostTokens
    }

    package static func fromEnvironment(_ environment: [String: String]) -> CDNTokens {
        let read = ScopedTokens("COMPOSE_CDN_TOKEN", in: environment)
        return CDNTokens(token: read.token, origins: Set(read.scopes), hostTokens: read.hostTokens)
    }

    /// Whether any token is configured at all (for the hint of a 401).
    package var isEmpty: Bool { token == nil && hostTokens.isEmpty }

    /// The token for `url`, when one is scoped to its origin and the scheme may carry it.
    package func token(for url: URL) -> String? {
        guard let origin = HTTPOrigin(url), origin.mayCarryCredentials else { return nil }
        if let own = hostTokens[origin.environmentSpelling] { return own }
        guard let token, origins.contains(origin.string) else { return nil }
        return token
    }

    /// `cdn.example.com` → `https://cdn.example.com:443`; `http://127.0.0.1:8080` as it is.
    static func origin(ofScope scope: String) -> String? {
        let text = scope.contains("://") ? scope : "https://" + scope
        return URL(string: text).flatMap(HTTPOrigin.init)?.string
    }
}

/// The scheme, host and port of an http(s) URL: where credentials and cached files belong.
package struct HTTPOrigin: Sendable, Hashable {
    package let scheme: String
    package let host: String
    package let port: Int

    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `scheme://host:port`, the port always written.
    package var string: String { "\(scheme)://\(bracketed):\(port)" }

    private var bracketed: String { host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host }

    /// Whether the host is this machine: 127.0.0.0/8, ::1 or localhost.
    package var isLoopback: Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return bare == "localhost" || bare == "::1"
            || bare.hasPrefix("127.")
                && bare.split(separator: ".").count == 4 && bare.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }

    /// https, or plain http to this machine (a server the tests or a developer started).
    package var mayCarryCredentials: Bool { scheme == "https" || isLoopback }

    /// `HOST` or `HOST_PORT` (a port other than the scheme's), the spelling of `COMPOSE_CDN_TOKEN_<HOST>`.
    package var environmentSpelling: String {
        let defaultPort = scheme == "https" ? 443 : 80
        return ScopedTokens.spelling(of: port == defaultPort ? host : "\(host):\(port)")
    }
}

/// What went wrong reading an HTTP spec source.
package enum HTTPSourceError: ComposeFailure, Equatable {
    /// No answer (connection refused, time limit, DNS…) after every retry.
    case unreachable(url: String, message: String)
    /// An answer that is not 200, 304 or 404 (after every retry for 5xx). `tokenHint` says how a
    /// token would be scoped to this source, for a 401 or 403 of a source that got none.
    case status(url: String, code: Int, tokenHint: String? = nil)
    /// A file of the protocol that does not read as the protocol says.
    case malformed(url: String, message: String)
    /// An answer larger than compose takes for that kind of file (after decompression).
    case tooLarge(url: String, limit: Int)
    /// Not online and nothing cached for this file.
    case notCached(url: String)
    /// A request against the rules of the file asked for (a redirect to plain http on another machine).
    case refused(url: String, message: String)

    package var kind: FailureKind { .environment }

    package var description: String {
        switch self {
        case .unreachable(let url, let message):
            return
                "Could not reach \(url): \(message). Check the URL and your network; raise COMPOSE_NETWORK_TIMEOUT (seconds) on a slow link."
        case .status(let url, let code, let tokenHint):
            let hint =
                code == 401 || code == 403
                ? (tokenHint
                    ?? "set COMPOSE_CDN_TOKEN and name this host in COMPOSE_CDN_TOKEN_HOST, or put user:password in the source URL")
                : "check the URL and the server"
            return "\(url) answered HTTP \(code); \(hint)."
        case .malformed(let url, let message):
            return
                "\(url) is not a CocoaPods CDN file: \(message). Check that the source URL points at a spec repo export (compose repo export)."
        case .tooLarge(let url, let limit):
            return
                "\(url) is larger than \(limit / 1_048_576) MiB, more than any file of its kind should be; nothing of it was kept. Check the server."
        case .notCached(let url):
            return "\(url) is not in the cache and the server could not be reached. Resolve once online."
        case .refused(let url, let message):
            return "\(url): \(message). Serve the file over https (plain http only from this machine)."
        }
    }
}

/// The largest answer compose takes for each kind of CDN file, counted after decompression while
/// the body arrives: the request is stopped at the first byte over the limit. Trunk's largest files
/// of each kind are a small fraction of these.
package enum HTTPLimits {
    /// `CocoaPods-version.yml`.
    package static let versionFile = 64 * 1024
    /// A spec (`Specs/…/Name.podspec.json`).
    package static let spec = 8 * 1_048_576
    /// A shard index, `all_pods.txt`, `deprecated_podspecs.txt` and anything else.
    package static let index = 64 * 1_048_576
    /// A component's prebuilt artifact (`prebuilt.url`, a zip of an xcframework or artifact bundle).
    package static let artifact = 1024 * 1_048_576

    /// The limit of the CDN file at `relative`.
    package static func limit(of relative: String) -> Int {
        if relative == SpecRepoLayout.versionFile { return versionFile }
        if relative.hasPrefix("Specs/") { return spec }
        return index
    }

    /// At most this many characters of anything a server said reach an error message.
    static let messageLength = 300
}

/// A GET-only HTTP client: conditional requests (If-None-Match), retries with backoff on 5xx answers
/// and connection errors, a time limit between bytes and a deadline for the whole request, a size
/// limit enforced while the body arrives (gzip and deflate are decoded, and counted decoded), and
/// credentials sent only to the origin they belong to. Redirects are followed by hand (at most 5) so
/// that a credential never follows a redirect to another origin, and https never goes to http.
///
/// Built on AsyncHTTPClient (SwiftNIO): waiting on a server costs no CPU, and connections are kept
/// alive between requests to one host.
package final class HTTPClient: Sendable {
    /// One answer: its status (200, 304 or 404), body and ETag.
    package struct Response: Sendable {
        package let status: Int
        package let body: Data
        package let etag: String?
    }

    package let settings: HTTPSettings
    /// The origin of the source; credentials go only there.
    private let origin: HTTPOrigin?
    private let authorization: String?
    /// Why a token that exists was not sent to this source, for the message of a 401.
    private let tokenHint: String?
    private let client: AsyncHTTPClient.HTTPClient

    /// `base` may carry `user:password@`; it is removed from every request and sent as basic
    /// authentication to `base`'s origin only, over https or to a loopback address. A token scoped
    /// to the origin in `settings.tokens` wins. `largest`: the largest `limit` this client's requests
    /// will pass to `get` (a compressed answer is refused past it as it decodes).
    package init(base: URL, settings: HTTPSettings, largest: Int = HTTPLimits.index) {
        self.settings = settings
        let origin = HTTPOrigin(base)
        self.origin = origin
        if let token = settings.tokens.token(for: base) {
            authorization = "Bearer \(token)"
        } else if let user = base.user, origin?.mayCarryCredentials == true {
            let password = base.password ?? ""
            let pair = "\(user.removingPercentEncoding ?? user):\(password.removingPercentEncoding ?? password)"
            authorization = "Basic \(Data(pair.utf8).base64EncodedString())"
        } else {
            authorization = nil
        }
        if authorization == nil, !settings.tokens.isEmpty, let origin {
            tokenHint =
                origin.mayCarryCredentials
                ? "a CDN token is set but not for this origin: add \(origin.string) to COMPOSE_CDN_TOKEN_HOST, or set COMPOSE_CDN_TOKEN_\(origin.environmentSpelling)"
                : "no token is sent over plain http to another machine: use https"
        } else {
            tokenHint = nil
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let bundle = settings.extraTrustRoots {
            tls.additionalTrustRoots = [.file(bundle)]
        }
        let seconds = { (value: TimeInterval) in TimeAmount.milliseconds(Int64(max(value, 0.001) * 1000)) }
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            timeout: .init(connect: seconds(settings.timeout), read: seconds(settings.timeout)),
            decompression: .enabled(limit: .size(largest)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = CDNSpecRepository.prefetchWidth
        // Connection attempts are retried by `get` alone, with its backoff: AsyncHTTPClient's own
        // retries would keep a refused connection or an untrusted certificate waiting until the
        // connect timeout (30 s) before `get` even saw the error.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = AsyncHTTPClient.HTTPClient(
            eventLoopGroup: .singletonMultiThreadedEventLoopGroup, configuration: configuration)
    }

    deinit {
        try? client.syncShutdown()
    }

    /// `url` without its user and password, for messages and cache keys.
    package static func display(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        parts.user = nil
        parts.password = nil
        return parts.string ?? url.absoluteString
    }

    /// GETs `url`: 200 with its body, 304 when `etag` still matches, 404 when missing. Retries 5xx
    /// and connection errors; throws `.unreachable`, `.status` or `.tooLarge` naming the URL after the
    /// last try. A body over `limit` bytes (decoded) or past the deadline is not retried. With
    /// `secureOnly`, no request goes to plain http on another machine, a redirect's target included
    /// (a file whose bytes a network in between must not be able to change: a podspec named by URL).
    package func get(
        _ url: URL, etag: String? = nil, limit: Int = HTTPLimits.index, secureOnly: Bool = false
    ) throws(HTTPSourceError) -> Response {
        let shown = Self.display(url)
        var attempt = 0
        while true {
            let outcome = follow(url, etag: etag, limit: limit, secureOnly: secureOnly)
            switch outcome {
            case .success(let response)
            where response.status == 200 || response.status == 304 || response.status == 404:
                return response
            case .success(let response) where response.status < 500:
                throw .status(url: shown, code: response.status, tokenHint: tokenHint)
            case .success(let response):
                if attempt >= settings.retries { throw .status(url: shown, code: response.status) }
            case .tooLarge:
                throw .tooLarge(url: shown, limit: limit)
            case .refused(let message):
                throw .refused(url: shown, message: message)
            case .final(let message):
                throw .unreachable(url: shown, message: message)
            case .failure(let message):
                if attempt >= settings.retries { throw .unreachable(url: shown, message: message) }
            }
            Thread.sleep(forTimeInterval: settings.backoff * Double(1 << attempt))
            attempt += 1
        }
    }

    private enum Outcome {
        case success(Response)
        /// Worth another try: no connection, a connection lost.
        case failure(String)
        /// Not worth another try: a deadline passed, a redirect refused.
        case final(String)
        case tooLarge
        /// Against a rule of the request (`secureOnly`): not worth another try, and no reason to
        /// use a cached copy as if the server were away.
        case refused(String)
    }

    /// One attempt, following up to 5 redirects; credentials only while on the origin.
    private func follow(_ start: URL, etag: String?, limit: Int, secureOnly: Bool) -> Outcome {
        var url = start
        let startsSecure = start.scheme?.lowercased() == "https"
        for _ in 0...5 {
            if secureOnly, HTTPOrigin(url)?.mayCarryCredentials != true {
                return .refused(
                    "a redirect to plain http on another machine (\(Self.bounded(Self.display(url)))) was refused")
            }
            var parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
            parts?.user = nil
            parts?.password = nil
            guard let target = parts?.url,
                let request = try? AsyncHTTPClient.HTTPClient.Request(url: target.absoluteString, method: .GET)
            else { return .final("not a valid URL") }
            var headers = request.headers
            headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            headers.replaceOrAdd(name: "User-Agent", value: ComposeVersion.userAgent)
            if let etag { headers.add(name: "If-None-Match", value: etag) }
            if let authorization, let origin, HTTPOrigin(target) == origin {
                headers.add(name: "Authorization", value: authorization)
            }
            var sent = request
            sent.headers = headers
            let accumulator = LimitedBody(limit: limit)
            let task = client.execute(
                request: sent, delegate: accumulator,
                deadline: .now() + .milliseconds(Int64(max(settings.deadline, 0.001) * 1000)))
            let head: HTTPResponseHead
            let body: Data
            do {
                (head, body) = try task.wait()
            } catch is LimitedBody.TooLarge {
                return .tooLarge
            } catch {
                return Self.outcome(of: error, trustRoots: settings.extraTrustRoots)
            }
            let status = Int(head.status.code)
            if (300..<400).contains(status) && status != 304 {
                guard let location = head.headers.first(name: "Location"),
                    let next = URL(string: location, relativeTo: target)?.absoluteURL
                else { return .final("a redirect (\(status)) without a Location") }
                guard let scheme = next.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
                    return .final("a redirect to \(Self.bounded(next.absoluteString))")
                }
                if startsSecure && scheme == "http" {
                    return .final("a redirect from https to plain http (\(Self.bounded(Self.display(next)))), refused")
                }
                url = next
                continue
            }
            return .success(Response(status: status, body: body, etag: head.headers.first(name: "ETag")))
        }
        return .final("more than 5 redirects")
    }

    private static func outcome(of error: Error, trustRoots: String?) -> Outcome {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded:
                return .final("the answer did not arrive within COMPOSE_NETWORK_DEADLINE")
            case .readTimeout:
                return .failure("no answer within the time limit")
            case .connectTimeout:
                return .failure("no connection within the time limit")
            case .remoteConnectionClosed:
                return .failure("the connection was lost")
            default:
                break
            }
        }
        if let problem = tlsProblem(error, trustRoots: trustRoots) { return .final(problem) }
        if let error = error as? NIOHTTPDecompression.DecompressionError {
            // The client-wide decoding limit is the largest of the limits its requests pass.
            if error == .limit { return .tooLarge }
            return .final("a compressed answer that does not decode")
        }
        let text = String(describing: error)
        if text.contains("ECONNREFUSED") || text.lowercased().contains("connection refused") {
            return .failure("connection refused")
        }
        if text.contains("NXDOMAIN") || text.contains("unknownHost") || text.contains("getaddrinfo") {
            return .failure("unknown host")
        }
        return .failure(bounded(String(describing: error)))
    }

    /// What a TLS failure means to a user, and what to do; nil for any other error. Not worth another
    /// try: a certificate does not become trusted by asking again.
    private static func tlsProblem(_ error: Error, trustRoots: String?) -> String? {
        let trust =
            "if your company's certificate authority signed it, set COMPOSE_CA_BUNDLE to a PEM file of that certificate"
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return "the server's TLS certificate is not for this host, refused"
        }
        guard let error = error as? NIOSSLError else { return nil }
        switch error {
        case .handshakeFailed(let reason):
            let text = String(describing: reason)
            if text.contains("CERTIFICATE_VERIFY_FAILED") {
                return "the server's TLS certificate is not signed by a trusted authority, refused; \(trust)"
            }
            return "the TLS handshake failed (\(bounded(text)))"
        case .failedToLoadCertificate, .noSuchFilesystemObject:
            return
                "COMPOSE_CA_BUNDLE or SSL_CERT_FILE (\(bounded(trustRoots ?? "?"))) is not a readable PEM file of certificates; fix the path or the file"
        default:
            return "a TLS error (\(bounded(String(describing: error))))"
        }
    }

    /// `text` cut to `HTTPLimits.messageLength` characters, control characters shown as `?`.
    static func bounded(_ text: String) -> String {
        let clean = String(
            text.unicodeScalars.prefix(HTTPLimits.messageLength).map {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : Character($0)
            })
        return text.unicodeScalars.count > HTTPLimits.messageLength ? clean + "…" : clean
    }
}

/// Collects a body up to `limit` bytes; the request fails with `TooLarge` at the first byte over it
/// (or at once, when the head announces a larger Content-Length).
private final class LimitedBody: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = (HTTPResponseHead, Data)

    struct TooLarge: Error {}

    // Touched only on the request's event loop, one callback at a time.
    private let limit: Int
    private var head: HTTPResponseHead?
    private var body = Data()

    init(limit: Int) { self.limit = limit }

    func didReceiveHead(task: AsyncHTTPClient.HTTPClient.Task<Response>, _ head: HTTPResponseHead)
        -> EventLoopFuture<Void>
    {
        self.head = head
        // A Content-Length names the encoded size; over the limit it cannot decode to less.
        if head.headers.first(name: "Content-Encoding") == nil,
            let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit
        {
            return task.eventLoop.makeFailedFuture(TooLarge())
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: AsyncHTTPClient.HTTPClient.Task<Response>, _ buffer: ByteBuffer)
        -> EventLoopFuture<Void>
    {
        guard body.count + buffer.readableBytes <= limit else {
            body = Data()
            return task.eventLoop.makeFailedFuture(TooLarge())
        }
        buffer.withUnsafeReadableBytes { body.append(contentsOf: $0) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: AsyncHTTPClient.HTTPClient.Task<Response>) throws -> Response {
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        return (head, body)
    }
}
