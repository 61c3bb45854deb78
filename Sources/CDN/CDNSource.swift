import Digests
import Foundation
import SpecRepos
import Specs
import Support

/// A spec repo served over HTTP in CocoaPods' CDN layout (what `compose repo export` writes and
/// https://cdn.cocoapods.org/ serves), read lazily: `CocoaPods-version.yml` once (its
/// `prefix_lengths`), then only the shard index `all_pods_versions_a_b_c.txt` of each name asked
/// for (`Name/1.0.0/1.1.0` lines; the shard is the first characters of the MD5 of the name) and the
/// spec file `Specs/a/b/c/Name/1.1.0/Name.podspec.json` of each version asked for.
///
/// Every file is cached under `$COMPOSE_HOME/cdn/v2/<host>-<digest>/` (`cacheName(of:)`), an index
/// with its ETag beside it (`FILE.etag`), and only once it reads as its kind of file: a spec as JSON, an index as
/// UTF-8 text, the version file with its `prefix_lengths`; an error page, a truncated body or an
/// unsolicited 304 is never kept.
/// A cached index younger than `maxAge` is used as it is; an older one is revalidated with
/// If-None-Match (a 304 costs no body). A cached spec file is kept, as CocoaPods keeps it: only
/// those `deprecated_podspecs.txt` names are revalidated, on `--repo-update`. When the server cannot be reached, cached files are used
/// and `offline` turns true: a resolve works offline from what earlier resolves fetched.
///
/// Not `Sendable`: one task reads through it (the caches are unsynchronised).
package final class CDNSpecRepository {
    /// The public CocoaPods CDN, `source 'trunk'`.
    package static let trunk = "https://cdn.cocoapods.org/"
    /// The source's URL (ending in `/`), as given (may hold credentials).
    package let base: URL
    /// The URL without credentials, for messages.
    package let displayURL: String
    /// Where its files are cached.
    package let cacheFolder: URL
    /// The shard prefix lengths from `CocoaPods-version.yml`.
    package private(set) var prefixLengths: [Int] = []
    /// Whether the server could not be reached and cached files were used instead.
    package private(set) var offline = false
    /// Requests sent so far (200, 304 and 404 answers alike).
    package private(set) var requests = 0
    /// How many other candidates of a pod are fetched ahead (`HTTPSettings.alternativesFetchedAhead`).
    package let alternativesFetchedAhead: Int

    private let client: HTTPClient
    private let maxAge: TimeInterval
    private var shardTables: [String: [String: [String]]] = [:]
    /// Spec files to revalidate though cached (`deprecated_podspecs.txt` on `--repo-update`).
    private var stale: Set<String> = []
    private static let deprecatedList = "deprecated_podspecs.txt"
    /// Cache folders created (or found) so far.
    private var madeFolders: Set<String> = []

    /// Opens `url` as a CDN source, or returns nil when its server does not answer the protocol
    /// (no `CocoaPods-version.yml` with `prefix_lengths`): a git server, say. With `revalidate`
    /// (`--repo-update`) every file is asked for again, whatever `settings.maxAge` says.
    package static func open(
        _ url: URL, home: ComposeHome, settings: HTTPSettings, revalidate: Bool = false
    ) throws(HTTPSourceError) -> CDNSpecRepository? {
        let repository = CDNSpecRepository(
            url, home: home, settings: settings, maxAge: revalidate ? 0 : settings.maxAge)
        guard let data = try repository.fetch(SpecRepoLayout.versionFile) else { return nil }
        guard let lengths = SpecRepoLayout.prefixLengths(inVersionFile: String(decoding: data, as: UTF8.self)) else {
            // Not the protocol: nothing of this answer is kept.
            let file = repository.cacheFolder.appendingPathComponent(SpecRepoLayout.versionFile)
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(atPath: file.path + ".etag")
            return nil
        }
        repository.prefixLengths = lengths
        if revalidate, let list = try? repository.fetch(deprecatedList) {
            // As CocoaPods does: a published spec changes only when it is deprecated, so only the
            // cached specs this list names are asked for again.
            repository.stale = Set(
                String(decoding: list, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init))
        }
        return repository
    }

    private init(_ url: URL, home: ComposeHome, settings: HTTPSettings, maxAge: TimeInterval) {
        let text = url.absoluteString.hasSuffix("/") ? url.absoluteString : url.absoluteString + "/"
        base = URL(string: text) ?? url
        displayURL = HTTPClient.display(base)
        cacheFolder = home.url.appendingPathComponent("cdn", isDirectory: true)
            .appendingPathComponent(Self.cacheVersion, isDirectory: true)
            .appendingPathComponent(Self.cacheName(of: base), isDirectory: true)
        client = HTTPClient(base: base, settings: settings)
        self.maxAge = maxAge
        alternativesFetchedAhead = max(0, settings.alternativesFetchedAhead)
    }

    /// The layout of the cache's folder names; caches written by another layout are not read.
    static let cacheVersion = "v3"

    /// `host-<digest>`: a readable prefix, then the first 32 hexadecimal digits of the SHA-256 of the
    /// normalised URL (scheme, host, port and path; no credentials), so that no two sources share a
    /// folder: http and https apart, `/a_b/` and `/a/b/` apart, `host/8080/` and `host:8080/` apart.
    static func cacheName(of url: URL) -> String {
        let host = url.host?.lowercased() ?? "host"
        let readable = String(
            host.prefix(64).map { $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) ? $0 : "_" })
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let path = url.path.hasSuffix("/") ? url.path : url.path + "/"
        let normal = "\(scheme)://\(host):\(port)\(path)"
        return readable + "-" + SHA256Digest.hex(of: Array(normal.utf8)).prefix(32)
    }

    /// Where `relative` is kept in the cache: at the same path, except a spec
    /// (`Specs/a/b/c/Name/1.0/Name.podspec.json`), which is kept as `Specs/a/b/c/Name@1.0.json` (no pod
    /// name or version holds `@`): two folders fewer to make a spec, which cost a cold resolve of 2,000
    /// pods more than writing the files.
    func cacheFile(_ relative: String) -> URL {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0] == "Specs",
            parts[parts.count - 1] == PodspecFormat.json.fileName(for: String(parts[parts.count - 3]))
        else { return cacheFolder.appendingPathComponent(relative) }
        let folder = parts[..<(parts.count - 3)].joined(separator: "/")
        return cacheFolder.appendingPathComponent(folder, isDirectory: true)
            .appendingPathComponent("\(parts[parts.count - 3])@\(parts[parts.count - 2]).json")
    }

    // MARK: Reading

    /// The versions of `name` in its shard index, newest first; empty when the source has no such
    /// pod (or `name` is not a pod name).
    package func versions(of name: String) throws(HTTPSourceError) -> [Version] {
        guard let strings = try versionStrings(of: name) else { return [] }
        return strings.compactMap { try? Version($0) }.sorted(by: >)
    }

    /// The path (URL) and bytes of `name`'s spec at `version`.
    package func specFile(name: String, version: Version) throws(HTTPSourceError) -> (path: String, data: Data) {
        let folder =
            (try versionStrings(of: name))?.first { (try? Version($0))?.string == version.string } ?? version.string
        let relative = specPath(name, version: folder)
        let url = displayURL + relative
        guard (try? SafeName(name, as: .pod)) != nil, (try? SafeName(folder, as: .pod)) != nil else {
            throw .malformed(
                url: url,
                message: "'\(escapedForDisplay(name))' \(escapedForDisplay(folder)) is not a pod name and version")
        }
        guard let data = try fetch(relative) else { throw .status(url: url, code: 404) }
        return (url, data)
    }

    /// Whether `name`'s spec at `version` is in the cache already (reading it costs no request).
    package func hasCachedSpec(name: String, version: Version) -> Bool {
        guard let relative = specRelative(name: name, version: version) else { return false }
        return !stale.contains(relative)
            && FileManager.default.fileExists(atPath: cacheFile(relative).path)
    }

    /// Every pod's name (`all_pods.txt`), sorted; for search.
    package func podNames() throws(HTTPSourceError) -> [String] {
        guard let data = try fetch("all_pods.txt") else { return [] }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
            .filter { (try? SafeName($0, as: .pod)) != nil }.sorted()
    }

    /// `Specs/a/b/c/Name/version/Name.podspec.json`.
    func specPath(_ name: String, version: String) -> String {
        (["Specs"] + SpecRepoLayout.shards(of: name, prefixLengths: prefixLengths) + [
            name, version, PodspecFormat.json.fileName(for: name),
        ])
        .joined(separator: "/")
    }

    /// `all_pods_versions_a_b_c.txt`.
    package func shardIndexPath(of name: String) -> String {
        "all_pods_versions_\(SpecRepoLayout.shards(of: name, prefixLengths: prefixLengths).joined(separator: "_")).txt"
    }

    private func versionStrings(of name: String) throws(HTTPSourceError) -> [String]? {
        guard (try? SafeName(name, as: .pod)) != nil else { return nil }
        let index = shardIndexPath(of: name)
        if let table = shardTables[index] { return table[name] }
        var table: [String: [String]] = [:]
        if let data = try fetch(index) {
            table = try Self.parseShardIndex(data, url: displayURL + index)
        }
        shardTables[index] = table
        return table[name]
    }

    /// `Name/1.0.0/1.1.0` lines; blank lines are skipped, versions that are not versions dropped.
    package static func parseShardIndex(_ data: Data, url: String) throws(HTTPSourceError) -> [String: [String]] {
        var table: [String: [String]] = [:]
        let text = String(decoding: data, as: UTF8.self)
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let parts = line.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first, !name.isEmpty else { continue }
            guard (try? SafeName(name, as: .pod)) != nil else {
                throw .malformed(url: "\(url):\(number + 1)", message: "'\(escapedForDisplay(name))' is not a pod name")
            }
            table[name] = parts.dropFirst().filter { (try? Version($0)) != nil && (try? SafeName($0, as: .pod)) != nil }
        }
        return table
    }

    // MARK: The cache

    /// `relative`'s bytes, from the cache when fresh, else from the server (revalidating a cached
    /// copy); nil when the server answers 404. Offline, a cached copy is used whatever its age.
    func fetch(_ relative: String, prefetched: Result<HTTPClient.Response, HTTPSourceError>? = nil)
        throws(HTTPSourceError) -> Data?
    {
        let file = cacheFile(relative)
        let etagFile = URL(fileURLWithPath: file.path + ".etag")
        let missingFile = URL(fileURLWithPath: file.path + ".404")
        let manager = FileManager.default
        // A regular file only: anything else at a cache path (a FIFO would block a read) is not cached.
        let cached = FileKind.readRegularFile(file.path).map { Data($0) }
        let known = cached != nil ? file : (manager.fileExists(atPath: missingFile.path) ? missingFile : nil)
        if let known, isFresh(relative, known: known, isFile: known == file) {
            return known == file ? cached : nil
        }
        // Once the server could not be reached, a file never fetched is not waited for again.
        if offline && known == nil { throw .notCached(url: displayURL + relative) }
        let etag = cached != nil && !relative.hasPrefix("Specs/") ? Self.etag(of: file) : nil
        let response: HTTPClient.Response
        do {
            if let prefetched {
                response = try prefetched.get()
            } else {
                requests += 1
                response = try client.get(
                    base.appendingPathComponent(relative), etag: etag, limit: HTTPLimits.limit(of: relative))
            }
        } catch {
            guard case .unreachable = error, let known else { throw error }
            offline = true
            return known == file ? cached : nil
        }
        switch response.status {
        case 304 where cached == nil:
            throw .malformed(
                url: displayURL + relative, message: "a 304 (not modified) answer to a request for a file not held")
        case 304 where cached != nil:
            try? manager.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return cached
        case 404:
            if cached != nil {
                try? manager.removeItem(at: file)
                try? manager.removeItem(at: etagFile)
            }
            write(Data(), to: missingFile)
            return nil
        default:
            if let problem = Self.problem(with: response.body, of: relative) {
                throw .malformed(url: displayURL + relative, message: problem)
            }
            if known == missingFile { try? manager.removeItem(at: missingFile) }
            // The body first: a stale ETag beside a new body costs a 200 later, never a wrong 304.
            write(response.body, to: file)
            // A spec's ETag is not kept: a cached spec is asked for again only once deprecated, when its
            // bytes have changed anyway, and a cold resolve writes one file a spec instead of two.
            if let tag = response.etag, !relative.hasPrefix("Specs/") {
                write(Data(tag.utf8), to: etagFile)
            } else if cached != nil {
                try? manager.removeItem(at: etagFile)
            }
            return response.body
        }
    }

    /// Why `data` is not a file of the kind `relative` names (nil when it is): a spec must be JSON, an
    /// index UTF-8 text (`open` drops a version file without `prefix_lengths`). What fails is never cached.
    package static func problem(with data: Data, of relative: String) -> String? {
        if relative.hasPrefix("Specs/") {
            do {
                _ = try JSONParser.parse(Array(data))
                return nil
            } catch {
                return "not JSON (\(error.description.prefix(200)))"
            }
        }
        guard let text = String(bytes: data, encoding: .utf8) else { return "not UTF-8 text" }
        if text.contains("<html") || text.contains("<HTML") || text.contains("<!DOCTYPE") {
            return "an HTML page, not an index"
        }
        return nil
    }

    /// Whether the cached copy (or the cached 404) `known` of `relative` is used without a request: a
    /// spec file, once fetched, is kept (a published version's spec does not change, except by
    /// deprecation, `stale`); indexes and 404s are revalidated after `maxAge`; offline, anything cached.
    private func isFresh(_ relative: String, known: URL, isFile: Bool) -> Bool {
        let kept = isFile && relative.hasPrefix("Specs/") && !stale.contains(relative)
        return kept || offline || Self.age(of: known) < maxAge
    }

    // MARK: Fetching ahead

    /// At most this many requests are in flight at once when fetching ahead: enough that a resolve
    /// waits on the longest chain of files that depend on each other (a spec names a dependency whose
    /// shard index names its versions), not on their number. Over https the connections are HTTP/2
    /// where the server offers it (one connection carries them all); over http/1.1 they are kept alive.
    package static let prefetchWidth = 64

    /// Fetches `start` and then, as each file arrives, what `next` names, with up to `prefetchWidth`
    /// requests in flight, into the cache (each counted in `requests`), so that reading them later
    /// costs nothing. `next` is called on this thread, once per file named (with `true` when the file
    /// can now be read from the cache; false when it is missing or its request failed), as soon as its
    /// answer is in, while other requests
    /// are still under way: a crawl of what will be needed runs at the speed of the network's round
    /// trips, not of their number. A file fresh in the cache is passed to `next` with no request.
    /// Failures are left for the read that needs the file to report.
    package func fetchAll(_ start: [String], next: (_ relative: String, _ arrived: Bool) -> [String]) {
        var seen = Set<String>()
        var ready: [(relative: String, isFile: Bool)] = []
        var inFlight = 0
        let pool = FetchPool(client: client, base: base, width: Self.prefetchWidth)
        defer { pool.close() }
        func enqueue(_ relatives: [String]) {
            for relative in relatives where seen.insert(relative).inserted {
                let file = cacheFile(relative)
                let missingFile = URL(fileURLWithPath: file.path + ".404")
                let hasFile = FileManager.default.fileExists(atPath: file.path)
                let known =
                    hasFile ? file : (FileManager.default.fileExists(atPath: missingFile.path) ? missingFile : nil)
                if let known, isFresh(relative, known: known, isFile: hasFile) {
                    ready.append((relative, hasFile))
                } else if offline {
                    continue
                } else {
                    inFlight += 1
                    pool.submit(relative, etag: hasFile && !relative.hasPrefix("Specs/") ? Self.etag(of: file) : nil)
                }
            }
        }
        enqueue(start)
        while true {
            while let (relative, isFile) = ready.popLast() {
                enqueue(next(relative, isFile))
            }
            guard inFlight > 0 else { break }
            let (relative, result) = pool.take()
            inFlight -= 1
            requests += 1
            let arrived = (try? fetch(relative, prefetched: result)) != nil
            enqueue(next(relative, arrived))
        }
    }

    /// Whether the shard index naming `name`'s versions was read already (`versions(of:)` then costs
    /// no request).
    package func hasVersionList(of name: String) -> Bool {
        (try? SafeName(name, as: .pod)) != nil && shardTables[shardIndexPath(of: name)] != nil
    }

    /// The cache path of `name`'s spec at `version` once its shard index was read; nil before, or when
    /// the index does not list that version.
    package func specRelative(name: String, version: Version) -> String? {
        guard let strings = shardTables[shardIndexPath(of: name)]?[name],
            let folder = strings.first(where: { (try? Version($0))?.string == version.string })
        else { return nil }
        return specPath(name, version: folder)
    }

    /// Writes atomically (a temporary file and a rename, `CacheFile`'s way: no `fsync`, which
    /// Foundation's `.atomic` write does on Linux and which made a cold resolve of 2,000 pods wait on
    /// 7,000 flushes); a cache that cannot be written is only slower.
    private func write(_ data: Data, to file: URL) {
        let folder = file.deletingLastPathComponent()
        if !madeFolders.contains(folder.path) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            madeFolders.insert(folder.path)
        }
        _ = CacheFile.replace(
            file.path, with: data, through: folder.path + "/.\(file.lastPathComponent).\(getpid()).tmp")
    }

    /// The ETag kept beside a cached `file`, when it is a regular file.
    private static func etag(of file: URL) -> String? {
        FileKind.readRegularFile(file.path + ".etag").map { String(decoding: $0, as: UTF8.self) }
    }

    private static func age(of file: URL) -> TimeInterval {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        else { return .infinity }
        return Date().timeIntervalSince(date)
    }
}

