import Support

/// What Xcode's objects mean, as far as integration needs: names as Xcode shows them, build phases of a
/// target, where a file reference points.
extension PBXProjDocument {
    /// The name Xcode shows for a file reference or group: its `name`, else the last component of its path.
    package func displayName(_ id: String) -> String? {
        guard let object = object(id) else { return nil }
        if let name = object.body.string("name") { return name }
        if let path = object.body.string("path") { return path.split(separator: "/").last.map(String.init) ?? path }
        if let product = object.body.string("productName") { return product }
        return nil
    }

    /// The name of a build phase: its `name`, else the one Xcode gives its kind.
    package func phaseName(_ phase: PBXObject) -> String {
        if let name = phase.body.string("name") { return name }
        switch phase.isa {
        case "PBXFrameworksBuildPhase": return "Frameworks"
        case "PBXSourcesBuildPhase": return "Sources"
        case "PBXResourcesBuildPhase": return "Resources"
        case "PBXHeadersBuildPhase": return "Headers"
        case "PBXCopyFilesBuildPhase": return "CopyFiles"
        case "PBXShellScriptBuildPhase": return "ShellScript"
        case "PBXRezBuildPhase": return "Rez"
        default: return phase.isa
        }
    }

    /// The build phases of `target`, in order.
    package func buildPhases(of target: PBXObject) -> [PBXObject] {
        target.body.strings("buildPhases").compactMap(object)
    }

    /// The build configurations of a target or of the project.
    package func buildConfigurations(of owner: PBXObject) -> [PBXObject] {
        guard let list = owner.body.string("buildConfigurationList").flatMap(object) else { return [] }
        return list.body.strings("buildConfigurations").compactMap(object)
    }

    /// The group holding each file reference and group (its parent), by id.
    package func parents() -> [String: String] {
        var parents: [String: String] = [:]
        for case let object? in storage
        where object.isa == "PBXGroup" || object.isa == "PBXVariantGroup" || object.isa == "XCVersionGroup" {
            for child in object.body.strings("children") { parents[child] = object.id }
        }
        return parents
    }

    /// The path of a file reference or group relative to the folder holding the `.xcodeproj` (where
    /// `<group>` and `SOURCE_ROOT` paths start); nil when it is relative to something else (the SDK,
    /// built products) or absolute. For many lookups, `ProjectPaths` remembers the groups on the way.
    package func projectRelativePath(_ id: String, parents: [String: String]) -> String? {
        var paths = ProjectPaths(self, parents: parents)
        return paths.path(of: id, in: self)
    }

    /// `path` with `.` components and `x/..` pairs taken out (leading `..` kept).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}

/// Paths of file references and groups relative to the folder holding the `.xcodeproj`, the groups on
/// the way remembered (one walk per group for a whole project).
package struct ProjectPaths {
    let parents: [String: String]
    let projectFolder: String?
    var cache: [String: String?] = [:]

    package init(_ document: PBXProjDocument, parents: [String: String]) {
        self.parents = parents
        let projectDir = document.projectObject?.body.string("projectDirPath") ?? ""
        self.projectFolder = projectDir.hasPrefix("/") ? nil : projectDir
    }

    /// The path of `id` (see `PBXProjDocument.projectRelativePath`).
    package mutating func path(of id: String, in document: PBXProjDocument) -> String? {
        unnormalized(id, in: document, depth: 0).map(PBXProjDocument.normalized)
    }

    mutating func unnormalized(_ id: String, in document: PBXProjDocument, depth: Int) -> String? {
        if let cached = cache[id] { return cached }
        guard let object = document.object(id), depth < 256 else { return nil }
        let own = object.body.string("path") ?? ""
        func joined(_ base: String?) -> String? {
            guard let base, !own.hasPrefix("/") else { return nil }
            return base.isEmpty ? own : own.isEmpty ? base : joinedPath(base, own)
        }
        let result: String?
        switch object.body.string("sourceTree") ?? "<group>" {
        case "<group>":
            if let parent = parents[id] {
                result = joined(unnormalized(parent, in: document, depth: depth + 1))
            } else {
                result = joined(projectFolder)
            }
        case "SOURCE_ROOT":
            result = joined(projectFolder)
        default:
            result = nil
        }
        cache[id] = .some(result)
        return result
    }
}
