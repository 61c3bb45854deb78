// Usage: http-clients BASE-URL PATHS-FILE [RUNS]
// GETs every path of PATHS-FILE (one per line) from BASE-URL with URLSession and with
// AsyncHTTPClient, one at a time and 8 at a time, RUNS times each, and prints the median wall time
// of each way in milliseconds.
import AsyncHTTPClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 3, let base = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: http-clients BASE-URL PATHS-FILE [RUNS]\n".utf8))
    exit(64)
}
let paths = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map(String.init)
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
let urls = paths.map { base.appendingPathComponent($0) }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func time(_ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

let configuration = URLSessionConfiguration.ephemeral
configuration.httpMaximumConnectionsPerHost = 8
configuration.urlCache = nil
let session = URLSession(configuration: configuration)

func urlSessionGet(_ url: URL) async throws -> Int {
    let (data, _) = try await session.data(from: url)
    return data.count
}

let client = HTTPClient(eventLoopGroupProvider: .singleton)

func ahcGet(_ url: URL) async throws -> Int {
    let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 1 << 20)
    return body.readableBytes
}

func sequential(_ get: @escaping @Sendable (URL) async throws -> Int) async throws {
    for url in urls { _ = try await get(url) }
}

func concurrent(_ get: @escaping @Sendable (URL) async throws -> Int) async throws {
    try await withThrowingTaskGroup(of: Int.self) { group in
        var next = 0
        while next < min(8, urls.count) {
            let url = urls[next]
            group.addTask { try await get(url) }
            next += 1
        }
        while try await group.next() != nil {
            if next < urls.count {
                let url = urls[next]
                group.addTask { try await get(url) }
                next += 1
            }
        }
    }
}

var lines: [String] = []
for (name, get) in [("URLSession", urlSessionGet as @Sendable (URL) async throws -> Int), ("AsyncHTTPClient", ahcGet)] {
    _ = try await time { try await sequential(get) }  // warm-up: connections, caches
    var one: [Double] = []
    var eight: [Double] = []
    for _ in 0..<runs {
        one.append(try await time { try await sequential(get) })
        eight.append(try await time { try await concurrent(get) })
    }
    lines.append(
        String(
            format: "%@: %d GETs one at a time %.1f ms (%.3f ms each), 8 at a time %.1f ms", name, urls.count,
            median(one), median(one) / Double(urls.count), median(eight)))
}
try await client.shutdown()
print(lines.joined(separator: "\n"))
