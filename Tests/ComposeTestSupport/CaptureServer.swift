import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 for tests of what compose sends to a host: it logs every request
/// line and any `Authorization` and `User-Agent` header, and answers as told (401 asking for Basic credentials, a
/// redirect, or nothing at all: a stalled server that accepts and never answers). Stop it with `stop()`.
package final class CaptureServer: @unchecked Sendable {
    package enum Behaviour: Sendable {
        /// `401 Unauthorized` with `WWW-Authenticate: Basic`.
        case askForCredentials
        /// `302 Found` to this base URL plus the request's path.
        case redirect(to: String)
        /// Accept the connection and never answer.
        case stall
    }

    package struct Request: Sendable, Equatable {
        package let line: String
        package let authorization: String?
        package var userAgent: String? = nil
    }

    package let port: Int
    private let listener: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private let log = Observed([Request]())
    private var connections: [Int32] = []
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    package init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let port: Int
        do {
            port = try bindToLoopback(descriptor)
            guard listen(descriptor, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        } catch {
            close(descriptor)
            throw error
        }
        listener = descriptor
        self.port = port
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// `http://127.0.0.1:PORT/PATH`.
    package func url(_ path: String, host: String = "127.0.0.1") -> String { "http://\(host):\(port)/\(path)" }

    /// Every request received so far.
    package var requests: [Request] { log.value }

    /// Waits, on a thread of its own, until `count` requests have come (true) or `seconds` pass
    /// (false): the request is the event, nothing is polled.
    package func waitForRequests(_ count: Int = 1, seconds: Double = 300) async -> Bool {
        await log.wait(seconds: seconds) { $0.count >= count }
    }

    /// The `Authorization` headers received so far (none, when no credential was sent).
    package var authorizations: [String] { requests.compactMap(\.authorization) }

    package func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        let open = connections
        connections = []
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in open {
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
        done.wait()
    }

    deinit { stop() }

    private func serve() {
        defer { done.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                lock.lock()
                let isStopped = stopped
                lock.unlock()
                if isStopped || errno != EINTR { return }
                continue
            }
            lock.lock()
            connections.append(connection)
            lock.unlock()
            handle(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let head = String(decoding: received, as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let authorization = lines.first { $0.lowercased().hasPrefix("authorization:") }
            .map { String($0.dropFirst("authorization:".count)).trimmingCharacters(in: .whitespaces) }
        let userAgent = lines.first { $0.lowercased().hasPrefix("user-agent:") }
            .map { String($0.dropFirst("user-agent:".count)).trimmingCharacters(in: .whitespaces) }
        let requestLine = lines.first ?? ""
        log.update { $0.append(Request(line: requestLine, authorization: authorization, userAgent: userAgent)) }
        let response: String
        switch behaviour {
        case .stall:
            return  // keep the connection open, answer nothing; stop() closes it
        case .askForCredentials:
            response =
                "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"capture\"\r\n"
                + "Content-Length: 0\r\nConnection: close\r\n\r\n"
        case .redirect(let base):
            let path = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            response =
                "HTTP/1.1 302 Found\r\nLocation: \(base)\(path)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        }
        _ = response.withCString { write(connection, $0, strlen($0)) }
        lock.lock()
        connections.removeAll { $0 == connection }
        lock.unlock()
        shutdown(connection, Int32(SHUT_RDWR))
        close(connection)
    }
}

/// A listening socket on 127.0.0.1 whose accept queue is full and is never accepted from: a new
/// connection to it is never completed (the kernel drops the handshake), as with a host that does
/// not answer. Closed by `stop()`.
package final class UnansweredListener: @unchecked Sendable {
    package let port: Int
    private var descriptors: [Int32] = []

    package init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        descriptors.append(listener)
        port = try bindToLoopback(listener)
        guard listen(listener, 0) == 0 else { throw POSIXError(.EADDRINUSE) }
        // Fill the queue: these connections complete (queued) and later ones wait for a free slot.
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        for _ in 0..<4 {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            descriptors.append(client)
        }
        // The queue is full once a connection in it is complete (writable): wait for that event.
        var clients = descriptors.dropFirst().map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        let deadline = Date().addingTimeInterval(60)
        while poll(&clients, nfds_t(clients.count), Int32(max(0, deadline.timeIntervalSinceNow) * 1000)) < 0,
            errno == EINTR
        {}
    }

    package func stop() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    deinit { stop() }
}
