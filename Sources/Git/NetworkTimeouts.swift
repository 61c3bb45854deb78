internal import CGit2
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How long a network operation may wait: for a connection to be made, and for the next byte
/// when connected. Every clone, fetch and push (https, http, git://, ssh) goes through libgit2's
/// standard socket stream, which compose replaces with one that applies these limits (libgit2 1.5
/// has no timeout options of its own). A stalled server fails the operation with `.timedOut`.
package struct NetworkTimeouts: Sendable, Equatable {
    /// Seconds to establish a TCP connection (per address tried).
    package var connect: Int
    /// Seconds without any byte received or sent once connected.
    package var idle: Int

    package static let defaultConnect = 30
    package static let defaultIdle = 120

    package init(connect: Int = NetworkTimeouts.defaultConnect, idle: Int = NetworkTimeouts.defaultIdle) {
        self.connect = max(1, connect)
        self.idle = max(1, idle)
    }

    /// `COMPOSE_NETWORK_TIMEOUT=SECONDS` sets both limits; otherwise 30 s to connect, 120 s idle.
    package static func fromEnvironment(_ environment: [String: String]) -> NetworkTimeouts {
        guard let text = environment["COMPOSE_NETWORK_TIMEOUT"], let seconds = Int(text), seconds > 0 else {
            return NetworkTimeouts()
        }
        return NetworkTimeouts(connect: seconds, idle: seconds)
    }

    /// Runs `body` (synchronous libgit2 work on this thread) with these limits instead of the
    /// process's (`process`).
    package func during<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[Self.threadKey]
        dictionary[Self.threadKey] = [connect, idle]
        defer { dictionary[Self.threadKey] = previous }
        return try body()
    }

    static let threadKey = "compose.network-timeouts"
    /// The limits of this process where no `during` is in force: the defaults until the CLI
    /// `configure`s them from the command's environment (`COMPOSE_NETWORK_TIMEOUT`).
    static var process: NetworkTimeouts { processLock.withLock { processValue } }
    nonisolated(unsafe) private static var processValue = NetworkTimeouts()
    private static let processLock = NSLock()

    /// Makes `timeouts` the limits of this process (see `process`).
    package static func configure(_ timeouts: NetworkTimeouts) {
        processLock.withLock { processValue = timeouts }
    }

    /// The limits in force on this thread.
    static var current: NetworkTimeouts {
        if let pair = Thread.current.threadDictionary[threadKey] as? [Int], pair.count == 2 {
            return NetworkTimeouts(connect: pair[0], idle: pair[1])
        }
        return process
    }

    /// The words of the error a timed-out operation reports; `RemoteContext` recognises them.
    static let marker = "COMPOSE_NETWORK_TIMEOUT"

    /// Registers the stream with libgit2 (once, from `Runtime`).
    static func register() {
        var registration = git_stream_registration(
            version: 1, init: { out, host, port in TimedSocket.create(out, host: host, port: port) }, wrap: nil)
        git_stream_register(GIT_STREAM_STANDARD, &registration)
    }
}

/// libgit2's `git_stream` followed by host, port and socket, laid out as libgit2's own socket stream
/// (`{ git_stream parent; char *host; char *port; int s; }`, streams/socket.h), because the ssh
/// transport reads the descriptor from there. The connect and idle seconds follow.
enum TimedSocket {
    static let hostOffset = (MemoryLayout<git_stream>.size + 7) & ~7
    static let portOffset = hostOffset + 8
    static let socketOffset = portOffset + 8
    static let connectOffset = socketOffset + 4
    static let idleOffset = socketOffset + 8
    static let watchOffset = socketOffset + 16
    static let size = watchOffset + 8

