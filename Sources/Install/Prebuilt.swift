import CDN
import Digests
import Foundation
import Specs
import Support

/// A spec's prebuilt artifact, declared with the `prebuilt` key (docs/binary-components.md):
/// `"prebuilt": { "url": "https://host/Pay-1.2.0.zip", "sha256": "<64 hex digits>" }`.
/// The URL is `https://` (plain `http://` to this machine alone) or `file://`; the zip holds an `.xcframework`
/// or an `.artifactbundle` at its root.
package typealias PrebuiltArtifact = Prebuilt

extension Prebuilt {
    /// Checks the declaration's shape (not the artifact): an https or file URL to a zip, 64 hex digits.
    /// Plain http goes to a loopback address alone (a server on this machine), as every request of
    /// `CDN.HTTPClient` that may carry credentials.
    package func validate(for name: String) throws(InstallError) {
        let loopbackHTTP = url.hasPrefix("http://") && URL(string: url).flatMap(HTTPOrigin.init)?.isLoopback == true
        guard url.hasPrefix("https://") || url.hasPrefix("file://") || loopbackHTTP else {
            throw .invalidPrebuilt(
                name: name,
                reason:
                    "its url '\(escapedForDisplay(url))' must be https:// (or file:// for a local artifact; plain http:// only to this machine)"
            )
        }
        guard url.lowercased().hasSuffix(".zip") else {
            throw .invalidPrebuilt(
                name: name, reason: "its url '\(url)' must name a .zip holding an .xcframework or .artifactbundle")
        }
        guard sha256.count == 64, sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw .invalidPrebuilt(
                name: name,
                reason: "its sha256 '\(sha256)' must be 64 lowercase hex digits (`swift package compute-checksum FILE`)"
            )
        }
    }
}

/// Which components are installed from their prebuilt artifact. Source is the default; `--binary` or
/// `COMPOSE_USE_BINARY=1` switch every component that declares one; `COMPOSE_<NAME>_USE_BINARY=1` (or `=0`)
/// switches one component on (or off), whatever the global setting.
package struct BinaryPreference: Sendable, Equatable {
    package let all: Bool
    package let perComponent: [String: Bool]

    package init(all: Bool = false, perComponent: [String: Bool] = [:]) {
        self.all = all
        self.perComponent = perComponent
    }

    /// Reads `--binary` and the environment.
    package init(flag: Bool, environment: [String: String]) {
        func truthy(_ value: String) -> Bool { ["1", "true", "yes"].contains(value.lowercased()) }
        var perComponent: [String: Bool] = [:]
        for (key, value) in environment
        where key.hasPrefix("COMPOSE_") && key.hasSuffix("_USE_BINARY") && key != "COMPOSE_USE_BINARY" {
            let name = String(key.dropFirst("COMPOSE_".count).dropLast("_USE_BINARY".count))
            if !name.isEmpty { perComponent[name] = truthy(value) }
        }
        self.init(all: flag || environment["COMPOSE_USE_BINARY"].map(truthy) == true, perComponent: perComponent)
    }

    /// Whether `name` should come from its prebuilt artifact (when it declares one).
    package func usesBinary(_ name: String) -> Bool {
        perComponent[environmentName(name)] ?? all
    }

    /// Components switched on by name (to report one that declares no artifact).
    package var namedComponents: [String] { perComponent.filter(\.value).keys.sorted() }
}

/// Puts verified copies of prebuilt artifacts into the generated package (`Composed/Binaries/NAME.zip`),
/// downloading https artifacts once into `$COMPOSE_HOME/cache/binaries/<sha256>.zip`. Downloads go
/// through `CDN.HTTPClient`, as every HTTP request of compose: the time limit and deadline of `settings`
/// (`COMPOSE_NETWORK_TIMEOUT`, `COMPOSE_NETWORK_DEADLINE`), retries, credentials only to their own
/// origin, no redirect from https to http, and at most `limit` bytes.
package struct ArtifactStore: Sendable {
    package let cache: URL
    package let settings: HTTPSettings
    /// The largest artifact taken (`HTTPLimits.artifact`); a larger answer is refused while it arrives.
    package let limit: Int

    package init(cache: URL, settings: HTTPSettings = HTTPSettings(), limit: Int = HTTPLimits.artifact) {
        self.cache = cache
        self.settings = settings
        self.limit = limit
    }

    /// A verified local copy of `artifact`: from the cache when there is one (no network), else fetched.
    /// Throws `checksumMismatch` without keeping anything when the SHA-256 differs.
    package func localCopy(of artifact: PrebuiltArtifact, for name: String) async throws(InstallError) -> URL {
        try artifact.validate(for: name)
        let fileManager = FileManager.default
        if artifact.url.hasPrefix("file://") {
            guard let source = URL(string: artifact.url), fileManager.fileExists(atPath: source.path) else {
                throw .invalidPrebuilt(name: name, reason: "its artifact \(artifact.url) does not exist")
            }
            try verify(source, artifact, name)
            return source
        }
        let cached = cache.appendingPathComponent("\(artifact.sha256).zip")
        if fileManager.fileExists(atPath: cached.path), (try? sha256(ofFileAt: cached)) == artifact.sha256 {
            return cached
        }
        guard let url = URL(string: artifact.url) else {
            throw .invalidPrebuilt(name: name, reason: "its url '\(artifact.url)' is not a URL")
        }
        let shown = CDN.HTTPClient.display(url)
        let response: CDN.HTTPClient.Response
        do {
            response = try CDN.HTTPClient(base: url, settings: settings, largest: limit).get(url, limit: limit)
        } catch {
            throw .fetchFailed(name: name, url: shown, message: error.description)
        }
        guard response.status == 200 else {
            throw .fetchFailed(name: name, url: shown, message: "the server answered HTTP \(response.status)")
        }
        let data = response.body
        let actual = SHA256Digest.hex(of: data)
        guard actual == artifact.sha256 else {
            throw .checksumMismatch(name: name, artifact: artifact.url, expected: artifact.sha256, actual: actual)
        }
        removePartials(besides: [cached])
        do {
            try AtomicFile.write(data, to: cached, createFolder: true)
        } catch {
            throw .writeFailed(path: cached.path, message: error.message)
        }
        return cached
    }

    private func verify(_ file: URL, _ artifact: PrebuiltArtifact, _ name: String) throws(InstallError) {
        let actual: String
        do { actual = try sha256(ofFileAt: file) } catch {
            throw .invalidPrebuilt(
                name: name, reason: "its artifact \(file.path) cannot be read: \(error.localizedDescription)")
        }
        guard actual == artifact.sha256 else {
            throw .checksumMismatch(name: name, artifact: artifact.url, expected: artifact.sha256, actual: actual)
        }
    }
}

/// The SHA-256 of the file at `url` (what `swift package compute-checksum` prints), read in 1 MiB chunks.
private func sha256(ofFileAt url: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var digest = SHA256Digest.Incremental()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { digest.update(chunk) }
    return digest.hex()
}
