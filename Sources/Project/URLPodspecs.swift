import CDN
import ComposefileFormat
import Digests
import Foundation
import Git
import Lint
import SpecRepos
import Specs

extension ResolveService {
    /// Whether a `:podspec` value names a URL rather than a file of the project.
    static func isPodspecURL(_ location: String) -> Bool { location.contains("://") }

    /// A `:podspec => URL` pod, as CocoaPods reads one: the podspec fetched (`PodspecDownload`:
    /// https, or plain http to this machine; the HTTP sources' client, deadline, credentials and
    /// cache age; `--repo-update` asks again), read as JSON when the URL's file name ends in `.json`
    /// and as Ruby otherwise (without running Ruby), with the limits of any podspec, and kept in the
    /// cache only once it reads. The pod's code is where the spec's `source` says.
    ///
    /// The lock's SPEC CHECKSUMS records the SHA-1 of the bytes. When the same `pod` line was locked
    /// with other bytes, the podspec changed under its URL: that is refused (`podspecURLChanged`)
    /// until `compose update NAME` (or `compose update`) accepts it.
    func readURLPodspec(
        _ dependency: Dependency, url text: String, lock: ProjectLock?, unlock: Unlock, repoUpdate: Bool
    ) throws -> ExternalPod {
        let root = dependency.rootName
        let written = strippingCredentials(text)
        guard let url = URL(string: text), url.host != nil else {
            throw ProjectError.podspecURLRefused(
                url: written, reason: "it is not a URL compose can read", location: dependency.location)
        }
        if let reason = PodspecDownload.refusal(of: url) {
            throw ProjectError.podspecURLRefused(url: written, reason: reason, location: dependency.location)
        }
        let download: PodspecDownload
        do {
            download = try PodspecDownload.fetch(
                url, home: home, settings: http, revalidate: repoUpdate, limit: Linter.maximumFileSize)
        } catch {
            throw ProjectError.podspecURLFailed(pod: root, location: dependency.location, error: error)
        }
        let format: PodspecFormat = url.path.hasSuffix(".json") ? .json : .ruby
        let summary = try PodspecSummary.parse(
            download.data, path: download.displayURL, checksum: SHA1.hex(of: download.data), format: format)
        guard summary.name == root else {
            throw ProjectError.podspecURLNameMismatch(
                pod: root, found: summary.name, url: download.displayURL, location: dependency.location)
        }
        download.remember()
        if let change = changeSinceLock(of: dependency, summary: summary, written: written, lock: lock, unlock: unlock)
        {
            throw change
        }
        var pod = ExternalPod(
            dependency: dependency, summary: summary, specPath: download.displayURL, specData: download.data,
            options: ["podspec": written], checkout: nil)
        if download.offline {
            pod.offlineNote = Finding(
                severity: .note, ruleID: ProjectRule.sourceOffline,
                message:
                    "\(download.displayURL) could not be reached; the podspec of \(root) was read from \(download.cacheFile.path) (as fetched earlier)."
            )
        }
        return pod
    }

    /// The refusal of a podspec whose bytes differ from those the lock recorded for the same `pod`
    /// line, unless the pod is being updated; nil when nothing says the lock saw other bytes (no
    /// lock, another line, an adopted Podfile.lock, whose checksums CocoaPods takes of the podspec
    /// it converted to JSON).
    private func changeSinceLock(
        of dependency: Dependency, summary: PodspecSummary, written: String, lock: ProjectLock?, unlock: Unlock
    ) -> ProjectError? {
        let root = dependency.rootName
        guard let lock, !lock.adoptedFromPodfileLock, let locked = lock.lockfile.specChecksums[root],
            locked != summary.checksum, lock.lockfile.externalSources[root] == ["podspec": written],
            lock.lockfile.dependencies.contains(Self.lockLine(of: dependency))
        else { return nil }
        switch unlock {
        case .all: return nil
        case .pods(let names) where names.contains(where: { Spec.rootName(of: $0).lowercased() == root.lowercased() }):
            return nil
        case .pods, .none: break
        }
        return .podspecURLChanged(
            pod: root, url: written, location: dependency.location, locked: locked, now: summary.checksum,
            lockedVersion: lock.lockfile.lockedVersions[root]?.string, version: summary.version.string)
    }
}
