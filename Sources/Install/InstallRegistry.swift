import CDN
import Foundation
import Project
import Registry
import Specs
import Support

/// `compose install --registry URL --registry-scope SCOPE`: the components that the registry has
/// are pinned by identity (`.package(id: "SCOPE.Name", exact:)`) instead of by git URL, and
/// `Composed/.swiftpm/configuration/registries.json` names the registry, with
/// `replaceScmWithRegistry`, so the git URLs that components write in their own manifests resolve
/// through it too. SwiftPM then needs no git access to the components at all.
package struct InstallRegistry: Sendable, Equatable {
    /// The registry's URL, without a trailing slash.
    package let url: String
    package let scope: String

    /// Refuses a URL that is not http(s) with a host, and a scope that is not a registry scope.
    package init(url: String, scope: String) throws(InstallError) {
        var text = url
        while text.hasSuffix("/") { text.removeLast() }
        guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
            scheme == "https" || scheme == "http", parsed.host?.isEmpty == false, parsed.query == nil,
            parsed.user == nil
        else {
            throw .invalidRegistry(
                "--registry \(escapedForDisplay(url)) is not an http(s) URL of a registry (https://host/path, no user, no query)"
            )
        }
        guard RegistryIdentity.isValidScope(scope) else {
            throw .invalidRegistry(
                "--registry-scope \(escapedForDisplay(scope)) is not a registry scope: 1 to 39 letters, digits and -, as the export was given (--scope)"
            )
        }
        self.url = text
        self.scope = scope
    }

    /// One client (and its kept-alive connections) for every manifest asked of the registry; nil until
    /// the install gives it its HTTP settings (`connected(with:)`).
    private(set) var client: CDN.HTTPClient?

    /// This registry with a client of `settings`: the install's own (`COMPOSE_NETWORK_TIMEOUT`,
    /// `COMPOSE_NETWORK_DEADLINE`, the tokens of `COMPOSE_CDN_TOKEN…`, `COMPOSE_CA_BUNDLE`), as an HTTP
    /// spec source and a prebuilt download have them.
    func connected(with settings: HTTPSettings) -> InstallRegistry {
        var connected = self
        connected.client = URL(string: url).map { CDN.HTTPClient(base: $0, settings: settings) }
        return connected
    }

    package static func == (lhs: InstallRegistry, rhs: InstallRegistry) -> Bool {
        lhs.url == rhs.url && lhs.scope == rhs.scope
    }

    /// The identity and version a locked pod has in the registry; nil when its name or version
    /// cannot be one (it stays a git dependency).
    func release(of name: String, version: String) -> (identity: RegistryIdentity, version: String)? {
        guard let identity = RegistryIdentity(scope: scope, name: name),
            let registryVersion = RegistryIdentity.registryVersion(of: version)
        else { return nil }
        return (identity, registryVersion)
    }

    /// The release's `Package.swift` from the registry, or nil when the registry does not have it.
    func manifest(of identity: RegistryIdentity, version: String, client: CDN.HTTPClient) throws(InstallError)
        -> Data?
    {
        let address = "\(url)/\(identity.scope)/\(identity.name)/\(version)/Package.swift"
        guard let target = URL(string: address) else { return nil }
        do {
            let response = try client.get(target, limit: HTTPLimits.spec)
            return response.status == 200 ? response.body : nil
        } catch {
            throw .fetchFailed(name: identity.name, url: address, message: error.description)
        }
    }

    /// `registries.json` (SwiftPM's configuration, version 1): the registry as the default and for
    /// its scope, and git URLs replaced by registry identities where the registry knows them.
    func configurationJSON() -> String {
        let entry = "{\n      \"supportsAvailability\" : false,\n      \"url\" : \(jsonLiteral(url))\n    }"
        return """
            {
              "authentication" : {

              },
              "registries" : {
                "[default]" : \(entry),
                \(jsonLiteral(scope)) : \(entry)
              },
              "replaceScmWithRegistry" : true,
              "version" : 1
            }

            """
    }
}

extension Installer {
    /// The registry pin and linked product of a spec-repo pod the registry has; nil (with a note)
    /// when it does not have that release, which is then installed from git as without a registry.
    func registryPin(_ pod: InstallInputs.Pod, naming: PodModule, registry: InstallRegistry, notes: inout [Finding])
        throws(InstallError) -> (pin: ComponentPin, product: LinkedProduct)?
    {
        guard let (identity, version) = registry.release(of: pod.name, version: pod.version.string) else {
            notes.append(
                .installNote(
                    InstallRule.registryNotARelease,
                    "\(pod.name) \(pod.version.string) cannot be a registry release (its name or version is not one): installed from git."
                ))
            return nil
        }
        guard let client = registry.client else {
            throw .invalidRegistry("--registry \(registry.url) cannot be reached")
        }
        guard let manifest = try registry.manifest(of: identity, version: version, client: client) else {
            notes.append(
                .installNote(
                    InstallRule.registryMissing,
                    "\(identity) \(version) is not in the registry at \(registry.url): \(pod.name) is installed from git (compose registry export adds it)."
                ))
            return nil
        }
        let files = PodFiles(
            files: ["Package.swift"], shown: "\(registry.url)/\(identity.scope)/\(identity.name)/\(version)",
            read: { _ in manifest })
        guard
            let product = try offeredProduct(
                pod, naming: naming, in: files, reference: "\(identity) \(version)", notes: &notes)
        else { return nil }
        guard product.unsafeFlags.isEmpty else {
            notes.append(
                .installNote(
                    InstallRule.registryUnsafeFlags,
                    "\(pod.name): its Package.swift uses unsafeFlags, which SwiftPM refuses in a registry release: installed from git."
                ))
            return nil
        }
        return (.registry(id: identity.description, version: version), product)
    }
}
