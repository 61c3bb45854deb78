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
        for object in objects
        where object.isa == "PBXGroup" || object.isa == "PBXVariantGroup" || object.isa == "XCVersionGroup" {
            for child in object.body.strings("children") { parents[child] = object.id }
        }
        return parents
    }

    /// The path of a file reference or group relative to the folder holding the `.xcodeproj` (where
    /// `<group>` and `SOURCE_ROOT` paths start); nil when it is relative to something else (the SDK,
    /// built products) or absolute.
    package func projectRelativePath(_ id: String, parents: [String: String]) -> String? {
        var components: [String] = []
        var current: String? = id
        var depth = 0
        while let id = current, let object = object(id), depth < 256 {
            depth += 1
            let tree = object.body.string("sourceTree") ?? "<group>"
            if let path = object.body.string("path"), !path.isEmpty { components.insert(path, at: 0) }
            switch tree {
            case "<group>":
                current = parents[id]
            case "SOURCE_ROOT":
                current = nil
            default:
                return nil
            }
        }
        if let projectDir = projectObject?.body.string("projectDirPath"), !projectDir.isEmpty {
            if projectDir.hasPrefix("/") { return nil }
            components.insert(projectDir, at: 0)
        }
        return Self.normalized(components.joined(separator: "/"))
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