    static func create(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_stream>?>?, host: UnsafePointer<CChar>?,
        port: UnsafePointer<CChar>?
    ) -> Int32 {
        guard let out, let host, let port else { return -1 }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let stream = raw.bindMemory(to: git_stream.self, capacity: 1)
        stream.pointee.version = 1
        stream.pointee.encrypted = 0
        stream.pointee.proxy_support = 0
        stream.pointee.connect = { stream in TimedSocket.connect(stream!) }
        stream.pointee.read = { stream, buffer, length in TimedSocket.read(stream!, buffer, length) }
        stream.pointee.write = { stream, data, length, _ in TimedSocket.write(stream!, data, length) }
        stream.pointee.close = { stream in TimedSocket.close(stream!) }
        stream.pointee.free = { stream in TimedSocket.free(stream!) }
        let timeouts = NetworkTimeouts.current
        raw.storeBytes(of: Int32(-1), toByteOffset: socketOffset, as: Int32.self)
        raw.storeBytes(of: Int32(timeouts.connect), toByteOffset: connectOffset, as: Int32.self)
        raw.storeBytes(of: Int32(timeouts.idle), toByteOffset: idleOffset, as: Int32.self)
        raw.storeBytes(of: strdup(host), toByteOffset: hostOffset, as: UnsafeMutablePointer<CChar>?.self)
        raw.storeBytes(of: strdup(port), toByteOffset: portOffset, as: UnsafeMutablePointer<CChar>?.self)
        out.pointee = stream
        return 0
    }

    private static func field<T>(_ stream: UnsafeMutablePointer<git_stream>, _ offset: Int, _ type: T.Type) -> T {
        UnsafeMutableRawPointer(stream).load(fromByteOffset: offset, as: type)
    }

    private static func socket(_ stream: UnsafeMutablePointer<git_stream>) -> Int32 {
        field(stream, socketOffset, Int32.self)
    }

    private static func endpoint(_ stream: UnsafeMutablePointer<git_stream>) -> String {
        let host = field(stream, hostOffset, UnsafeMutablePointer<CChar>?.self).map { String(cString: $0) } ?? "?"
        let port = field(stream, portOffset, UnsafeMutablePointer<CChar>?.self).map { String(cString: $0) } ?? "?"
        return "\(host):\(port)"
    }

    private static func fail(_ message: String) -> Int32 {
        git_error_set_str(Int32(GIT_ERROR_NET.rawValue), message)
        return -1
    }

