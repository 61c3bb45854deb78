import ComposefileFormat
import Digests
import Foundation
import Resolution
import SpecRepos
import Specs
import Support

/// A project folder read and its sources opened: everything a resolve needs before solving.
struct LoadedProject {
    let composefile: Composefile
    let composefileBytes: Data
    /// The file read: the Composefile, or the Podfile when there is no Composefile.
    let composefilePath: String
    /// The lock read (Compose.lock, else an adopted Podfile.lock).
    let lockRead: ProjectLock?
    var previousLock: Lockfile? { lockRead?.lockfile }
    let sources: [PodSource]
    let restrictedSources: [String: PodSource]
    let externals: [String: ExternalPod]
    let platforms: [(name: String, deploymentTarget: Version?)]
    /// The Composefile line that set each platform's deployment target (`Composefile:3`).
    let platformOrigins: [String: String]
    let notes: [Finding]
    /// With no platform declared: the files and folders the platform was looked for in (the project
    /// folder, each `.xcodeproj` and its `project.pbxproj`), so that a change to them is a change.
    var platformWitnessPaths: [String] = []

    /// Whether the platform was looked for in an Xcode project (no platform line, a `.xcodeproj` beside
    /// the Composefile): the lock's checksum of the Composefile does not cover it.
    var platformFromXcodeProject: Bool { platformWitnessPaths.count > 1 }

    /// How explanations name the file the top-level requirements come from: "the Podfile" when the
    /// Podfile is read, else "the Composefile".
    var resolverOptions: ResolverOptions {
        ResolverOptions(rootName: "the " + URL(fileURLWithPath: composefilePath).lastPathComponent)
    }

    /// Every folder source (the restricted ones included).
    var folderSources: [SpecRepository] {
        (sources + restrictedSources.values).compactMap(\.folder)
    }

    func provider() -> ProjectProvider {
        ProjectProvider(
            sources: sources, restrictedSources: restrictedSources, externals: externals, platforms: platforms,
            platformOrigins: platformOrigins)
    }

    /// Every Composefile line as a top-level requirement (external pods pinned to their version),
    /// plus the target platforms.
    var rootRequirements: [PackageRequirement] {
        var seen: Set<String> = []
        var result: [PackageRequirement] = []
        for dependency in composefile.allDependencies {
            var requirements = dependency.requirements
            if let external = externals[dependency.rootName] {
                requirements = RequirementSet([Requirement(.equal, external.summary.version)])
            }
            let key = "\(dependency.name) \(requirements)"
            guard seen.insert(key).inserted else { continue }
            let location = dependency.location
            result.append(
                PackageRequirement(
                    name: dependency.name, requirements: requirements, origin: "\(location.file):\(location.line)"))
        }
        return result
            + provider().platformRequirements.map { requirement in
                var requirement = requirement
                let platform = platforms.first { ResolverPackage.platform($0.name).key == requirement.name }
                requirement.origin = platform.flatMap { platformOrigins[$0.name] }
                return requirement
            }
    }
}

