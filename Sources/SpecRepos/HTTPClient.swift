import Foundation
import Specs

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How compose talks HTTP: the time limit, the retries, and the credentials of an HTTP spec source.
package struct HTTPSettings: Sendable, Equatable {
    /// Seconds a request may wait for the server's next bytes (`COMPOSE_NETWORK_TIMEOUT`, default 30).
    package var timeout: TimeInterval
    /// Further attempts after a 5xx answer or a connection error (default 3; 4 tries in all).
    package var retries: Int
    /// The first wait between attempts, doubled each time (0.2 s, 0.4 s, 0.8 s).
    package var backoff: TimeInterval
    /// `COMPOSE_CDN_TOKEN`: sent as `Authorization: Bearer …`, only to the source's own host.
    package var token: String?
    /// Seconds a file cached from an HTTP source is used without asking the server
    /// (`COMPOSE_CDN_MAX_AGE`, default 600; `--repo-update` asks for every file).
    package var maxAge: TimeInterval

    package init(
        timeout: TimeInterval = 30, retries: Int = 3, backoff: TimeInterval = 0.2, token: String? = nil,
        maxAge: TimeInterval = 600
    ) {
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.token = token
        self.maxAge = maxAge
    }

    /// The settings from `COMPOSE_NETWORK_TIMEOUT` (seconds, a positive number), `COMPOSE_CDN_TOKEN`
    /// and `COMPOSE_CDN_MAX_AGE` (seconds).
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> HTTPSettings
    {
        var settings = HTTPSettings()
        if let text = environment["COMPOSE_NETWORK_TIMEOUT"], let seconds = TimeInterval(text), seconds > 0 {
            settings.timeout = seconds
        }
        if let token = environment["COMPOSE_CDN_TOKEN"], !token.isEmpty { settings.token = token }
        if let text = environment["COMPOSE_CDN_MAX_AGE"], let seconds = TimeInterval(text), seconds >= 0 {
            settings.maxAge = seconds
        }
        return settings
    }
}

/// What went wrong reading an HTTP spec source.
package enum HTTPSourceError: ComposeFailure, Equatable {
    /// No answer (connection refused, time limit, DNS…) after every retry.
    case unreachable(url: String, message: String)
    /// An answer that is not 200, 304 or 404 (after every retry for 5xx).
    case status(url: String, code: Int)
    /// A file of the protocol that does not read as the protocol says.
    case malformed(url: String, message: String)
    /// Not online and nothing cached for this file.
    case notCached(url: String)

    package var kind: FailureKind { .environment }

    package var description: String {
        switch self {
        case .unreachable(let url, let message):
            return
                "Could not reach \(url): \(message). Check the URL and your network; raise COMPOSE_NETWORK_TIMEOUT (seconds) on a slow link."
        case .status(let url, let code):
            let hint =
                code == 401 || code == 403
                ? "set COMPOSE_CDN_TOKEN or put user:password in the source URL" : "check the URL and the server"
            return "\(url) answered HTTP \(code); \(hint)."
        case .malformed(let url, let message):
            return
                "\(url) is not a CocoaPods CDN file: \(message). Check that the source URL points at a spec repo export (compose repo export)."
        case .notCached(let url):
            return "\(url) is not in the cache and the server could not be reached. Resolve once online."
        }
    }
}

