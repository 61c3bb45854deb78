/// The one naming rule of a pod as a SwiftPM package, used by `compose spec package`, `compose install`,
/// the full lint's build check and publish's `publish-manifest` check (docs/spec-package.md):
///
/// - the **module** is the spec's `module_name` when it writes one (a C99 identifier), else the C99
///   identifier CocoaPods derives from the pod's name (`WordPress-Ratings-iOS` → `WordPress_Ratings_iOS`);
/// - the **product** a component's Package.swift offers is named like the module, as SwiftPM packages
///   name their products (`lottie-ios` offers `Lottie`); a product named like the pod is accepted too
///   when the two differ (`productNames`), and install links whichever of the two the manifest offers,
///   the module's first.
package struct PodModule: Sendable, Equatable {
    /// The root pod name, as written in the spec.
    package let pod: String
    /// The module `import` names and the generated product's name.
    package let module: String

    /// The naming of `spec`'s root pod; refuses a pod name `SafeName` refuses and a `module_name` that is
    /// not a C99 identifier (saying on which line it is written).
    package init(spec: Spec) throws(SafeNameError) {
        let root = Spec.rootName(of: spec.name)
        let name = try SafeName(root, as: .pod)
        pod = root
        guard let written = spec.json["module_name"] else {
            module = name.moduleName
            return
        }
        guard let text = written.stringValue, Self.isIdentifier(text) else {
            throw SafeNameError(
                name: root, kind: .pod,
                reason:
                    "its module_name (line \(written.location.line)) is not a C99 identifier (letters, digits and '_', not starting with a digit)"
            )
        }
        module = text
    }

    /// The library product names a component may offer for this pod, the preferred first.
    package var productNames: [String] { module == pod ? [module] : [module, pod] }

    /// The product to link among the library products a manifest offers, or nil when it offers none of `productNames`.
    package func product(among offered: [String]) -> String? {
        productNames.first { offered.contains($0) }
    }

    /// A C99 identifier of ASCII letters, digits and `_`, not starting with a digit: what a module name
    /// (and the name of a generated target folder) must be.
    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_": true
            default: false
            }
        }
    }
}