extension ResolveService {
    /// Reads the Composefile (else the Podfile), the lock, and opens every source. A `:git` pod whose
    /// Composefile line is unchanged since the lock and that `unlock` does not name is read at its
    /// locked commit (a branch does not move until `compose update`).
    func load(repoUpdate: Bool, unlock: Unlock = .none) throws -> LoadedProject {
        let folder = projectURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ProjectError.projectNotFound(path: projectDirectory)
        }
        var chosen: String?
        for name in ["Composefile", "Podfile"]
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            chosen = name
            break
        }
        guard let chosen else { throw ComposefileError.notFound(directory: projectDirectory, path: folder.path) }
        let filePath = folder.appendingPathComponent(chosen).path
        guard let bytes = FileManager.default.contents(atPath: filePath) else {
            throw ComposefileError.unreadable(path: display(chosen), reason: "permission denied or not a file")
        }
        let composefile = try Composefile.parse(
            String(decoding: bytes, as: UTF8.self), path: display(chosen), directory: folder.path,
            environment: environment, allowedEnvironment: allowedEnvironment)
        let found = try Lockfile.readProjectLock(in: folder, display: display)
        let previous = found?.lockfile
        var notes = composefile.notes + (found?.messages ?? [])

        var sources: [PodSource] = []
        var opened: [String: PodSource] = [:]
        func open(_ url: String, at location: ComposefileLocation) throws -> PodSource {
            if let known = opened[url] { return known }
            let source = try openSource(url, at: location, repoUpdate: repoUpdate)
            opened[url] = source
            return source
        }
        for declaration in composefile.sources {
            sources.append(try open(declaration.url, at: declaration.location))
        }
        var restricted: [String: PodSource] = [:]
        var externals: [String: ExternalPod] = [:]
        for dependency in composefile.allDependencies {
            let root = dependency.rootName
            do {
                try SafeName.podPath(dependency.name)
            } catch {
                throw ProjectError.unsafeName(error, in: "\(dependency.location)")
            }
            if let url = dependency.source, restricted[root] == nil {
                restricted[root] = try open(url, at: dependency.location)
            }
            if let external = dependency.external, externals[root] == nil {
                if case .podspec(let location) = external, Self.isPodspecURL(location) {
                    externals[root] = try readURLPodspec(
                        dependency, url: location, lock: found, unlock: unlock, repoUpdate: repoUpdate)
                } else {
                    externals[root] = try readExternal(
                        dependency, external, lockedCommit: lockedCommit(of: dependency, in: previous, unlock: unlock))
                }
            }
        }

        var platforms: [(name: String, deploymentTarget: Version?)] = []
        var platformOrigins: [String: String] = [:]
        let declared = composefile.concreteTargets.compactMap(\.platform) + composefile.allPlatforms
        for name in PlatformDeclaration.names {
            let matching = declared.filter { $0.name == name }
            guard !matching.isEmpty else { continue }
            let lowest = matching.filter { $0.deploymentTarget != nil }.min {
                $0.deploymentTarget! < $1.deploymentTarget!
            }
            platforms.append((name, lowest?.deploymentTarget))
            let origin = (lowest ?? matching[0]).location
            platformOrigins[name] = "\(origin.file):\(origin.line)"
        }
        if platforms.isEmpty {
            // As CocoaPods does, the Xcode project beside the Podfile says what the app is built for.
            switch XcodeProjectPlatform.infer(in: folder) {
            case .found(let inferred):
                platforms = [(inferred.name, inferred.deploymentTarget)]
                platformOrigins[inferred.name] = display(inferred.file)
                let version = inferred.deploymentTarget.map { ", '\($0.string)'" } ?? ""
                notes.append(
                    Finding(
                        severity: .note, ruleID: ProjectRule.platformInferred,
                        message: "no platform is declared; \(Platform.displayName(inferred.name))"
                            + "\(inferred.deploymentTarget.map { " \($0.string)" } ?? "") is taken from "
                            + "\(display(inferred.file)) (add platform :\(inferred.name)\(version) to say so).",
                        location: .init(file: composefile.path)))
            case .undecided(let file, let names):
                platforms = [("ios", nil)]
                let said = names.isEmpty ? "names no SDK" : "builds for \(names.joined(separator: " and "))"
                notes.append(
                    Finding(
                        severity: .warning, ruleID: ProjectRule.platformAssumed,
                        message: "no platform is declared and \(display(file)) \(said); iOS is "
                            + "assumed. Declare it, for example: platform :ios, '15.0'",
                        location: .init(file: composefile.path)))
            case .noProject:
                platforms = [("ios", nil)]
                notes.append(
                    Finding(
                        severity: .warning, ruleID: ProjectRule.platformAssumed,
                        message: "no platform is declared and there is no Xcode project beside it; "
                            + "iOS is assumed. Declare it, for example: platform :ios, '15.0'",
                        location: .init(file: composefile.path)))
            }
        }
        return LoadedProject(
            composefile: composefile, composefileBytes: bytes, composefilePath: filePath, lockRead: found,
            sources: sources,
            restrictedSources: restricted, externals: externals, platforms: platforms,
            platformOrigins: platformOrigins, notes: notes,
            platformWitnessPaths: declared.isEmpty ? XcodeProjectPlatform.lookedAt(in: folder) : [])
    }

    /// Whether a source string is a git URL (`scheme://…` or `user@host:path`) rather than a folder.
    static func isGitURL(_ source: String) -> Bool {
        if source.contains("://") { return true }
        if let at = source.firstIndex(of: "@"), let colon = source.firstIndex(of: ":"), at < colon,
            !source.hasPrefix("/")
        {
            return true
        }
        return false
    }

    func openSource(_ url: String, at location: ComposefileLocation, repoUpdate: Bool) throws -> PodSource {
        if let http = try openHTTPSource(url, repoUpdate: repoUpdate) { return http }
        if Self.isGitURL(url) {
            return PodSource(key: url, folder: try cloneSpecRepository(url, repoUpdate: repoUpdate), home: home)
        }
        let folder = URL(fileURLWithPath: url, isDirectory: true, relativeTo: projectURL).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ProjectError.sourceNotFound(source: url, location: location)
        }
        return PodSource(key: url, folder: folder, home: home)
    }

    /// The commit the lock pins for a `:git` pod, when its line is as it was and it is not being updated.
    func lockedCommit(of dependency: Dependency, in lock: Lockfile?, unlock: Unlock) -> String? {
        guard let lock, lock.dependencies.contains(ResolveService.lockLine(of: dependency)) else { return nil }
        switch unlock {
        case .all: return nil
        case .pods(let names) where names.contains(where: { Spec.rootName(of: $0) == dependency.rootName }): return nil
        case .pods, .none: return lock.checkoutOptions[dependency.rootName]?["commit"]
        }
    }

    func readExternal(_ dependency: Dependency, _ external: ExternalSource, lockedCommit: String?) throws -> ExternalPod
    {
        let root = dependency.rootName
        switch external {
        case .path(let path):
            let folder = URL(fileURLWithPath: path, isDirectory: true, relativeTo: projectURL).standardizedFileURL
            // `Name.podspec.json` wins over `Name.podspec` when a folder has both.
            let candidates = PodspecFormat.fileNames(for: root).map { folder.appendingPathComponent($0) }
            guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }),
                let data = FileManager.default.contents(atPath: file.path)
            else {
                throw ProjectError.podspecNotFound(pod: root, path: path, location: dependency.location)
            }
            let summary = try PodspecSummary.parse(data, path: file.path, checksum: SHA1.hex(of: data))
            guard summary.name == root else {
                throw ProjectError.podspecNameMismatch(pod: root, found: summary.name, path: file.path)
            }
            return ExternalPod(
                dependency: dependency, summary: summary, specPath: file.path, specData: data, options: ["path": path],
                checkout: nil)
        case .git(let url, let reference):
            return try readGitExternal(dependency, url: url, reference: reference, lockedCommit: lockedCommit)
        case .podspec(let location):
            // A podspec at a path: the pod's code is where the spec's `source` says, as for a spec
            // repo's pod; only the spec comes from the file (a URL: `readURLPodspec`).
            let file = URL(fileURLWithPath: location, relativeTo: projectURL).standardizedFileURL
            guard PodspecFormat.of(path: file.path) != nil,
                let data = FileManager.default.contents(atPath: file.path)
            else {
                throw ProjectError.podspecNotFound(pod: root, path: location, location: dependency.location)
            }
            let summary = try PodspecSummary.parse(data, path: file.path, checksum: SHA1.hex(of: data))
            guard summary.name == root else {
                throw ProjectError.podspecNameMismatch(pod: root, found: summary.name, path: file.path)
            }
            return ExternalPod(
                dependency: dependency, summary: summary, specPath: file.path, specData: data,
                options: ["podspec": location], checkout: nil)
        }
    }
}