/// Threads that each send one request at a time (a request waits on the network, not on a core):
/// requests are submitted and their answers taken, in the order they arrive, by one reading thread.
/// Each job and each answer wakes one thread (a semaphore each), never all of them: with 64 threads,
/// a broadcast per answer cost 150 wake-ups a request.
private final class FetchPool: @unchecked Sendable {
    private let lock = NSLock()
    private let jobsReady = DispatchSemaphore(value: 0)
    private let answersReady = DispatchSemaphore(value: 0)
    private var jobs: [(relative: String, etag: String?)] = []
    private var nextJob = 0
    private var answers: [(String, Result<HTTPClient.Response, HTTPSourceError>)] = []
    private var nextAnswer = 0
    private var threads = 0
    private var idle = 0
    private let client: HTTPClient
    private let base: URL
    private let width: Int

    init(client: HTTPClient, base: URL, width: Int) {
        self.client = client
        self.base = base
        self.width = width
    }

    /// Queues a request; a thread is started for it while fewer than `width` run and the idle ones
    /// have work enough.
    func submit(_ relative: String, etag: String?) {
        lock.lock()
        jobs.append((relative, etag))
        let start = jobs.count - nextJob > idle && threads < width
        if start { threads += 1 }
        lock.unlock()
        jobsReady.signal()
        if start {
            let thread = Thread { [self] in work() }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// The next answer to arrive (waits for one; call only with a request under way).
    func take() -> (String, Result<HTTPClient.Response, HTTPSourceError>) {
        answersReady.wait()
        lock.lock()
        defer { lock.unlock() }
        let answer = answers[nextAnswer]
        nextAnswer += 1
        return answer
    }

    /// Lets the threads end (call once every request was answered).
    func close() {
        lock.lock()
        let running = threads
        lock.unlock()
        for _ in 0..<running { jobsReady.signal() }
    }

    private func work() {
        while true {
            lock.lock()
            idle += 1
            lock.unlock()
            jobsReady.wait()
            lock.lock()
            idle -= 1
            guard nextJob < jobs.count else {
                // Woken by `close`.
                threads -= 1
                lock.unlock()
                return
            }
            let job = jobs[nextJob]
            nextJob += 1
            lock.unlock()
            let result: Result<HTTPClient.Response, HTTPSourceError>
            do throws(HTTPSourceError) {
                result = .success(
                    try client.get(
                        base.appendingPathComponent(job.relative), etag: job.etag,
                        limit: HTTPLimits.limit(of: job.relative)))
            } catch {
                result = .failure(error)
            }
            lock.lock()
            answers.append((job.relative, result))
            lock.unlock()
            answersReady.signal()
        }
    }
}
