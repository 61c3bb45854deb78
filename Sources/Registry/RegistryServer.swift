import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SpecRepos

/// How `compose registry serve` listens, and what it asks of a client.
package struct RegistryServerOptions: Sendable {
    /// The address to listen on and its port (0: a free one).
    package var host: String
    package var port: Int
    /// The registry's public base URL, for the `Link` headers of alternate manifests; nil: the
    /// address the client connected to. Never taken from the request's `Host`.
    package var publicURL: String?
    /// The secret every request must carry (`Authorization: Bearer TOKEN`, or Basic with TOKEN as
    /// the password); nil: none asked.
    package var token: String?
    /// Seconds a connection may go without receiving a request or sending a part of an answer.
    package var idleTimeout: Double
    /// Connections open at once; those accepted beyond are closed at once.
    package var maxConnections: Int
    /// Where the server says something an operator should know (the connection cap reached).
    package var log: @Sendable (String) -> Void

    package init(
        host: String = "127.0.0.1", port: Int = 0, publicURL: String? = nil, token: String? = nil,
        idleTimeout: Double = 30, maxConnections: Int = 128, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.token = token
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.log = log
    }

    /// Whether `host` is a loopback address or name: serving there reaches this machine alone.
    package static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// `compose registry serve`: an HTTP/1.1 server (SwiftNIO) answering SwiftPM from the files of a
/// registry export, by `RegistryAnswer`'s rules. GET and HEAD only; nothing is written.
///
/// Bounded whatever clients do: files are streamed from disk in `chunk`-sized regions (sendfile),
/// the next region written when the last is sent, so an answer costs no memory beyond its file
/// descriptor; one answer at a time per connection (NIO's pipeline handler holds pipelined
/// requests and stops reading until the answer's end is written, which waits for its last byte);
/// no reading while the write buffer is above its high-water mark; a connection idle for
/// `idleTimeout` (no request read, no region sent) is closed; at most `maxConnections` at once;
/// `accept` failing (no descriptor left) backs off for a second instead of spinning.
package final class RegistryServer: Sendable {
    /// The port it listens on (the one the system chose when asked for 0).
    package let port: Int
    package let host: String
    private let channel: any Channel

    /// How much of a file one write hands to the kernel.
    static let chunk = 256 * 1024

    private init(channel: any Channel, host: String, port: Int) {
        self.channel = channel
        self.host = host
        self.port = port
    }

    /// Listens on `host:port` (0: a free port), answering from the export in `root`.
    package static func start(root: URL, host: String = "127.0.0.1", port: Int = 0) async throws -> RegistryServer {
        try await start(root: root, options: RegistryServerOptions(host: host, port: port))
    }

    /// Listens as `options` say, answering from the export in `root`.
    package static func start(root: URL, options: RegistryServerOptions) async throws -> RegistryServer {
        let gate = ConnectionGate(limit: max(1, options.maxConnections), log: options.log)
        let settings = ServingSettings(root: root, options: options)
        let idle = TimeAmount.nanoseconds(Int64(max(0.05, options.idleTimeout) * 1e9))
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    // `accept` failing (EMFILE, ENFILE, ENOBUFS) waits a second before the next try.
                    try channel.pipeline.syncOperations.addHandler(AcceptBackoffHandler())
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            // Pipelined requests beyond the one answered wait in the socket, not here: NIO's pipeline
            // handler stops reading once it holds one, and a read takes at most 16 KiB at a time.
            .childChannelOption(ChannelOptions.maxMessagesPerRead, value: 1)
            .childChannelOption(
                ChannelOptions.recvAllocator,
                value: AdaptiveRecvByteBufferAllocator(minimum: 1024, initial: 4096, maximum: 16 * 1024)
            )
            .childChannelOption(
                ChannelOptions.writeBufferWaterMark, value: .init(low: 64 * 1024, high: 2 * RegistryServer.chunk)
            )
            .childChannelInitializer { channel in
                // Beyond the cap: a failed initializer closes the accepted socket at once.
                guard gate.admit() else { return channel.eventLoop.makeFailedFuture(ConnectionRefused()) }
                channel.closeFuture.whenComplete { _ in gate.release() }
                return channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(IdleStateHandler(allTimeout: idle))
                    try pipeline.addHandler(BackPressureHandler())
                    try pipeline.configureHTTPServerPipeline()
                    try pipeline.addHandler(RegistryHandler(settings: settings, local: channel.localAddress))
                }
            }
        let channel = try await bootstrap.bind(host: options.host, port: options.port).get()
        return RegistryServer(channel: channel, host: options.host, port: channel.localAddress?.port ?? options.port)
    }

    /// `http://host:port`.
    package var url: String { Self.url(host: host, port: port) }

    static func url(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// Returns when the server stops.
    package func wait() async throws {
        try await channel.closeFuture.get()
    }

    package func stop() async {
        try? await channel.close()
    }
}

private struct ConnectionRefused: Error {}

/// The count of open connections against the cap, and the log line when the cap is reached: once
/// when refusals begin, then at most every 10 seconds while they go on, with the count refused.
private final class ConnectionGate: @unchecked Sendable {
    private struct State {
        var open = 0
        var refused = 0
        var lastLog: NIODeadline?
    }

    /// Guarded by `lock`.
    private var state = State()
    private let lock = NSLock()
    private let limit: Int
    private let log: @Sendable (String) -> Void

    init(limit: Int, log: @escaping @Sendable (String) -> Void) {
        self.limit = limit
        self.log = log
    }

    func admit() -> Bool {
        let (admitted, message): (Bool, String?) = lock.withLock {
            if state.open < limit {
                state.open += 1
                return (true, nil)
            }
            state.refused += 1
            let now = NIODeadline.now()
            if let last = state.lastLog, now - last < .seconds(10) { return (false, nil) }
            state.lastLog = now
            return (
                false,
                "\(limit) connections are open, the most allowed (--max-connections): new ones are closed at once "
                    + "until some end (\(state.refused) refused so far)."
            )
        }
        if let message { log(message) }
        return admitted
    }

    func release() {
        lock.withLock {
            state.open -= 1
            // Below the cap again: the next refusal begins a new burst and is told at once.
            if state.open < limit - limit / 8 { state.lastLog = nil }
        }
    }
}

/// What every connection's handler reads: the export, the public URL, the secret, the hosts a
/// request may name.
private struct ServingSettings: Sendable {
    let root: URL
    let publicURL: String?
    let credential: RegistryCredential?
    /// Host names (lower-cased) a request without credentials may name besides IP literals and
    /// localhost: the listening address's and the public URL's.
    let hostNames: Set<String>

    init(root: URL, options: RegistryServerOptions) {
        self.root = root
        publicURL = options.publicURL
        credential = options.token.map(RegistryCredential.init(token:))
        var names: Set<String> = ["localhost", options.host.lowercased()]
        if let host = options.publicURL.flatMap({ URLComponents(string: $0)?.host }) {
            names.insert(host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")))
        }
        hostNames = names
    }
}

/// The registry's secret, kept as its SHA-256 and compared in constant time.
package struct RegistryCredential: Sendable {
    private let digest: [UInt8]

    package init(token: String) {
        digest = Array(SHA256.hash(data: Data(token.utf8)))
    }

    /// Whether an `Authorization` header carries the secret: `Bearer TOKEN` (what `swift
    /// package-registry login --token` makes SwiftPM send) or `Basic base64(USER:TOKEN)` (`login
    /// --username USER --password TOKEN`, curl's `-u`, a netrc entry), any user.
    package func accepts(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return false }
        let offered: String
        switch parts[0].lowercased() {
        case "bearer":
            offered = parts[1]
        case "basic":
            guard let decoded = Data(base64Encoded: parts[1]), let pair = String(data: decoded, encoding: .utf8),
                let colon = pair.firstIndex(of: ":")
            else { return false }
            offered = String(pair[pair.index(after: colon)...])
        default:
            return false
        }
        let candidate = Array(SHA256.hash(data: Data(offered.utf8)))
        var difference: UInt8 = 0
        for (left, right) in zip(candidate, digest) { difference |= left ^ right }
        return difference == 0
    }
}

/// One connection: a request at a time, its answer written whole (a file region by region) before
/// NIO's pipeline handler hands over the next.
private final class RegistryHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let settings: ServingSettings
    private let base: String
    private var head: HTTPRequestHead?

    init(settings: ServingSettings, local: SocketAddress?) {
        self.settings = settings
        base =
            settings.publicURL
            ?? RegistryServer.url(host: local?.ipAddress ?? "127.0.0.1", port: local?.port ?? 0)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        var answer = admission(of: head)
        if answer == nil, head.method == .POST, head.uri.split(separator: "?").first == "/login" {
            // SE-0378's login: credentials that got this far are good.
            answer = RegistryAnswer(status: 200, headers: [("Content-Version", "1")], body: Data())
        }
        let chosen =
            answer
            ?? RegistryAnswer.answer(method: head.method.rawValue, target: head.uri, root: settings.root, base: base)
        switch chosen.body {
        case .bytes(let bytes):
            write(chosen, bytes, to: head, context: context)
        case .file(let path):
            guard let (handle, size) = Self.openRegularFile(path) else {
                // No descriptor left is not "no such release": SwiftPM would take a 404 as final.
                var refusal =
                    [EMFILE, ENFILE].contains(errno)
                    ? RegistryAnswer.problem(
                        503, "Service Unavailable", "The registry has no file descriptor left; try again shortly.")
                    : RegistryAnswer.notFound(settings.root)
                if refusal.status == 503 { refusal.headers.append(("Retry-After", "1")) }
                if case .bytes(let bytes) = refusal.body { write(refusal, bytes, to: head, context: context) }
                return
            }
            context.write(wrapOutboundOut(.head(response(head, chosen, length: size))), promise: nil)
            if head.method == .HEAD || size == 0 {
                try? handle.close()
                finish(context: context, keepAlive: head.isKeepAlive)
            } else {
                send(handle, from: 0, size: size, keepAlive: head.isKeepAlive, context: context)
            }
        }
    }

    /// `answer`, whose body is `bytes`, to `head`.
    private func write(
        _ answer: RegistryAnswer, _ bytes: Data, to head: HTTPRequestHead, context: ChannelHandlerContext
    ) {
        context.write(wrapOutboundOut(.head(response(head, answer, length: bytes.count))), promise: nil)
        if head.method != .HEAD, !bytes.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
        }
        finish(context: context, keepAlive: head.isKeepAlive)
    }

    private func response(_ head: HTTPRequestHead, _ answer: RegistryAnswer, length: Int) -> HTTPResponseHead {
        var headers = HTTPHeaders(answer.headers)
        headers.add(name: "Content-Length", value: "\(length)")
        if !head.isKeepAlive { headers.add(name: "Connection", value: "close") }
        return HTTPResponseHead(
            version: head.version, status: HTTPResponseStatus(statusCode: answer.status), headers: headers)
    }

    /// Nil when the request may be answered; otherwise the refusal: 401 without the secret, 421 for a
    /// host name this registry is not (a DNS name rebound to this address by a web page).
    private func admission(of head: HTTPRequestHead) -> RegistryAnswer? {
        if let credential = settings.credential {
            guard credential.accepts(head.headers.first(name: "Authorization")) else {
                var refusal = RegistryAnswer.problem(
                    401, "Unauthorized",
                    "This registry needs its token, sent as Authorization: Bearer TOKEN (swift package-registry login "
                        + "https://… --token TOKEN) or as the password of Basic authentication.")
                // Bearer alone: SwiftPM 6.3 on Linux (URLSession) waits forever on a 401 that offers
                // Basic, and passes on this one's detail.
                refusal.headers.append(("WWW-Authenticate", "Bearer realm=\"compose registry\""))
                return refusal
            }
            return nil
        }
        guard let host = head.headers.first(name: "Host") else { return nil }
        guard let name = Self.hostName(host) else {
            return RegistryAnswer.problem(400, "Bad Request", "The Host header is not a host name or address.")
        }
        if settings.hostNames.contains(name) || Self.isAddressLiteral(name) { return nil }
        return RegistryAnswer.problem(
            421, "Misdirected Request",
            "This registry does not answer for that host name. Give its name with --url, or serve with a token.")
    }

    /// The host of a `Host` header, lower-cased, without port or brackets; nil when it is malformed.
    static func hostName(_ header: String) -> String? {
        let value = header.lowercased()
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let address = value[value.index(after: value.startIndex)..<close]
            let rest = value[value.index(after: close)...]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
                rest.isEmpty
                    || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCII) && Int(rest.dropFirst()) != nil)
            else { return nil }
            return String(address)
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let name = parts.first, !name.isEmpty,
            name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }),
            parts.count == 1 || Int(parts[1]) != nil
        else { return nil }
        return String(name)
    }

    /// An IPv4 or IPv6 address: no DNS name, so nothing a web page could rebind.
    static func isAddressLiteral(_ name: String) -> Bool {
        if name.contains(":") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The regular file at `path`, opened without following a link, and its size; nil with `errno` set
    /// when there is none or it cannot be opened.
    static func openRegularFile(_ path: String) -> (NIOFileHandle, Int)? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            errno = ENOENT
            return nil
        }
        return (NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor), Int(status.st_size))
    }

    /// Writes `handle` from `offset` to `size`, a region at a time, each once the last is sent; then
    /// the answer's end. A failed write (the client left, the idle timeout) closes the file.
    private func send(
        _ handle: NIOFileHandle, from offset: Int, size: Int, keepAlive: Bool, context: ChannelHandlerContext
    ) {
        let end = min(size, offset + RegistryServer.chunk)
        let region = FileRegion(fileHandle: handle, readerIndex: offset, endIndex: end)
        context.writeAndFlush(wrapOutboundOut(.body(.fileRegion(region)))).assumeIsolated().whenComplete { result in
            switch result {
            case .success where end < size:
                self.send(handle, from: end, size: size, keepAlive: keepAlive, context: context)
            case .success:
                try? handle.close()
                self.finish(context: context, keepAlive: keepAlive)
            case .failure:
                try? handle.close()
                context.close(promise: nil)
            }
        }
    }

    private func finish(context: ChannelHandlerContext, keepAlive: Bool) {
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            if !keepAlive { context.close(promise: nil) }
        }
    }
}
