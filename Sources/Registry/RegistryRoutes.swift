import Foundation
import SpecRepos
import Support

/// The answer of a registry to one request, from the files of an export: what `compose registry
/// serve` sends. It follows `RegistryLayout`'s rules, as the nginx directives do, and adds what nginx
/// cannot do with files alone: the `Link` headers of alternate manifests (`Package@swift-X.swift`)
/// and their `?swift-version=X` answers (SE-0292 4.3).
package struct RegistryAnswer: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: Body

    /// What follows the headers: bytes made here (problem documents, nothing), or a file of the
    /// export, which the server streams from disk (an archive may be 256 MiB) rather than reading it.
    package enum Body: Sendable, Equatable {
        case bytes(Data)
        case file(String)
    }

    package init(status: Int, headers: [(String, String)], body: Data) {
        self.init(status: status, headers: headers, body: .bytes(body))
    }

    package init(status: Int, headers: [(String, String)], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The answer to `method target` (the request line's target: path and query) from the export in
    /// `root`. `base` is the registry's public URL (`--url`, never the request's `Host`), for `Link`
    /// headers; a `Location` is a path on the same origin, under `base`'s path.
    package static func answer(method: String, target: String, root: URL, base: String) -> RegistryAnswer {
        guard method == "GET" || method == "HEAD" else {
            return problem(405, "Method Not Allowed", "This registry is read-only: GET and HEAD only.")
        }
        guard let components = URLComponents(string: target) else { return notFound(root) }
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        // Hidden files (the manifest, the problem document) and anything that could leave the folder.
        guard !segments.isEmpty,
            segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") && !$0.contains("\\") })
        else { return notFound(root) }
        if segments == ["identifiers"] {
            guard let url = components.queryItems?.first(where: { $0.name == "url" })?.value,
                let file = RegistryLayout.identifiersFile(forURL: url)
            else { return notFound(root) }
            return fileAnswer(root, file, type: "application/json")
        }
        switch segments.count {
        case 2:
            return fileAnswer(root, "\(segments[0])/\(segments[1]).json", type: "application/json")
        case 3 where segments[2].hasSuffix(".zip"):
            var answer = fileAnswer(root, segments.joined(separator: "/"), type: "application/zip")
            if answer.status == 200 {
                answer.headers.append(("Content-Disposition", "attachment; filename=\"\(segments[1])-\(segments[2])\""))
            }
            return answer
        case 3:
            return fileAnswer(root, segments.joined(separator: "/") + ".json", type: "application/json")
        case 4 where segments[3] == "Package.swift":
            let folder = segments[0...2].joined(separator: "/")
            // The folder as it goes into a header: percent-encoded, whatever the request spelled.
            let linked = segments[0...2].map {
                $0.addingPercentEncoding(withAllowedCharacters: .registryPathSegment) ?? ""
            }
            .joined(separator: "/")
            if let wanted = components.queryItems?.first(where: { $0.name == "swift-version" })?.value {
                let alternate = "Package@swift-\(wanted).swift"
                if RegistryExport.isManifestName(alternate), FileKind.of(root.path + "/\(folder)/\(alternate)") == .file
                {
                    return fileAnswer(root, "\(folder)/\(alternate)", type: "text/x-swift")
                }
                // SE-0292 4.3.1: no manifest for that version → see the unqualified one (when there is
                // one: a path that names no release is not echoed back).
                guard FileKind.of(root.path + "/\(folder)/Package.swift") == .file else { return notFound(root) }
                let prefix = URLComponents(string: base)?.percentEncodedPath ?? ""
                let location = (prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix) + "/\(linked)/Package.swift"
                return RegistryAnswer(
                    status: 303, headers: [("Content-Version", "1"), ("Location", location)], body: Data())
            }
            var answer = fileAnswer(root, "\(folder)/Package.swift", type: "text/x-swift")
            if answer.status == 200 {
                let links = alternateManifests(in: joinedPath(root.path, folder)).map { file, tools in
                    let version = file.dropFirst("Package@swift-".count).dropLast(".swift".count)
                    return
                        "<\(base)/\(linked)/Package.swift?swift-version=\(version)>; rel=\"alternate\"; filename=\"\(file)\"; swift-tools-version=\"\(tools)\""
                }
                if !links.isEmpty { answer.headers.append(("Link", links.joined(separator: ", "))) }
            }
            return answer
        default:
            return notFound(root)
        }
    }

    /// The `Package@swift-X.swift` files of a release folder with the tools version each declares.
    static func alternateManifests(in folder: String) -> [(file: String, tools: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0 != "Package.swift" && RegistryExport.isManifestName($0) }.sorted().compactMap { name in
            guard let bytes = FileKind.readRegularFile(joinedPath(folder, name)) else { return nil }
            let firstLine = String(decoding: bytes.prefix(200), as: UTF8.self).split(separator: "\n").first ?? ""
            guard let range = firstLine.range(of: "swift-tools-version:") else { return nil }
            let tools = firstLine[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !tools.isEmpty, tools.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
            return (name, tools)
        }
    }

    /// A file of the export, to be streamed; the server opens it without following a link and
    /// answers `notFound` when it is no longer a regular file.
    private static func fileAnswer(_ root: URL, _ relative: String, type: String) -> RegistryAnswer {
        let path = joinedPath(root.path, relative)
        guard FileKind.of(path) == .file else { return notFound(root) }
        return RegistryAnswer(
            status: 200, headers: [("Content-Type", type), ("Content-Version", "1")], body: .file(path))
    }

    package static func notFound(_ root: URL) -> RegistryAnswer {
        if let bytes = FileKind.readRegularFile(joinedPath(root.path, RegistryLayout.notFoundFile)) {
            return RegistryAnswer(
                status: 404, headers: [("Content-Type", "application/problem+json"), ("Content-Version", "1")],
                body: Data(bytes))
        }
        return problem(404, "Not Found", "No such package, release or file in this registry.")
    }

    package static func problem(_ status: Int, _ title: String, _ detail: String) -> RegistryAnswer {
        let body = RegistryExport.json(["status": status, "title": title, "detail": detail])
        return RegistryAnswer(
            status: status, headers: [("Content-Type", "application/problem+json"), ("Content-Version", "1")],
            body: body)
    }
}

extension CharacterSet {
    /// What a path segment may hold unencoded in a header this server writes.
    fileprivate static let registryPathSegment = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+@")
}
