import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// nginx serving `root` on 127.0.0.1 at a free port, with a generated configuration whose pid file,
/// logs and temporary folders all live in a temporary folder (no root paths). `requests()` reads
/// its access log: one `METHOD PATH STATUS` line per request. Stop it with `stop()` (also on failure:
/// `defer`).
///
/// With `https`, nginx listens with TLS, presenting a self-signed certificate for 127.0.0.1 and
/// localhost that `openssl` made for this server alone (`certificate`, a PEM file to trust).
/// `directives` are added to the `server` block as written (`return 302 …`, `if (…) { return 401; }`).
package final class NginxServer: @unchecked Sendable {
    package let port: Int
    package let root: URL
    package let folder: TemporaryDirectory
    /// The server's certificate (PEM) in https mode, nil otherwise.
    package let certificate: URL?
    private let process: Process

    package init(root: URL, https: Bool = false, directives: String = "") throws {
        self.root = root
        folder = try TemporaryDirectory("nginx")
        var tls = ""
        if https {
            let certificate = folder.url.appendingPathComponent("certificate.pem")
            let key = folder.url.appendingPathComponent("key.pem")
            try runTool(
                "openssl",
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", key.path, "-out", certificate.path, "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                ], in: folder.url)
            self.certificate = certificate
            tls = " ssl;\n        ssl_certificate \(certificate.path);\n        ssl_certificate_key \(key.path)"
        } else {
            certificate = nil
        }
        for name in ["body", "proxy", "fastcgi", "uwsgi", "scgi"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent("tmp/\(name)"), withIntermediateDirectories: true)
        }
        var lastPort = 0
        for _ in 0..<5 {
            let port = try freePort()
            lastPort = port
            let dir = folder.path
            let config = """
                daemon off;
                master_process off;
                worker_processes 1;
                pid \(dir)/nginx.pid;
                error_log \(dir)/error.log;
                events { worker_connections 256; }
                http {
                    log_format compose '$request_method $uri $status';
                    access_log \(dir)/access.log compose;
                    client_body_temp_path \(dir)/tmp/body;
                    proxy_temp_path \(dir)/tmp/proxy;
                    fastcgi_temp_path \(dir)/tmp/fastcgi;
                    uwsgi_temp_path \(dir)/tmp/uwsgi;
                    scgi_temp_path \(dir)/tmp/scgi;
                    types { application/json json; text/plain txt yml; }
                    default_type application/octet-stream;
                    server {
                        listen 127.0.0.1:\(port)\(tls);
                        root \(root.path);
                        etag on;
                        \(directives)
                    }
                }

                """
            let configFile = folder.url.appendingPathComponent("nginx.conf")
            try config.write(to: configFile, atomically: true, encoding: .utf8)
            if let process = try startListening(
                URL(fileURLWithPath: "/usr/sbin/nginx"), ["-p", dir, "-e", "\(dir)/error.log", "-c", configFile.path],
                port: port)
            {
                self.port = port
                self.process = process
                return
            }
        }
        let log = (try? String(contentsOf: folder.url.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw ServerFailure(message: "nginx did not listen on 127.0.0.1:\(lastPort): \(log)")
    }

    /// `http://127.0.0.1:PORT/`, or `https://…` in https mode.
    package var url: String { "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)/" }

    /// The requests served so far, `METHOD PATH STATUS` each. nginx logs a request after sending its
    /// answer, so a marker request is made first and the log read once the marker is in it: every
    /// request answered before is then logged too (one worker handles events in order). The marker
    /// is plain HTTP even in https mode: nginx answers it 400 and logs it all the same.
    package func requests() -> [String] {
        let marker = "/compose-log-marker-\(UUID().uuidString)"
        let (socketFD, _) = (try? boundLoopbackSocket()) ?? (-1, 0)
        if socketFD >= 0 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if connected == 0 {
                let request = Array("GET \(marker) HTTP/1.0\r\n\r\n".utf8)
                _ = request.withUnsafeBytes { write(socketFD, $0.baseAddress, $0.count) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                while read(socketFD, &buffer, buffer.count) > 0 {}
            }
            close(socketFD)
        }
        // nginx writes the line as it closes the connection, so it is almost always there at once; a
        // busy machine may delay it, hence a deadline far above need rather than a count of turns.
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while true {
            let text = (try? String(contentsOf: folder.url.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
            lines = text.split(separator: "\n").map(String.init)
            if lines.contains(where: { $0.contains(marker) }) || Date() > deadline { break }
            usleep(10_000)
        }
        return lines.filter { !$0.contains("/compose-log-marker-") }
    }

    package func stop() {
        stopProcess(process)
        folder.remove()
    }

    deinit { stop() }
}

package struct ServerFailure: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// A tiny HTTP/1.1 server on 127.0.0.1 answering each request as `answer` says (one connection per
/// request), for what nginx cannot easily do: a 500 and then a success, a redirect to another host,
/// a server that accepts and never answers. `received` holds every request's head.
package final class ScriptedServer: @unchecked Sendable {
    package enum Answer: Sendable {
        case respond(status: Int, headers: [String: String], body: String)
        /// As `respond`, with bytes (a gzip body); a Content-Length in `headers` replaces the true one.
        case bytes(status: Int, headers: [String: String], body: Data)
        /// Read the request and never answer (until `stop()`).
        case stall
        /// A 200 whose chunked body never ends (64 KiB chunks, as fast as the client reads them).
        case endless
        /// A 200 announcing `length` bytes and sending one every `interval` seconds.
        case trickle(length: Int, interval: TimeInterval)
    }

    package let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var heads: [String] = []
    private var open: [Int32] = []
    private var stopped = false
    private let answer: @Sendable (_ index: Int, _ head: String) -> Answer

    package init(answer: @escaping @Sendable (_ index: Int, _ head: String) -> Answer) throws {
        self.answer = answer
        let (fd, port) = try boundLoopbackSocket()
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw ServerFailure(message: "could not listen on 127.0.0.1:\(port)")
        }
        listener = fd
        self.port = port
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    package var url: String { "http://127.0.0.1:\(port)/" }

    package var received: [String] {
        lock.lock()
        defer { lock.unlock() }
        return heads
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { return }
            var head = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !head.contains(Data("\r\n\r\n".utf8)) {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { break }
                head.append(contentsOf: buffer[0..<count])
            }
            let text = String(decoding: head, as: UTF8.self)
            lock.lock()
            let index = heads.count
            heads.append(text)
            let isStopped = stopped
            lock.unlock()
            if isStopped {
                close(connection)
                return
            }
            switch answer(index, text) {
            case .stall:
                lock.lock()
                open.append(connection)
                lock.unlock()
            case .respond(let status, let headers, let body):
                Self.send(connection, status: status, headers: headers, body: Data(body.utf8))
                close(connection)
            case .bytes(let status, let headers, let body):
                Self.send(connection, status: status, headers: headers, body: body)
                close(connection)
            case .endless:
                // One thread per endless answer, so that the server keeps accepting meanwhile.
                Thread {
                    let chunk = Data("10000\r\n".utf8) + Data(repeating: 0x61, count: 65536) + Data("\r\n".utf8)
                    if Self.send(connection, Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)) {
                        while Self.send(connection, chunk) {}
                    }
                    close(connection)
                }.start()
            case .trickle(let length, let interval):
                Thread {
                    if Self.send(connection, Data("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n".utf8)) {
                        for _ in 0..<length {
                            guard Self.send(connection, Data("x".utf8)) else { break }
                            Thread.sleep(forTimeInterval: interval)
                        }
                    }
                    close(connection)
                }.start()
            }
        }
    }

    /// Writes a whole answer; a Content-Length in `headers` replaces the true one.
    @discardableResult
    private static func send(_ connection: Int32, status: Int, headers: [String: String], body: Data) -> Bool {
        var reply = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "content-length" }) {
            reply += "Content-Length: \(body.count)\r\n"
        }
        for (key, value) in headers.sorted(by: { $0.key < $1.key }) { reply += "\(key): \(value)\r\n" }
        return send(connection, Data((reply + "\r\n").utf8) + body)
    }

    /// Writes all of `data`; false once the client has gone (no SIGPIPE).
    private static func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(
                    connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    package func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        let connections = open
        open = []
        lock.unlock()
        guard !wasStopped else { return }
        for connection in connections { close(connection) }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }
}