    static func connect(_ stream: UnsafeMutablePointer<git_stream>) -> Int32 {
        let seconds = field(stream, connectOffset, Int32.self)
        let idle = field(stream, idleOffset, Int32.self)
        guard let host = field(stream, hostOffset, UnsafeMutablePointer<CChar>?.self),
            let port = field(stream, portOffset, UnsafeMutablePointer<CChar>?.self)
        else { return fail("no host to connect to") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, port, &hints, &list)
        guard resolved == 0, let first = list else {
            return fail("cannot resolve \(endpoint(stream)): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var timedOut = false
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = Glibc.socket(
                address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            let flags = fcntl(descriptor, F_GETFL)
            _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
            var code = Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen)
            if code != 0 && errno == EINPROGRESS {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                var ready: Int32
                repeat { ready = poll(&poller, 1, seconds * 1000) } while ready < 0 && errno == EINTR
                if ready == 0 {
                    timedOut = true
                    lastError = "timed out"
                    Glibc.close(descriptor)
                    continue
                }
                var socketError: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
                code = socketError == 0 ? 0 : -1
                if socketError != 0 { errno = socketError }
            }
            guard code == 0 else {
                lastError = String(cString: strerror(errno))
                Glibc.close(descriptor)
                continue
            }
            _ = fcntl(descriptor, F_SETFL, flags)
            // Blocking from here on, with kernel limits on each wait (they hold for ssh's own reads too).
            var limit = timeval(tv_sec: Int(idle), tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            UnsafeMutableRawPointer(stream).storeBytes(of: descriptor, toByteOffset: socketOffset, as: Int32.self)
            let watch = SocketWatch(descriptor: descriptor, idle: Int(idle), endpoint: endpoint(stream))
            UnsafeMutableRawPointer(stream).storeBytes(
                of: Unmanaged.passRetained(watch).toOpaque(), toByteOffset: watchOffset,
                as: UnsafeMutableRawPointer?.self)
            return 0
        }
        if timedOut {
            return fail("could not connect to \(endpoint(stream)) within \(seconds) s (\(NetworkTimeouts.marker))")
        }
        return fail("cannot connect to \(endpoint(stream)): \(lastError)")
    }

    static func read(_ stream: UnsafeMutablePointer<git_stream>, _ buffer: UnsafeMutableRawPointer?, _ length: Int)
        -> Int
    {
        while true {
            let count = recv(socket(stream), buffer, length, 0)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return Int(idleFailure(stream, errno))
        }
    }

    static func write(_ stream: UnsafeMutablePointer<git_stream>, _ data: UnsafePointer<CChar>?, _ length: Int) -> Int {
        guard let data else { return 0 }
        var written = 0
        while written < length {
            let count = send(socket(stream), data + written, length - written, Int32(MSG_NOSIGNAL))
            if count >= 0 {
                written += count
                continue
            }
            if errno == EINTR { continue }
            return Int(idleFailure(stream, errno))
        }
        return written
    }

    private static func idleFailure(_ stream: UnsafeMutablePointer<git_stream>, _ code: Int32) -> Int32 {
        if code == EAGAIN || code == EWOULDBLOCK {
            let idle = field(stream, idleOffset, Int32.self)
            return fail("\(endpoint(stream)) sent nothing for \(idle) s (\(NetworkTimeouts.marker))")
        }
        return fail("\(endpoint(stream)): \(String(cString: strerror(code)))")
    }

    static func close(_ stream: UnsafeMutablePointer<git_stream>) -> Int32 {
        // The watch stops before the descriptor is closed, so it never touches a reused number.
        if let watch = field(stream, watchOffset, UnsafeMutableRawPointer?.self) {
            Unmanaged<SocketWatch>.fromOpaque(watch).takeRetainedValue().stop()
            UnsafeMutableRawPointer(stream).storeBytes(
                of: nil, toByteOffset: watchOffset, as: UnsafeMutableRawPointer?.self)
        }
        let descriptor = socket(stream)
        if descriptor >= 0 { Glibc.close(descriptor) }
        UnsafeMutableRawPointer(stream).storeBytes(of: Int32(-1), toByteOffset: socketOffset, as: Int32.self)
        return 0
    }

    static func free(_ stream: UnsafeMutablePointer<git_stream>) {
        _ = close(stream)
        Glibc.free(field(stream, hostOffset, UnsafeMutablePointer<CChar>?.self))
        Glibc.free(field(stream, portOffset, UnsafeMutablePointer<CChar>?.self))
        UnsafeMutableRawPointer(stream).deallocate()
    }
}

/// Where a watch that ended a connection leaves its words for the operation's thread (libssh2
/// reports such an end as a broken connection, not as a timeout).
final class TimeoutNote: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?

    var message: String? {
        lock.lock()
        defer { lock.unlock() }
        return text
    }

    func set(_ message: String) {
        lock.lock()
        text = message
        lock.unlock()
    }

    func clear() {
        lock.lock()
        text = nil
        lock.unlock()
    }

    static let threadKey = "compose.network-timeout-note"

    /// The note of this thread's network operations, made on first use.
    static var current: TimeoutNote? {
        let dictionary = Thread.current.threadDictionary
        if let note = dictionary[threadKey] as? TimeoutNote { return note }
        let note = TimeoutNote()
        dictionary[threadKey] = note
        return note
    }
}

/// Ends a connection on which nothing has been received for the idle limit: the kernel's
/// `SO_RCVTIMEO` covers libgit2's own reads, but libssh2 switches the socket to non-blocking and
/// waits in `poll` without a limit. Every 250 ms it reads `TCP_INFO`'s time since the last data
/// received and sent; past the limit on both, it shuts the socket down (the blocked `poll` returns)
/// and leaves the reason in the operation thread's `TimeoutNote`.
final class SocketWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var open = true
    private let timer: DispatchSourceTimer

    init(descriptor: Int32, idle: Int, endpoint: String) {
        self.descriptor = descriptor
        let note = TimeoutNote.current
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        let limit = UInt32(idle) * 1000
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.lock.lock()
            defer { self.lock.unlock() }
            guard self.open else { return }
            var info = tcp_info()
            var length = socklen_t(MemoryLayout<tcp_info>.size)
            guard getsockopt(self.descriptor, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return }
            if info.tcpi_last_data_recv >= limit && info.tcpi_last_data_sent >= limit {
                note?.set("\(endpoint) sent nothing for \(idle) s (\(NetworkTimeouts.marker))")
                shutdown(self.descriptor, Int32(SHUT_RDWR))
                self.open = false
            }
        }
        timer.resume()
    }

    /// Stops watching; after it returns the watch never touches the descriptor again.
    func stop() {
        lock.lock()
        open = false
        lock.unlock()
        timer.cancel()
    }
}
