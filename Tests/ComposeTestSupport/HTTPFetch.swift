import Foundation

/// One answer as curl received it: status, headers (names lower-cased) and body.
package struct FetchedAnswer: Sendable {
    package let status: Int
    package let headers: [String: String]
    package let body: Data

    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// GETs (or HEADs) `url` with curl, the path sent as written (`--path-as-is`), redirects not followed.
package func fetchWithCurl(_ url: String, head: Bool = false) throws -> FetchedAnswer {
    let folder = try TemporaryDirectory("curl")
    defer { folder.remove() }
    let headers = folder.url.appendingPathComponent("headers")
    let body = folder.url.appendingPathComponent("body")
    try runTool(
        "curl",
        ["-s", "--path-as-is", "-D", headers.path, "-o", head ? "/dev/null" : body.path] + (head ? ["-I"] : [])
            + [url], in: folder.url)
    let lines = try String(contentsOf: headers, encoding: .utf8).components(separatedBy: "\r\n")
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return FetchedAnswer(status: status, headers: fields, body: (try? Data(contentsOf: body)) ?? Data())
}
