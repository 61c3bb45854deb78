import Foundation
import Mustache

/// The kinds of component `compose lib create` makes, one folder each under Templates/.
package enum ComponentKind: String, CaseIterable, Sendable {
    /// A base component (Networking, Logging): no dependencies on other components.
    case base
    /// A business component (Pay), created together with its `NAMEMediator` companion.
    case business
    /// A mediator package (`PayMediator`): the service protocol and typed calls of one business component.
    case mediator
    /// The mediator core (`Mediator`): the `ServiceRegistry` and `MediatorError` every mediator uses.
    case core
}

/// What to create.
package struct ScaffoldRequest: Sendable {
    package var name: String
    package var kind: ComponentKind
    package var author: String
    package var email: String?
    /// The spec's `source.git` and the `origin` remote; nil gives a placeholder to edit before publishing.
    package var gitURL: String?
    /// The folder that receives `NAME/` (and `NAMEMediator/` for a business component).
    package var outputDirectory: URL
    package var version: String
    /// The mediator core that mediator and business components depend on, and its version.
    package var coreName: String
    package var coreVersion: String
    /// The core's git URL; nil: beside `gitURL` (`https://host/ios/Mediator.git`).
    package var coreURL: String?
    /// A business component's mediator's git URL; nil: beside `gitURL` (`…/PayMediator.git`).
    package var mediatorURL: String?
    /// Make a git repository with a first commit in each new folder.
    package var makeGitCommit: Bool
    package var year: Int

    package init(
        name: String, kind: ComponentKind, author: String, email: String? = nil, gitURL: String? = nil,
        outputDirectory: URL, version: String = "0.1.0", coreName: String = "Mediator",
        coreVersion: String = "0.1.0", makeGitCommit: Bool = true,
        year: Int = Calendar(identifier: .gregorian).component(.year, from: Date())
    ) {
        self.name = name
        self.kind = kind
        self.author = author
        self.email = email
        self.gitURL = gitURL
        self.outputDirectory = outputDirectory
        self.version = version
        self.coreName = coreName
        self.coreVersion = coreVersion
        self.makeGitCommit = makeGitCommit
        self.year = year
    }

    /// The URL a component is published at when none was given.
    package static func placeholderURL(for name: String) -> String { "https://git.example.com/ios/\(name).git" }
}

/// A component that was created.
package struct CreatedComponent: Sendable, Equatable {
    package let name: String
    package let kind: ComponentKind
    package let folder: URL
    package let gitURL: String
    /// Paths of the written files, relative to `folder`, sorted.
    package let files: [String]
    /// Whether a git repository with a first commit was made.
    package let committed: Bool
}

/// Where templates come from: the copy inside the binary, or a folder laid out like Templates/.
package enum TemplateSource: Sendable {
    case embedded
    case directory(URL)

    /// Every template file of `kind` (with the files common to all kinds), path → text.
    func files(for kind: ComponentKind) throws(ScaffoldError) -> [String: String] {
        var result: [String: String] = [:]
        for folder in ["common", kind.rawValue] {
            switch self {
            case .embedded:
                for (key, text) in embeddedTemplateFiles where key.hasPrefix(folder + "/") {
                    result[String(key.dropFirst(folder.count + 1))] = text
                }
            case .directory(let root):
                for (path, text) in try readTree(root.appendingPathComponent(folder)) { result[path] = text }
            }
        }
        if result.isEmpty {
            throw .templateError(path: kind.rawValue, message: "no template files for the kind '\(kind.rawValue)'")
        }
        return result
    }

    /// Every file of the embedded or folder templates, keyed `kind/relative/path` (for comparisons).
    package func allFiles() throws(ScaffoldError) -> [String: String] {
        switch self {
        case .embedded: return embeddedTemplateFiles
        case .directory(let root):
            return try readTree(root).filter { $0.key.contains("/") }
        }
    }

    private func readTree(_ root: URL) throws(ScaffoldError) -> [String: String] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [:]
        }
        guard let enumerator = fileManager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return [:]
        }
        var result: [String: String] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            do {
                result[String(path.dropFirst(prefix.count))] = try String(contentsOf: url, encoding: .utf8)
            } catch {
                throw .templateError(path: path, message: "\(error.localizedDescription)")
            }
        }
        return result
    }
}

