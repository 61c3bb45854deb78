import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// `compose registry serve`: an HTTP/1.1 server (SwiftNIO) answering SwiftPM from the files of a
/// registry export, by `RegistryAnswer`'s rules. Keep-alive and pipelining as NIO's HTTP server
/// pipeline provides them; GET and HEAD only; nothing is written.
package final class RegistryServer: Sendable {
    /// The port it listens on (the one the system chose when asked for 0).
    package let port: Int
    package let host: String
    private let channel: any Channel

    private init(channel: any Channel, host: String, port: Int) {
        self.channel = channel
        self.host = host
        self.port = port
    }

    /// Listens on `host:port` (0: a free port), answering from the export in `root`.
    package static func start(root: URL, host: String = "127.0.0.1", port: Int = 0) async throws -> RegistryServer {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(RegistryHandler(root: root))
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        return RegistryServer(channel: channel, host: host, port: channel.localAddress?.port ?? port)
    }

    /// `http://host:port`.
    package var url: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// Returns when the server stops.
    package func wait() async throws {
        try await channel.closeFuture.get()
    }

    package func stop() async {
        try? await channel.close()
    }
}

private final class RegistryHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let root: URL
    private var head: HTTPRequestHead?

    init(root: URL) {
        self.root = root
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
            let host = head.headers.first(name: "Host") ?? "127.0.0.1"
            let answer = RegistryAnswer.answer(
                method: head.method.rawValue, target: head.uri, root: root, base: "http://\(host)")
            var headers = HTTPHeaders(answer.headers)
            headers.add(name: "Content-Length", value: "\(answer.body.count)")
            let keepAlive = head.isKeepAlive
            if !keepAlive { headers.add(name: "Connection", value: "close") }
            let response = HTTPResponseHead(
                version: head.version, status: HTTPResponseStatus(statusCode: answer.status), headers: headers)
            context.write(wrapOutboundOut(.head(response)), promise: nil)
            if head.method != .HEAD, !answer.body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
            }
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                if !keepAlive { bound.value.close(promise: nil) }
            }
        }
    }
}
