/// Takes CocoaPods out of a project, as `pod deintegrate` does and further: the `[CP]`, `[CP-User]`
/// and older (`📦 …`, unprefixed) script phases, the Pods frameworks and libraries with their build
/// files (also stale ones in no phase), the Pods xcconfig references and the base configurations set to
/// them, the Pods group and a Frameworks group left empty. What still mentions CocoaPods is left as it
/// is and named in a note with its fix. Every other object keeps its id and its bytes.
package enum Deintegration {
    /// What `apply` did and what the caller still has to do on files other than the project.
    package struct Result: Sendable, Equatable {
        package var removed: [XcodeChange] = []
        package var notes: [XcodeNote] = []
        /// User xcconfig files used as base configurations (paths relative to the folder holding the
        /// `.xcodeproj`): they may `#include` a Pods xcconfig (`XcconfigIncludes` takes those lines out).
        package var userBaseConfigurations: [String] = []
    }

    /// The names CocoaPods gave its phases, without their prefix (`[CP] `, `📦 ` or none).
    static let podsPhaseNames: Set<String> = [
        "Check Pods Manifest.lock", "Embed Pods Frameworks", "Copy Pods Resources",
        "Copy XCFrameworks", "Prepare Artifacts", "Install Pods Artifacts",
    ]

    /// Whether a phase named `name` is one CocoaPods adds (`[CP-User]` ones included).
    package static func isPodsPhase(_ name: String) -> Bool {
        if name.hasPrefix("[CP] ") || name.hasPrefix("[CP-User] ") { return true }
        if name.hasPrefix("📦 ") { return podsPhaseNames.contains(String(name.dropFirst(2))) }
        return podsPhaseNames.contains(name)
    }

    /// Whether a file named `name` (the last component of its path) is a Pods product:
    /// `Pods_App.framework`, `Pods-App.framework`, `Pods.framework`, `libPods-App.a`, `libPods.a`.
    package static func isPodsProduct(_ name: String) -> Bool {
        if name.hasSuffix(".framework") {
            return name == "Pods.framework" || name.hasPrefix("Pods_") || name.hasPrefix("Pods-")
        }
        if name.hasSuffix(".a") { return name.hasPrefix("libPods") }
        return false
    }

    /// Whether a file at `path` is one of the xcconfigs CocoaPods writes.
    package static func isPodsXcconfig(_ path: String) -> Bool {
        guard path.hasSuffix(".xcconfig") else { return false }
        if path.contains("Target Support Files/Pods") { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "Pods.xcconfig" || name.hasPrefix("Pods-") || name.hasPrefix("Pods_") || name.hasPrefix("Pods.")
    }

    /// Whether `text` refers to what CocoaPods makes (`${PODS_ROOT}`, `$(PODS_…)`, the Pods folder).
    /// (`Pods/` only as a whole folder name: `MyPods/` is not the Pods folder.)
    package static func mentionsPods(_ text: String) -> Bool {
        if ["PODS_", "/Pods\"", "-l\"Pods", "-lPods", "-framework \"Pods", "-framework Pods"].contains(where: {
            text.contains($0)
        }) || text == "Pods" || text.hasSuffix("/Pods") {
            return true
        }
        var rest = text[...]
        while let found = rest.range(of: "Pods/") {
            if found.lowerBound == text.startIndex
                || " /\"'=(){}\t".contains(text[text.index(before: found.lowerBound)])
            {
                return true
            }
            rest = text[found.upperBound...]
        }
        return false
    }

    package static func apply(to document: inout PBXProjDocument) -> Result {
        var result = Result()
        var removing: Set<String> = []
        let parents = document.parents()

        func fileName(_ id: String) -> String? {
            guard let file = document.object(id) else { return nil }
            if let path = file.body.string("path") { return path.split(separator: "/").last.map(String.init) ?? path }
            return file.body.string("name")
        }

        // Pods products and xcconfigs, wherever they are referenced from.
        var podsFiles: Set<String> = []
        for file in document.objects(isa: "PBXFileReference") {
            let name = file.body.string("name") ?? ""
            let path = file.body.string("path") ?? ""
            let last = path.split(separator: "/").last.map(String.init) ?? path
            if isPodsProduct(last) || isPodsProduct(name) || isPodsXcconfig(path)
                || (name.hasSuffix(".xcconfig") && isPodsXcconfig(name))
            {
                podsFiles.insert(file.id)
            }
        }

        for target in document.targets {
            let targetName = target.body.string("name") ?? target.id
            for phase in document.buildPhases(of: target) {
                if phase.isa == "PBXShellScriptBuildPhase", let name = phase.body.string("name"), isPodsPhase(name) {
                    removing.insert(phase.id)
                    let script = firstCommand(phase.body.string("shellScript") ?? "")
                    result.removed.append(
                        XcodeChange(target: targetName, "the script phase '\(name)' (it ran \(script))"))
                    if name.hasPrefix("[CP-User] ") {
                        result.notes.append(
                            XcodeNote(
                                rule: XcodeRule.userScriptPhaseRemoved, target: targetName,
                                "removed the phase '\(name)', a pod's script_phase (it ran \(script)); if the app still needs it, add it back as a Run Script phase of your own"
                            ))
                    }
                    continue
                }
                for buildFile in phase.body.strings("files") {
                    guard let file = document.object(buildFile)?.body.string("fileRef"), podsFiles.contains(file) else {
                        continue
                    }
                    removing.insert(buildFile)
                    result.removed.append(
                        XcodeChange(
                            target: targetName,
                            "\(fileName(file) ?? file) from the '\(document.phaseName(phase))' phase"))
                }
            }
        }

        // Pods script phases in no target (left by an old integration).
        let inTargets = Set(document.targets.flatMap { $0.body.strings("buildPhases") })
        for phase in document.objects(isa: "PBXShellScriptBuildPhase") where !inTargets.contains(phase.id) {
            guard let name = phase.body.string("name"), isPodsPhase(name) else { continue }
            removing.insert(phase.id)
            result.removed.append(XcodeChange(target: nil, "the script phase '\(name)', in no target"))
        }

        // Build files of Pods products in no phase.
        for buildFile in document.objects(isa: "PBXBuildFile") where !removing.contains(buildFile.id) {
            if let file = buildFile.body.string("fileRef"), podsFiles.contains(file) { removing.insert(buildFile.id) }
        }

        // Base configurations.
        var owners: [(String?, PBXObject)] = document.targets.map { ($0.body.string("name") ?? $0.id, $0) }
        if let project = document.projectObject { owners.append((nil, project)) }
        var userBases: [String] = []
        for (ownerName, owner) in owners {
            for configuration in document.buildConfigurations(of: owner) {
                guard let base = configuration.body.string("baseConfigurationReference") else { continue }
                let configurationName = configuration.body.string("name") ?? configuration.id
                if podsFiles.contains(base) {
                    result.removed.append(
                        XcodeChange(
                            target: ownerName,
                            "the base configuration \(fileName(base) ?? base) of \(configurationName)"))
                } else if let path = document.projectRelativePath(base, parents: parents), !userBases.contains(path) {
                    userBases.append(path)
                }
            }
        }
        result.userBaseConfigurations = userBases

        for file in podsFiles.sorted() {
            removing.insert(file)
            result.removed.append(XcodeChange(target: nil, "the file reference \(fileName(file) ?? file)"))
        }

        // Groups: the Pods group once empty, and a Frameworks group left empty by this removal.
        var lostChildren: Set<String> = []
        for id in removing { if let parent = parents[id] { lostChildren.insert(parent) } }
        var changed = true
        while changed {
            changed = false
            for group in document.objects(isa: "PBXGroup") where !removing.contains(group.id) {
                let children = group.body.strings("children")
                guard children.allSatisfy({ removing.contains($0) }) else { continue }
                let name = group.body.string("name") ?? group.body.string("path") ?? ""
                let isPods = name == "Pods"
                let emptied = !children.isEmpty && lostChildren.contains(group.id) && name == "Frameworks"
                guard isPods || emptied, group.id != document.projectObject?.body.string("mainGroup") else { continue }
                removing.insert(group.id)
                if let parent = parents[group.id] { lostChildren.insert(parent) }
                result.removed.append(XcodeChange(target: nil, "the group \(name)"))
                changed = true
            }
        }

        document.remove(removing)
        result.notes += remainingMentions(in: document)
        return result
    }

    /// Notes for what still mentions CocoaPods after the removal: user script phases, build settings.
    static func remainingMentions(in document: PBXProjDocument) -> [XcodeNote] {
        var notes: [XcodeNote] = []
        var owners: [(String?, PBXObject)] = document.targets.map { ($0.body.string("name") ?? $0.id, $0) }
        if let project = document.projectObject { owners.append((nil, project)) }
        for target in document.targets {
            let targetName = target.body.string("name") ?? target.id
            for phase in document.buildPhases(of: target) where phase.isa == "PBXShellScriptBuildPhase" {
                let script = phase.body.string("shellScript") ?? ""
                guard mentionsPods(script) else { continue }
                let line = script.split(separator: "\n").first { mentionsPods(String($0)) }.map(String.init) ?? script
                notes.append(
                    XcodeNote(
                        rule: XcodeRule.scriptRunsPods, target: targetName,
                        "the script phase '\(document.phaseName(phase))' still runs something from the Pods folder (\(line.trimmingCharacters(in: .whitespaces))), which no longer exists: install the tool another way (Homebrew, Mint or a package plugin) and change the script"
                    ))
            }
        }
        var paths = ProjectPaths(document, parents: document.parents())
        for file in document.objects(isa: "PBXFileReference") {
            let written = file.body.string("path") ?? ""
            let resolved = paths.path(of: file.id, in: document)
            let path = resolved ?? written
            let intoPods =
                path.hasPrefix("Pods/") || path.contains("/Pods/") || (resolved == nil && mentionsPods(written))
                || written.contains("PODS_")
            let name = document.displayName(file.id) ?? file.id
            if intoPods {
                notes.append(
                    XcodeNote(
                        rule: XcodeRule.fileReferenceIntoPods,
                        "the file reference \(name) points into the Pods folder (\(path)), which is no longer made: move the file into the project or remove the reference"
                    ))
            } else if written.hasPrefix("Pods/") || written.contains("/Pods/") {
                notes.append(
                    XcodeNote(
                        rule: XcodeRule.fileReferencePodsProduct,
                        "the file reference \(name) names something the Pods project built (\(written)): remove the reference (a pod's library comes through the package now)"
                    ))
            }
        }
        for (ownerName, owner) in owners {
            for configuration in document.buildConfigurations(of: owner) {
                guard let settings = configuration.body["buildSettings"]?.dictionaryValue else { continue }
                let configurationName = configuration.body.string("name") ?? configuration.id
                for entry in settings.entries {
                    let values =
                        entry.value.stringValue.map { [$0] } ?? entry.value.arrayValue?.compactMap(\.stringValue) ?? []
                    let key = entry.key.value
                    guard key.hasPrefix("PODS_") || values.contains(where: mentionsPods) else { continue }
                    let place =
                        ownerName == nil ? "the project's \(configurationName) configuration" : "\(configurationName)"
                    notes.append(
                        XcodeNote(
                            rule: XcodeRule.buildSettingMentionsPods, target: ownerName,
                            "the build setting \(key) of \(place) still mentions CocoaPods (\(values.first(where: mentionsPods) ?? key)): remove that value (packages bring their own search paths and flags)"
                        ))
                }
            }
        }
        return notes
    }

    /// The first line of `script` that is a command, shortened for a message.
    static func firstCommand(_ script: String) -> String {
        let lines = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let command = lines.first { !$0.isEmpty && !$0.hasPrefix("#") } ?? ""
        let short = command.count > 120 ? String(command.prefix(117)) + "..." : command
        return short.isEmpty ? "an empty script" : "`\(short)`"
    }
}
