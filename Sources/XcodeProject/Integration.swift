/// A local Swift package to link into targets of a project: its path relative to the folder holding the
/// `.xcodeproj`, and which product each target links.
package struct LocalPackageLink: Sendable, Equatable {
    /// One Xcode target and the product of the package it links.
    package struct TargetProduct: Sendable, Equatable {
        package let target: String
        package let product: String

        package init(target: String, product: String) {
            self.target = target
            self.product = product
        }
    }

    /// The package's folder relative to the folder holding the `.xcodeproj` (`Composed`, `../Composed`).
    package let path: String
    package let targets: [TargetProduct]
    /// The package's name, which Xcode shows for a folder reference whose path is not just the name.
    package let name: String

    /// `name` defaults to the last component of `path`.
    package init(path: String, targets: [TargetProduct], name: String? = nil) {
        self.path = path
        self.targets = targets
        self.name = name ?? path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Links a local package into targets the way Xcode itself does for the project's objectVersion:
/// - 60 and later (Xcode 15+): an `XCLocalSwiftPackageReference` in the project's `packageReferences`;
/// - below 60 (Xcode 11–14): the package folder as a `PBXFileReference` (`lastKnownFileType = wrapper`)
///   first in the main group; a project below 52 is raised to 52, the first format with package
///   dependencies;
/// and per target an `XCSwiftPackageProductDependency` with `productName` only (Xcode writes no
/// `package` for a local package in either form).
/// Each target gets the dependency in its `packageProductDependencies` and a `PBXBuildFile` with
/// `productRef` in its frameworks phase (made when it has none). Ids come from the target's name and
/// the product, so a rerun finds what it made and changes nothing; a target no longer listed loses the
/// dependency and build file made for it, and no other object is touched.
package enum Integration {
    /// The first objectVersion with `XCLocalSwiftPackageReference`.
    package static let localReferenceObjectVersion = 60
    /// The first objectVersion with package product dependencies.
    package static let packageObjectVersion = 52

    package static func apply(_ link: LocalPackageLink, to document: inout PBXProjDocument) throws(XcodeProjectError)
        -> [XcodeChange]
    {
        try validate(link.path)
        guard let project = document.projectObject else {
            throw .invalidProject(path: document.path, reason: "it has no PBXProject object (rootObject)")
        }
        var resolved: [(target: PBXObject, product: String)] = []
        for pair in link.targets {
            guard let target = document.nativeTarget(named: pair.target) else {
                let names = document.targets.filter { $0.isa == "PBXNativeTarget" }.compactMap {
                    $0.body.string("name")
                }
                throw .missingTarget(name: pair.target, project: document.path, available: names)
            }
            resolved.append((target, pair.product))
        }
        var changes: [XcodeChange] = []
        let version = document.objectVersion ?? 46
        // A project that already refers to the package as a folder (integrated below 60, raised since)
        // keeps that form: one reference to the package, not two.
        let hasFolderReference = document.objects(isa: "PBXFileReference").contains {
            $0.body.string("lastKnownFileType") == "wrapper" && $0.body.string("path") == link.path
        }
        let usesLocalReference = version >= localReferenceObjectVersion && !hasFolderReference
        if !link.targets.isEmpty && version < packageObjectVersion {
            document.setObjectVersion(packageObjectVersion)
            changes.append(
                XcodeChange(
                    target: nil,
                    "objectVersion \(version) → \(packageObjectVersion), the first project format with Swift packages (Xcode 11)"
                ))
        }

        // The package.
        let packageID: String
        let packageComment: String
        if usesLocalReference {
            packageComment = "XCLocalSwiftPackageReference \"\(link.path)\""
            if let existing = document.objects(isa: "XCLocalSwiftPackageReference").first(where: {
                $0.body.string("relativePath") == link.path
            }) {
                packageID = existing.id
            } else {
                packageID = document.makeID("package \(link.path)")
                if !link.targets.isEmpty {
                    document.add(
                        PBXObject(
                            id: packageID, comment: packageComment,
                            body: PBXDictionary([
                                ("isa", .string("XCLocalSwiftPackageReference")), ("relativePath", .string(link.path)),
                            ])))
                    changes.append(XcodeChange(target: nil, "the local package \(link.path)"))
                }
            }
            if !link.targets.isEmpty, !project.body.strings("packageReferences").contains(packageID) {
                document.update(project.id) { body in
                    body.append(.string(packageID, comment: packageComment), to: "packageReferences")
                }
            }
        } else {
            let name = link.name
            packageComment = name
            if let existing = document.objects(isa: "PBXFileReference").first(where: {
                $0.body.string("lastKnownFileType") == "wrapper" && $0.body.string("path") == link.path
            }) {
                packageID = existing.id
            } else {
                packageID = document.makeID("package \(link.path)")
                if !link.targets.isEmpty {
                    var entries: [(String, PBXNode)] = [
                        ("isa", .string("PBXFileReference")), ("lastKnownFileType", .string("wrapper")),
                    ]
                    if link.path != name { entries.append(("name", .string(name))) }
                    entries += [("path", .string(link.path)), ("sourceTree", .string("<group>"))]
                    document.add(PBXObject(id: packageID, comment: name, body: PBXDictionary(entries)))
                    changes.append(
                        XcodeChange(target: nil, "the local package \(link.path) (a folder in the main group)"))
                }
            }
            if !link.targets.isEmpty, let mainGroup = project.body.string("mainGroup"),
                let group = document.object(mainGroup), !group.body.strings("children").contains(packageID)
            {
                document.update(mainGroup) { body in
                    guard case .array(var children)? = body["children"] else { return }
                    children.elements.insert(.string(packageID, comment: name), at: 0)
                    body["children"] = .array(children)
                }
            }
        }

        // Per target: keep what is wanted, remove what compose made and is no longer wanted, add the rest.
        let wanted = Set(resolved.map { "\($0.target.id)\u{0}\($0.product)" })
        var removing: Set<String> = []
        for target in document.targets where target.isa == "PBXNativeTarget" {
            let targetName = target.body.string("name") ?? target.id
            for dependencyID in target.body.strings("packageProductDependencies") {
                guard let dependency = document.object(dependencyID),
                    dependency.isa == "XCSwiftPackageProductDependency",
                    let product = dependency.body.string("productName")
                else { continue }
                let madeHere =
                    dependency.body["package"] == nil
                    && PBXProjDocument.isID(dependencyID, madeFrom: productSeed(targetName, product))
                guard madeHere, !wanted.contains("\(target.id)\u{0}\(product)") else { continue }
                removing.insert(dependencyID)
                for buildFile in document.objects(isa: "PBXBuildFile")
                where buildFile.body.string("productRef") == dependencyID {
                    removing.insert(buildFile.id)
                }
                changes.append(XcodeChange(target: targetName, "no longer links \(product)"))
            }
        }
        if link.targets.isEmpty, document.object(packageID) != nil,
            PBXProjDocument.isID(packageID, madeFrom: "package \(link.path)")
        {
            removing.insert(packageID)
            changes.append(XcodeChange(target: nil, "the local package \(link.path)"))
        }
        document.remove(removing)

        for (target, product) in resolved {
            changes += linkProduct(product, into: target.id, in: &document)
        }
        return changes
    }

    static func productSeed(_ target: String, _ product: String) -> String { "product \(target)\u{0}\(product)" }

    /// Links `product` into the target `targetID`: the dependency, and a build file in its frameworks phase.
    static func linkProduct(_ product: String, into targetID: String, in document: inout PBXProjDocument)
        -> [XcodeChange]
    {
        guard let target = document.object(targetID) else { return [] }
        let targetName = target.body.string("name") ?? targetID
        var changes: [XcodeChange] = []
        let existing = target.body.strings("packageProductDependencies").first { id in
            guard let dependency = document.object(id), dependency.isa == "XCSwiftPackageProductDependency" else {
                return false
            }
            return dependency.body.string("productName") == product && dependency.body["package"] == nil
        }
        let dependencyID: String
        if let existing {
            dependencyID = existing
        } else {
            dependencyID = document.makeID(productSeed(targetName, product))
            var entries: [(String, PBXNode)] = [("isa", .string("XCSwiftPackageProductDependency"))]
            entries.append(("productName", .string(product)))
            document.add(PBXObject(id: dependencyID, comment: product, body: PBXDictionary(entries)))
            document.update(targetID) { body in
                body.append(.string(dependencyID, comment: product), to: "packageProductDependencies")
            }
            changes.append(XcodeChange(target: targetName, "depends on \(product)"))
        }

        // The frameworks phase, made after the sources phase when the target has none.
        var phase = document.buildPhases(of: target).first { $0.isa == "PBXFrameworksBuildPhase" }
        if phase == nil {
            let phaseID = document.makeID("frameworks phase \(targetName)")
            document.add(
                PBXObject(
                    id: phaseID, comment: "Frameworks",
                    body: PBXDictionary([
                        ("isa", .string("PBXFrameworksBuildPhase")), ("buildActionMask", .string("2147483647")),
                        ("files", .array([])), ("runOnlyForDeploymentPostprocessing", .string("0")),
                    ])))
            let phaseIDs = target.body.strings("buildPhases")
            let sources = phaseIDs.firstIndex { document.object($0)?.isa == "PBXSourcesBuildPhase" }
            document.update(targetID) { body in
                guard case .array(var phases)? = body["buildPhases"] else {
                    body["buildPhases"] = .array([.string(phaseID, comment: "Frameworks")])
                    return
                }
                let at = sources.map { min($0 + 1, phases.elements.count) } ?? phases.elements.count
                phases.elements.insert(.string(phaseID, comment: "Frameworks"), at: at)
                body["buildPhases"] = .array(phases)
            }
            phase = document.object(phaseID)
            changes.append(XcodeChange(target: targetName, "a Frameworks phase"))
        }
        guard let phase else { return changes }
        let linked = phase.body.strings("files").contains {
            document.object($0)?.body.string("productRef") == dependencyID
        }
        if !linked {
            let buildFileID = document.makeID("build file \(targetName)\u{0}\(product)")
            let comment = "\(product) in \(document.phaseName(phase))"
            document.add(
                PBXObject(
                    id: buildFileID, comment: comment,
                    body: PBXDictionary([
                        ("isa", .string("PBXBuildFile")), ("productRef", .string(dependencyID, comment: product)),
                    ])))
            document.update(phase.id) { body in body.append(.string(buildFileID, comment: comment), to: "files") }
            changes.append(
                XcodeChange(target: targetName, "links \(product) in its \(document.phaseName(phase)) phase"))
        }
        return changes
    }

    /// A package path compose writes into a project: relative, on one line, no empty components.
    static func validate(_ path: String) throws(XcodeProjectError) {
        if path.isEmpty { throw .invalidPackagePath(path, reason: "the path is empty") }
        if path.hasPrefix("/") {
            throw .invalidPackagePath(
                path, reason: "it is absolute; give it relative to the folder holding the .xcodeproj")
        }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidPackagePath(path, reason: "it holds a control character")
        }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." }) {
            throw .invalidPackagePath(path, reason: "it has an empty or `.` component")
        }
    }
}
