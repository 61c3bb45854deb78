import Foundation
import Git
import Lint
import PackageManifests
import SpecRepos
import Specs

/// What `publish` checks beyond lint, before anything is tagged (rule ids for `--ignore`):
/// `publish-dependencies`, every dependency is in the spec repos at a version that satisfies it;
/// `publish-manifest`, the component's Package.swift offers a library product of the spec's module
/// and depends on the packages the spec depends on.
package typealias PublishCheck = RuleCatalog.Publish

/// A dependency key of a spec, where it is and what it requires.
struct SpecDependencyKey {
    let name: String
    let location: SourceLocation
    let requirements: [String]

    var root: String { Spec.rootName(of: name) }

    /// Every dependency key of `node` (the root's, its platform blocks', and its subspecs', test
    /// specs' and app specs').
    static func all(in node: JSONNode) -> [SpecDependencyKey] {
        var keys: [SpecDependencyKey] = []
        func visit(_ node: JSONNode) {
            for member in node["dependencies"]?.members ?? [] {
                let requirements =
                    member.value.arrayValue?.compactMap(\.stringValue) ?? member.value.stringValue.map { [$0] } ?? []
                keys.append(
                    SpecDependencyKey(name: member.key, location: member.keyLocation, requirements: requirements))
            }
            for platform in Platform.names { if let block = node[platform], block.isObject { visit(block) } }
            for list in ["subspecs", "testspecs", "appspecs"] {
                for child in node[list]?.arrayValue ?? [] where child.isObject { visit(child) }
            }
        }
        visit(node)
        return keys
    }
}

extension Publisher {
    /// The dependency and manifest findings of `spec` (read from `specURL`, shown as `shown`), as
    /// lint findings of the catalog's `publish-` rules. `searched` are the spec repos a dependency is
    /// looked up in, in order.
    func publishProblems(
        _ spec: PublishSpec, specURL: URL, shown: String, componentDirectory: URL, searched: [String],
        ignoring ignored: Set<String>
    ) -> [Finding] {
        let keys = SpecDependencyKey.all(in: spec.spec.json).filter { $0.root != spec.name }
        var problems: [Finding] = []
        let repositories = searched.map { ($0, SpecRepository(root: store.home.repoDirectory($0))) }
        if !ignored.contains(PublishCheck.dependencies) {
            var seen = Set<String>()
            for key in keys where seen.insert("\(key.name) \(key.requirements)").inserted {
                let wanted = (try? RequirementSet(parsing: key.requirements)) ?? .any
                var found: [(repo: String, versions: [Version])] = []
                for (name, repository) in repositories {
                    let versions = repository.versions(of: key.root)
                    if !versions.isEmpty { found.append((name, versions)) }
                }
                let requirement = key.requirements.isEmpty ? "" : " (\(key.requirements.joined(separator: ", ")))"
                if found.isEmpty {
                    problems.append(
                        Finding(
                            severity: .error, ruleID: PublishCheck.dependencies,
                            message: "`\(key.root)` is in none of the spec repos searched "
                                + "(\(searched.joined(separator: ", "))); publish it first, or name the repo that has it "
                                + "with --sources", file: shown, at: key.location))
                } else if !found.contains(where: { $0.versions.contains(where: wanted.isSatisfied(by:)) }) {
                    let have = found.map {
                        "\($0.versions.prefix(5).map(\.string).joined(separator: ", ")) in \($0.repo)"
                    }
                    problems.append(
                        Finding(
                            severity: .error, ruleID: PublishCheck.dependencies,
                            message: "no released \(key.root) satisfies \(key.name)\(requirement): the spec repos have "
                                + "\(have.joined(separator: "; ")); publish a matching \(key.root) first",
                            file: shown, at: key.location))
                }
            }
        }
        let manifestFile =
            ManifestFile.choose(
                among: (try? FileManager.default.contentsOfDirectory(atPath: componentDirectory.path)) ?? [])
            ?? "Package.swift"
        let manifestURL = componentDirectory.appendingPathComponent(manifestFile)
        guard !ignored.contains(PublishCheck.manifest),
            let data = FileManager.default.contents(atPath: manifestURL.path)
        else { return problems }
        let manifest = ManifestSummary(source: String(decoding: data, as: UTF8.self))
        let manifestShown = manifestFile
        let nameLocation = spec.spec.json.member("name")?.keyLocation ?? .start
        // A module_name that is no identifier is the lint's to report; the rule then has nothing to compare.
        if let naming = try? PodModule(spec: spec.spec), naming.product(among: manifest.productNames) == nil,
            manifest.isComplete
        {
            let module = naming.module
            let listed =
                manifest.products.isEmpty
                ? "it declares none"
                : "it has " + manifest.products.map { "`\($0.name)` at line \($0.line)" }.joined(separator: ", ")
            problems.append(
                Finding(
                    severity: .error, ruleID: PublishCheck.manifest,
                    message: "no library product is named `\(module)` (\(listed)), the module the "
                        + "podspec names at \(shown):\(nameLocation.line):\(nameLocation.column); an app that links "
                        + "`\(module)` would not build. Rename one of them", file: manifestShown, line: 1, column: 1))
        }
        let identities = Set(manifest.dependencies.map(\.identity))
        var missing = Set<String>()
        for key in keys where !identities.contains(key.root.lowercased()) && missing.insert(key.root).inserted {
            let listed =
                manifest.dependencies.isEmpty
                ? "it has none" : manifest.dependencies.map { "\($0.shown) at line \($0.line)" }.joined(separator: ", ")
            problems.append(
                Finding(
                    severity: .error, ruleID: PublishCheck.manifest,
                    message: "the podspec depends on `\(key.root)`, "
                        + "but Package.swift has no package dependency named so (\(listed))", file: shown,
                    at: key.location))
        }
        let specRoots = Set(keys.map { $0.root.lowercased() })
        for package in manifest.dependencies where !specRoots.contains(package.identity) {
            guard
                let component = repositories.lazy.compactMap({ _, repository in
                    repository.podNames().first { $0.lowercased() == package.identity }
                }).first
            else { continue }
            let dependencies = keys.first.map { " (its dependencies start at \(shown):\($0.location.line))" } ?? ""
            problems.append(
                Finding(
                    severity: .error, ruleID: PublishCheck.manifest,
                    message: "Package.swift depends on \(package.shown), the component "
                        + "`\(component)` of the spec repos, but the podspec does not\(dependencies); add it to the "
                        + "podspec's dependencies or remove it", file: manifestShown, line: package.line, column: 1))
        }
        return problems
    }
}