/// Renders Templates/<kind>/ into new component folders, atomically: everything is rendered into a
/// hidden staging folder beside the destination and moved into place only when complete.
package struct ComponentScaffolder: Sendable {
    package let templates: TemplateSource
    /// Makes the first commit of a new component (folder, remote URL); nil skips git.
    package let commit: (@Sendable (URL, String) throws -> Void)?

    package init(templates: TemplateSource = .embedded, commit: (@Sendable (URL, String) throws -> Void)? = nil) {
        self.templates = templates
        self.commit = commit
    }

    /// Creates the component of `request` (and, for a business component, its mediator).
    package func create(_ request: ScaffoldRequest) throws(ScaffoldError) -> [CreatedComponent] {
        try validateComponentName(request.name)
        try validateComponentName(request.coreName)
        try validate(request)
        let gitURL = request.gitURL ?? ScaffoldRequest.placeholderURL(for: request.name)

        var plans: [(name: String, kind: ComponentKind, gitURL: String, context: [String: Any])] = []
        switch request.kind {
        case .base, .core:
            plans.append(
                (
                    request.name, request.kind, gitURL,
                    context(request, name: request.name, gitURL: gitURL, component: request.name)
                ))
        case .mediator:
            guard request.name.hasSuffix("Mediator"), request.name.count > "Mediator".count else {
                throw .invalidName(
                    request.name, reason: "a mediator package is named after its component: PayMediator for Pay")
            }
            let component = String(request.name.dropLast("Mediator".count))
            plans.append(
                (
                    request.name, .mediator, gitURL,
                    context(request, name: request.name, gitURL: gitURL, component: component)
                ))
        case .business:
            let mediator = request.name + "Mediator"
            try validateComponentName(mediator)
            let mediatorURL = request.mediatorURL ?? siblingURL(of: gitURL, named: mediator)
            plans.append(
                (
                    request.name, .business, gitURL,
                    context(request, name: request.name, gitURL: gitURL, component: request.name)
                ))
            plans.append(
                (
                    mediator, .mediator, mediatorURL,
                    context(request, name: mediator, gitURL: mediatorURL, component: request.name)
                ))
        }

        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: request.outputDirectory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw .outputNotAFolder(request.outputDirectory.path)
        }
        for plan in plans {
            let destination = request.outputDirectory.appendingPathComponent(plan.name)
            if fileManager.fileExists(atPath: destination.path) { throw .folderExists(destination.path) }
        }

        // Render everything before touching the disk, so that a broken template writes nothing.
        var rendered:
            [(
                plan: (name: String, kind: ComponentKind, gitURL: String, context: [String: Any]),
                files: [String: String]
            )] = []
        for plan in plans {
            rendered.append((plan, try render(kind: plan.kind, context: plan.context)))
        }

        let staging = request.outputDirectory.appendingPathComponent(".compose-create-\(UUID().uuidString.prefix(8))")
        defer { try? fileManager.removeItem(at: staging) }
        var created: [CreatedComponent] = []
        for (plan, files) in rendered {
            let folder = staging.appendingPathComponent(plan.name)
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                do {
                    try fileManager.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url)
                } catch {
                    throw .writeFailed(path: url.path, message: error.localizedDescription)
                }
            }
            var committed = false
            if request.makeGitCommit, let commit {
                do { try commit(folder, plan.gitURL) } catch {
                    throw .gitFailed(
                        path: request.outputDirectory.appendingPathComponent(plan.name).path, message: "\(error)")
                }
                committed = true
            }
            created.append(
                CreatedComponent(
                    name: plan.name, kind: plan.kind, folder: request.outputDirectory.appendingPathComponent(plan.name),
                    gitURL: plan.gitURL, files: files.keys.sorted(), committed: committed))
        }

        var moved: [URL] = []
        for component in created {
            do {
                try fileManager.moveItem(at: staging.appendingPathComponent(component.name), to: component.folder)
                moved.append(component.folder)
            } catch {
                for folder in moved { try? fileManager.removeItem(at: folder) }
                if fileManager.fileExists(atPath: component.folder.path) { throw .folderExists(component.folder.path) }
                throw .writeFailed(path: component.folder.path, message: error.localizedDescription)
            }
        }
        return created
    }

    private func validate(_ request: ScaffoldRequest) throws(ScaffoldError) {
        func check(_ option: String, _ value: String, allowSpaces: Bool) throws(ScaffoldError) {
            if value.isEmpty { throw .invalidValue(option: option, value: value, reason: "it is empty") }
            let forbidden: Set<Character> = ["\"", "\\", "{", "}", "`", "$"]
            if value.contains(where: {
                forbidden.contains($0) || $0.isNewline || ($0.asciiValue.map { $0 < 32 } ?? false)
            }) {
                throw .invalidValue(
                    option: option, value: value,
                    reason: "quotes, backslashes, braces, '$', '`' and control characters are not allowed")
            }
            if !allowSpaces, value.contains(where: \.isWhitespace) {
                throw .invalidValue(option: option, value: value, reason: "it contains whitespace")
            }
        }
        try check("--author", request.author, allowSpaces: true)
        if let email = request.email { try check("--email", email, allowSpaces: false) }
        if let gitURL = request.gitURL {
            try check("--git-url", gitURL, allowSpaces: false)
            guard gitURL.contains("://") || gitURL.contains("@") || gitURL.hasPrefix("/") else {
                throw .invalidValue(
                    option: "--git-url", value: gitURL,
                    reason: "it is not a git URL (https://host/path/Name.git, git@host:path/Name.git or file:///path)")
            }
        }
        for (option, version) in [("version", request.version), ("core version", request.coreVersion)] {
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
                throw .invalidValue(option: option, value: version, reason: "use MAJOR.MINOR.PATCH, such as 0.1.0")
            }
        }
    }

    private func context(_ request: ScaffoldRequest, name: String, gitURL: String, component: String) -> [String: Any] {
        let mediator = component + "Mediator"
        func majorMinor(_ version: String) -> String { version.split(separator: ".").prefix(2).joined(separator: ".") }
        return [
            "name": name,
            "version": request.version,
            "versionMajorMinor": majorMinor(request.version),
            "author": request.author,
            "authorsJSON": request.email.map { "{\n    \"\(request.author)\": \"\($0)\"\n  }" }
                ?? "\"\(request.author)\"",
            "gitURL": gitURL,
            "homepage": homepage(for: gitURL),
            "year": String(request.year),
            "component": component,
            "componentAccessor": lowerCamel(component),
            "core": request.coreName,
            "coreURL": request.coreURL ?? siblingURL(of: gitURL, named: request.coreName),
            "coreVersion": request.coreVersion,
            "coreRequirement": "~> " + majorMinor(request.coreVersion),
            "mediator": mediator,
            "mediatorURL": mediator == request.name + "Mediator"
                ? request.mediatorURL ?? siblingURL(of: gitURL, named: mediator)
                : siblingURL(of: gitURL, named: mediator),
            "mediatorVersion": request.version,
            "mediatorRequirement": "~> " + majorMinor(request.version),
        ]
    }

    private func render(kind: ComponentKind, context: [String: Any]) throws(ScaffoldError) -> [String: String] {
        // `isBase`, `isBusiness`, `isMediator`, `isCore`: the files common to every kind (the
        // podspec) keep what differs in a section per kind.
        var context = context
        for other in ComponentKind.allCases { context["is" + other.rawValue.capitalized] = other == kind }
        var output: [String: String] = [:]
        for (path, text) in try templates.files(for: kind) {
            let renderedPath = try renderString(path, context: context, at: "\(kind.rawValue)/\(path)")
            let parts = renderedPath.split(separator: "/", omittingEmptySubsequences: false)
            guard !renderedPath.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else {
                throw .templateError(
                    path: "\(kind.rawValue)/\(path)",
                    message: "the rendered path '\(renderedPath)' leaves the component folder")
            }
            output[renderedPath] = try renderString(text, context: context, at: "\(kind.rawValue)/\(path)")
        }
        return output
    }

    private func renderString(_ text: String, context: [String: Any], at path: String) throws(ScaffoldError) -> String {
        do {
            // Plain text, not HTML: nothing is escaped.
            let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + text)
            return template.render(context)
        } catch {
            throw .templateError(path: path, message: "\(error)")
        }
    }
}

/// `https://host/ios/Pay.git` + `PayMediator` → `https://host/ios/PayMediator.git`: components of one
/// team live side by side, so the URLs of a component's mediator and of the core are derived from its own.
func siblingURL(of url: String, named name: String) -> String {
    let suffix = url.hasSuffix(".git") ? ".git" : ""
    guard let slash = url.lastIndex(where: { $0 == "/" || $0 == ":" }) else { return name + suffix }
    return String(url[...slash]) + name + suffix
}

/// The spec's homepage: the repository's web address for http(s) URLs, the URL itself otherwise.
func homepage(for gitURL: String) -> String {
    guard gitURL.hasPrefix("https://") || gitURL.hasPrefix("http://") else { return gitURL }
    return gitURL.hasSuffix(".git") ? String(gitURL.dropLast(4)) : gitURL
}
