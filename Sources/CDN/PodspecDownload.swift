import Digests
import Foundation
import SpecRepos
import Specs
import Support

/// A podspec a Podfile names by URL (`pod 'React', :podspec => 'https://…/React.podspec.json'`),
/// fetched as CocoaPods fetches it, through `HTTPClient` (its deadline, retries, scoped credentials
/// and redirect rules; https, or plain http to this machine alone, redirects included), and kept by
/// content under `$COMPOSE_HOME/cache/podspecs/`: `<SHA-256 of the bytes>` holds a podspec's bytes,
/// `urls/<SHA-256 of the URL>` the digest of the bytes last fetched from that URL and their ETag
/// (the file's age is the age of that answer). A copy younger than `HTTPSettings.maxAge` is used
/// without asking; an older one is asked for again with If-None-Match (a 304 costs no body); when the
/// server cannot be reached, the cached copy is used and `offline` is true.
///
/// The bytes are untrusted: the caller reads them as a podspec and only then keeps them
/// (`remember()`), so that nothing is cached that does not read as one.
package struct PodspecDownload: Sendable {
    /// The URL without user and password, for messages.
    package let displayURL: String
    package let data: Data
    /// Where the bytes are (or will be, once remembered) in the cache.
    package let cacheFile: URL
    /// Whether the server could not be reached and the cached copy was used.
    package let offline: Bool
    /// Whether the bytes came from the server in this run (a 200), rather than from the cache.
    package let fetched: Bool
    private let pointer: URL
    private let etag: String?

    /// The cache's folder below the compose home (`compose cache list` names it).
    package static let folder = "cache/podspecs"

    /// Why compose does not fetch `url`, or nil when it may: an http(s) URL with a host, over https,
    /// or plain http to this machine (127.0.0.0/8, ::1, localhost), the rule of credentials in
    /// `HTTPOrigin.mayCarryCredentials`: a network in between must not be able to change a podspec.
    package static func refusal(of url: URL) -> String? {
        guard let origin = HTTPOrigin(url) else {
            return "compose fetches podspecs over https only"
        }
        guard origin.mayCarryCredentials else {
            return
                "it is plain http to another machine; compose fetches podspecs over https (plain http only from this machine: 127.0.0.1, ::1, localhost)"
        }
        return nil
    }

    /// The podspec at `url`: from the cache while younger than `settings.maxAge` (any age with the
    /// server out of reach), else from the server. `revalidate` (`--repo-update`) asks whatever the
    /// age. `limit`: the largest podspec taken, in bytes. Throws `.unreachable` with nothing cached,
    /// `.status` for any answer but 200 or 304 (404 included), `.tooLarge`, `.refused`.
    package static func fetch(
        _ url: URL, home: ComposeHome, settings: HTTPSettings, revalidate: Bool, limit: Int
    ) throws(HTTPSourceError) -> PodspecDownload {
        let display = HTTPClient.display(url)
        let cache = home.url.appendingPathComponent(folder, isDirectory: true)
        let pointer = cache.appendingPathComponent("urls", isDirectory: true)
            .appendingPathComponent(SHA256Digest.hex(of: Array(display.utf8)))
        let cached = readCached(pointer: pointer, cache: cache)
        func fromCache(_ cached: Cached, offline: Bool) -> PodspecDownload {
            PodspecDownload(
                displayURL: display, data: cached.data, cacheFile: cached.file, offline: offline, fetched: false,
                pointer: pointer, etag: cached.etag)
        }
        if let cached, !revalidate, cached.age < settings.maxAge { return fromCache(cached, offline: false) }
        if let refusal = refusal(of: url) { throw .refused(url: display, message: refusal) }
        let response: HTTPClient.Response
        do {
            response = try HTTPClient(base: url, settings: settings).get(
                url, etag: cached?.etag, limit: limit, secureOnly: true)
        } catch {
            // Out of reach: the cached copy, else why the server could not be reached.
            guard case .unreachable = error, let cached else { throw error }
            return fromCache(cached, offline: true)
        }
        switch response.status {
        case 200:
            return PodspecDownload(
                displayURL: display, data: response.body,
                cacheFile: cache.appendingPathComponent(SHA256Digest.hex(of: response.body)), offline: false,
                fetched: true, pointer: pointer, etag: response.etag)
        case 304 where cached != nil:
            // Unchanged: the answer's age starts again.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: pointer.path)
            return fromCache(cached!, offline: false)
        default:
            throw .status(url: display, code: response.status)
        }
    }

    /// Keeps the bytes in the cache (once read as a podspec): the bytes by their digest, then the
    /// URL's record naming them, each written whole (a reader sees the old file or the new one).
    package func remember() {
        guard fetched else { return }
        if FileKind.readRegularFile(cacheFile.path) != [UInt8](data) {
            guard CacheFile.write([UInt8](data), to: cacheFile) else { return }
        }
        let record = cacheFile.lastPathComponent + "\n" + (etag ?? "") + "\n"
        CacheFile.write(Array(record.utf8), to: pointer)
    }

    private struct Cached {
        let data: Data
        let file: URL
        let etag: String?
        let age: TimeInterval
    }

    /// The cached bytes the URL's record names, when the record reads and the bytes still have its
    /// digest (a damaged or altered cache file is not used).
    private static func readCached(pointer: URL, cache: URL) -> Cached? {
        guard let record = FileKind.readRegularFile(pointer.path) else { return nil }
        let lines = String(decoding: record, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let digest = lines.first.map(String.init), digest.count == 64,
            digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else { return nil }
        let file = cache.appendingPathComponent(digest)
        guard let bytes = FileKind.readRegularFile(file.path), SHA256Digest.hex(of: bytes) == digest else { return nil }
        let etag = lines.count > 1 && !lines[1].isEmpty ? String(lines[1]) : nil
        let date = (try? FileManager.default.attributesOfItem(atPath: pointer.path))?[.modificationDate] as? Date
        return Cached(
            data: Data(bytes), file: file, etag: etag, age: date.map { Date().timeIntervalSince($0) } ?? .infinity)
    }
}