extension Publisher {
    /// `publish --dry-run`: every check has passed; what a publish would do, step by step, from the
    /// component's checkout and the spec repo's clone as they are (nothing fetched, tagged or written).
    func dryRun(
        _ spec: PublishSpec, specURL: URL, repo: String, directory: URL, options: PublishOptions
    ) throws(PublishError) -> PublishResult {
        var steps = ["lint and the publish checks passed (\(specURL.lastPathComponent))"]
        if options.noTag {
            steps.append("no tag (--no-tag)")
        } else {
            guard let tag = spec.tag, !tag.isEmpty else { throw .noTagInSource(path: specURL.path) }
            do {
                let component = try Repository.discover(from: specURL.deletingLastPathComponent())
                let changes = try component.status()
                if !changes.isEmpty {
                    throw PublishError.componentNotClean(path: component.location.path, files: changes.map(\.path))
                }
                guard let head = try component.headCommit() else {
                    throw PublishError.componentNotClean(path: component.location.path, files: ["(no commits yet)"])
                }
                let remote = try remoteName(for: spec.gitURL, in: component)
                let url = redact(try component.remoteURL(remote) ?? remote)
                if let existing = try component.tagCommit(tag) {
                    guard existing == head else {
                        throw PublishError.tagElsewhere(tag: tag, tagCommit: existing.short, head: head.short)
                    }
                    steps.append("tag \(tag) exists at HEAD (\(head.short)); push it to \(remote) (\(url))")
                } else {
                    steps.append("tag HEAD (\(head.short)) as \(tag), annotated, and push it to \(remote) (\(url))")
                }
            } catch let error as PublishError {
                throw error
            } catch let error as GitError {
                throw .repo(.git(error, context: "cannot read the component's checkout"))
            } catch {
                throw .noComponentRepository(path: specURL.deletingLastPathComponent().path)
            }
        }
        let layout = SpecRepoLayout(root: directory)
        let podName: SafeName
        do { podName = try SafeName(spec.name, as: .pod) } catch {
            throw .repo(.unreadableSpec(path: spec.name, message: error.description))
        }
        let file = layout.specPath(podName, version: spec.version)
        let versions = layout.versionFolders(of: spec.name)
        let message: String
        if versions.contains(where: { $0.folder == spec.version }) {
            guard options.overwrite || options.ci else {
                throw .versionExists(name: spec.name, version: spec.version, repo: repo, identical: false)
            }
            message = "[Fix] \(spec.name) (\(spec.version))"
        } else {
            message =
                versions.isEmpty ? "[Add] \(spec.name) (\(spec.version))" : "[Update] \(spec.name) (\(spec.version))"
        }
        let url = redact((try? Repository.open(at: directory).remoteURL()).flatMap { $0 } ?? repo)
        steps.append("fetch '\(repo)' (\(url)) and fast-forward its clone")
        steps.append("write \(file) (canonical JSON), commit it as \(message) and push to \(url)")
        return PublishResult(
            name: spec.name, version: spec.version, repo: repo, tag: options.noTag ? nil : spec.tag, tagCreated: false,
            commit: nil, commitMessage: nil, retries: 0, note: nil, plan: steps)
    }
}
