import Foundation

/// A TCP connection to 127.0.0.1 made with plain system calls: a client that sends what a test says
/// and reads only when told to (so it can be a client that reads nothing), every wait bounded.
package final class RawConnection: @unchecked Sendable {
    package let descriptor: Int32

    /// Connects to 127.0.0.1:`port`. With `wait`, up to `seconds` for the connection to be made
    /// (thrown when it is not); without, the connection is begun and left to complete on its own.
    package init(port: Int, wait: Bool = true, seconds: Double = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard wait, result != 0 else { return }
        guard errno == EINPROGRESS, poll(events: Int16(POLLOUT), seconds: seconds) else {
            close(descriptor)
            throw POSIXError(.ETIMEDOUT)
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    /// Whether `events` happen within `seconds`.
    private func poll(events: Int16, seconds: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let ready = Foundation.poll(&entry, 1, left)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    /// Sends all of `text` (up to `seconds` for the peer to take it); whether it was all sent.
    @discardableResult
    package func send(_ text: String, seconds: Double = 10) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes {
                Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                sent += n
            } else if n < 0, errno == EAGAIN || errno == EINTR, poll(events: Int16(POLLOUT), seconds: seconds) {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Reads until `count` bytes came, the peer closed, or `seconds` passed.
    package func read(upTo count: Int = .max, seconds: Double) -> Data {
        var received = Data()
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while received.count < count, poll(events: Int16(POLLIN), seconds: deadline.timeIntervalSinceNow) {
            let n = recv(descriptor, &buffer, min(buffer.count, count - received.count), 0)
            if n > 0 {
                received.append(contentsOf: buffer[..<n])
            } else if n < 0, errno == EAGAIN || errno == EINTR {
                continue
            } else {
                break
            }
        }
        return received
    }

    /// Reads one answer on a connection kept alive: its header block, then as many bytes of body as
    /// its Content-Length says (none for HEAD), within `seconds`; nil when it did not all come.
    package func readAnswer(head: Bool = false, seconds: Double) -> RawAnswer? {
        let deadline = Date().addingTimeInterval(seconds)
        var received = Data()
        while Date() < deadline {
            if let answer = RawAnswer(received) {
                let length = head ? 0 : Int(answer.header("content-length") ?? "0") ?? 0
                if answer.body.count >= length { return answer }
            }
            guard poll(events: Int16(POLLIN), seconds: deadline.timeIntervalSinceNow) else { return nil }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let n = recv(descriptor, &buffer, buffer.count, 0)
            if n > 0 {
                received.append(contentsOf: buffer[..<n])
            } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                return nil
            }
        }
        return nil
    }

    /// Whether the peer closed the connection within `seconds` (what it sent before is discarded).
    package func waitForClose(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while poll(events: Int16(POLLIN), seconds: deadline.timeIntervalSinceNow) {
            let n = recv(descriptor, &buffer, buffer.count, 0)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { return true }
        }
        return false
    }
}

/// One HTTP/1.1 answer as read off a socket: status, headers (names lower-cased, in order, repeated
/// ones kept) and body.
package struct RawAnswer: Sendable {
    package let status: Int
    package let headers: [(name: String, value: String)]
    package let body: Data

    package func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The answer at the start of `data` (a whole response, read to the connection's end); nil when
    /// `data` holds no complete header block.
    package init?(_ data: Data) {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        body = data[end.upperBound...]
    }
}

/// Sends `method target` with `headers` on a new connection to 127.0.0.1:`port` (`Connection:
/// close`) and reads the answer to its end, within `seconds`; nil when none came.
package func rawRequest(
    port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:], seconds: Double = 30
) -> RawAnswer? {
    guard let connection = try? RawConnection(port: port, seconds: seconds) else { return nil }
    var fields = headers
    if fields["Host"] == nil { fields["Host"] = "127.0.0.1:\(port)" }
    let lines = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
    guard connection.send("\(method) \(target) HTTP/1.1\r\n\(lines)Connection: close\r\n\r\n") else { return nil }
    return RawAnswer(connection.read(seconds: seconds))
}

/// A figure of /proc/PID/status in kB (`VmRSS`, `VmHWM`, …); nil when it cannot be read.
package func processStatus(_ pid: Int32, _ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
    }
    return nil
}

/// The CPU time (user and system) process `pid` has used, in seconds; nil when it cannot be read.
package func processCPUSeconds(_ pid: Int32) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return nil }
    // After the command's name: state is field 3, utime 14, stime 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
