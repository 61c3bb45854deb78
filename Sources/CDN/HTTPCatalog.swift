import Foundation
import SpecRepos
import Specs

/// `compose search` and `compose info` over an HTTP spec source (CocoaPods' CDN layout): names from
/// the source's `all_pods.txt`, versions from the shard index of each name shown, details from the
/// newest version's spec. Only what is shown is fetched, and every file goes through the source's
/// cache, so a second search costs revalidations at most.
extension SpecCatalog {
    /// At most this many matches of an HTTP search get their newest spec fetched for the summary.
    package static let httpSummaryLimit = 50

    /// Opens `source` (`trunk` or an `http(s)` URL) as a CDN source; `.malformed` when the server does
    /// not answer the protocol.
    package static func openHTTP(_ source: String, home: ComposeHome, settings: HTTPSettings) throws(HTTPSourceError)
        -> (label: String, repository: CDNSpecRepository)
    {
        let isTrunk = source == "trunk"
        let text = isTrunk ? CDNSpecRepository.trunk : source
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else {
            throw .malformed(url: source, message: "--source takes `trunk` or an http(s) URL of a CDN spec source")
        }
        guard let repository = try CDNSpecRepository.open(url, home: home, settings: settings) else {
            throw .malformed(
                url: HTTPClient.display(url) + SpecRepoLayout.versionFile,
                message: "the server does not answer CocoaPods' CDN protocol (no prefix_lengths)")
        }
        return (isTrunk ? "trunk" : repository.displayURL, repository)
    }

    /// Pods of `repository` whose name contains `query` (case-insensitive); the first
    /// `httpSummaryLimit` with their newest version and summary, the rest with the newest version only.
    package static func search(_ query: String, in repository: CDNSpecRepository, label: String) throws(HTTPSourceError)
        -> [PodSummary]
    {
        let needle = query.lowercased()
        var results: [PodSummary] = []
        for name in try repository.podNames() where needle.isEmpty || name.lowercased().contains(needle) {
            guard let newest = try repository.versions(of: name).first else { continue }
            var summary: String?
            if results.count < httpSummaryLimit, let file = try? repository.specFile(name: name, version: newest) {
                summary = (try? Spec(json: [UInt8](file.data), label: file.path))?.summary
            }
            results.append(PodSummary(name: name, latestVersion: newest.string, summary: summary, repo: label))
        }
        return results
    }

    /// `name` (exact, else case-insensitive) in `repository`, or nil.
    package static func info(_ name: String, in repository: CDNSpecRepository, label: String) throws(HTTPSourceError)
        -> PodInfo?
    {
        var match = name
        var versions = try repository.versions(of: name)
        if versions.isEmpty,
            let other = try repository.podNames().first(where: { $0.lowercased() == name.lowercased() })
        {
            match = other
            versions = try repository.versions(of: other)
        }
        guard let newest = versions.first else { return nil }
        let read = Result { () throws -> Spec in
            let file = try repository.specFile(name: match, version: newest)
            return try Spec(json: [UInt8](file.data), label: file.path)
        }
        return podInfo(name: match, repo: label, versions: versions, newest: read)
    }
}
