import CDN
import Foundation
import SpecRepos
import Specs
import Support

extension ResolveService {
    /// An HTTP spec source in CocoaPods' CDN layout, or nil when `source` is not one. `trunk` names
    /// the public CDN. An `http(s)` URL is probed (`CocoaPods-version.yml`) unless it is a git URL:
    /// a `.git` suffix, a spec repo already added for it, or a server that does not answer the
    /// protocol all mean git, which is then read exactly as before.
    func openHTTPSource(_ source: String, repoUpdate: Bool) throws -> PodSource? {
        let isTrunk = source == "trunk" || Self.sameURL(source, CDNSpecRepository.trunk)
        let text = isTrunk ? CDNSpecRepository.trunk : source
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil, !url.path.hasSuffix(".git")
        else { return nil }
        if !isTrunk, SpecRepoStore(home: home).name(forURL: source) != nil { return nil }
        let repository: CDNSpecRepository?
        do {
            repository = try CDNSpecRepository.open(url, home: home, settings: http, revalidate: repoUpdate)
        } catch {
            // Only an answer in the protocol makes a URL an HTTP source: anything else (no answer, a
            // login page, a 401 from a git host) leaves it to git, which reports its own failure.
            if isTrunk { throw ProjectError.http(error) }
            return nil
        }
        guard let repository else {
            if isTrunk {
                throw ProjectError.http(
                    .malformed(url: text + SpecRepoLayout.versionFile, message: "no prefix_lengths"))
            }
            return nil
        }
        return PodSource(key: isTrunk ? "trunk" : source, http: repository)
    }

    static func sameURL(_ a: String, _ b: String) -> Bool {
        func normal(_ text: String) -> String {
            text.hasSuffix("/") ? String(text.dropLast()).lowercased() : text.lowercased()
        }
        return normal(a) == normal(b)
    }
}

extension LoadedProject {
    /// Throws the first failure an HTTP source met while the solver looked up versions.
    func throwSourceFailure() throws {
        for source in sources + restrictedSources.values {
            if let failure = source.failure { throw ProjectError.http(failure) }
        }
    }

    /// A note per HTTP source, and per `:podspec => URL` pod, that could not be reached and was
    /// read from the cache.
    var offlineNotes: [Finding] {
        sources.compactMap { source in
            guard case .http(let repository) = source.storage, repository.offline else { return nil }
            return Finding(
                severity: .note, ruleID: ProjectRule.sourceOffline,
                message:
                    "\(repository.displayURL) could not be reached; its files were read from \(repository.cacheFolder.path) (as fetched earlier)."
            )
        } + externals.values.compactMap(\.offlineNote).sorted { $0.message < $1.message }
    }
}