/// A GET-only HTTP client over Foundation's URLSession: conditional requests (If-None-Match),
/// retries with backoff on 5xx answers and connection errors, a time limit, and credentials sent
/// only to the origin they belong to. Redirects are followed by hand (at most 5) so that an
/// `Authorization` header never follows a redirect to another host.
package final class HTTPClient: Sendable {
    /// One answer: its status (200, 304 or 404), body and ETag.
    package struct Response: Sendable {
        package let status: Int
        package let body: Data
        package let etag: String?
    }

    package let settings: HTTPSettings
    /// scheme://host:port of the source; credentials go only there.
    private let origin: String
    private let authorization: String?
    private let session: URLSession

    /// `base` may carry `user:password@`; it is removed from every request and sent as basic
    /// authentication to `base`'s origin only (a token in `settings` wins).
    package init(base: URL, settings: HTTPSettings) {
        self.settings = settings
        origin = Self.origin(of: base)
        if let token = settings.token {
            authorization = "Bearer \(token)"
        } else if let user = base.user {
            let password = base.password ?? ""
            let pair = "\(user.removingPercentEncoding ?? user):\(password.removingPercentEncoding ?? password)"
            authorization = "Basic \(Data(pair.utf8).base64EncodedString())"
        } else {
            authorization = nil
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.timeout
        configuration.timeoutIntervalForResource = settings.timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 8
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// `url` without its user and password, for messages and cache keys.
    package static func display(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        parts.user = nil
        parts.password = nil
        return parts.string ?? url.absoluteString
    }

    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// GETs `url`: 200 with its body, 304 when `etag` still matches, 404 when missing. Retries 5xx
    /// and connection errors; throws `.unreachable` or `.status` naming the URL after the last try.
    package func get(_ url: URL, etag: String? = nil) throws(HTTPSourceError) -> Response {
        let shown = Self.display(url)
        var attempt = 0
        while true {
            let outcome = follow(url, etag: etag)
            switch outcome {
            case .success(let response)
            where response.status == 200 || response.status == 304 || response.status == 404:
                return response
            case .success(let response) where response.status < 500:
                throw .status(url: shown, code: response.status)
            case .success(let response):
                if attempt >= settings.retries { throw .status(url: shown, code: response.status) }
            case .failure(let message):
                if attempt >= settings.retries { throw .unreachable(url: shown, message: message) }
            }
            Thread.sleep(forTimeInterval: settings.backoff * Double(1 << attempt))
            attempt += 1
        }
    }

    private enum Outcome {
        case success(Response)
        case failure(String)
    }

    /// One attempt, following up to 5 redirects; credentials only while on the origin.
    private func follow(_ start: URL, etag: String?) -> Outcome {
        var url = start
        for _ in 0...5 {
            var parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
            parts?.user = nil
            parts?.password = nil
            guard let target = parts?.url else { return .failure("not a valid URL") }
            var request = URLRequest(url: target)
            request.httpMethod = "GET"
            if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let authorization, Self.origin(of: target) == origin {
                request.setValue(authorization, forHTTPHeaderField: "Authorization")
            }
            let (data, response, error) = perform(request)
            if let error { return .failure(Self.describe(error)) }
            guard let http = response as? HTTPURLResponse else { return .failure("no HTTP answer") }
            if (300..<400).contains(http.statusCode) && http.statusCode != 304 {
                guard let location = http.value(forHTTPHeaderField: "Location"),
                    let next = URL(string: location, relativeTo: target)?.absoluteURL
                else { return .failure("a redirect (\(http.statusCode)) without a Location") }
                guard next.scheme == "https" || next.scheme == "http" else {
                    return .failure("a redirect to \(next.absoluteString)")
                }
                url = next
                continue
            }
            let tag = http.value(forHTTPHeaderField: "ETag")
            return .success(Response(status: http.statusCode, body: data ?? Data(), etag: tag))
        }
        return .failure("more than 5 redirects")
    }

    private func perform(_ request: URLRequest) -> (Data?, URLResponse?, Error?) {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set((data, response, error))
            done.signal()
        }
        task.resume()
        done.wait()
        return box.value ?? (nil, nil, nil)
    }

    private static func describe(_ error: Error) -> String {
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return "no answer within the time limit"
            case .cannotConnectToHost: return "connection refused"
            case .cannotFindHost: return "unknown host"
            case .networkConnectionLost: return "the connection was lost"
            default: break
            }
        }
        return error.localizedDescription
    }
}

/// Hands the 3xx answer back instead of following it, so `HTTPClient` decides where credentials go.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (Data?, URLResponse?, Error?)?

    func set(_ value: (Data?, URLResponse?, Error?)) {
        lock.lock()
        stored = value
        lock.unlock()
    }

    var value: (Data?, URLResponse?, Error?)? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
