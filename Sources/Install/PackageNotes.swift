/// The rule ids of the notes of a package generated from a podspec (`PackageManifestWriter`): what
/// it could not say, or says differently. `compose spec package` and `compose install` print them;
/// the generated Package.swift keeps their messages in its header (docs/diagnostics.md).
package enum PackageRule {
    /// A subspec the lock names is not one of the pod's: it is left out.
    package static let subspecUnknown = "package-subspec-unknown"
    /// A subspec outside the default ones depends on pods no spec repo searched has: no product.
    package static let subspecDependencyUnknown = "package-subspec-dependency-unknown"
    /// A subspec outside the default ones shares files with another: no product.
    package static let subspecFilesShared = "package-subspec-files-shared"
    /// A subspec outside the default ones becomes a module of its own on top of the default one.
    package static let subspecModule = "package-subspec-module"
    /// A pod of the same source tree becomes a target of this package.
    package static let sameTree = "package-same-tree"
    /// Test and app specs are not turned into targets.
    package static let testSpecsSkipped = "package-test-specs-skipped"
    /// A resource bundle becomes the target's own bundle (`Bundle.module`).
    package static let resourceBundle = "package-resource-bundle"
    /// A resource is left out: another of the same name is kept.
    package static let resourceNameTaken = "package-resource-name-taken"
    /// A dependency is not a locked pod, or in no spec repo searched: left out of the manifest.
    package static let dependencyUnknown = "package-dependency-unknown"
    /// A dependency is prebuilt, which a package of `Pods/` cannot name: left out.
    package static let dependencyPrebuilt = "package-dependency-prebuilt"
    /// Swift and C-family sources in one target: only the Swift files are built.
    package static let mixedSources = "package-mixed-sources"
    /// Files matched by `source_files` that are not sources.
    package static let notSources = "package-not-sources"
    /// `source_files` match no Swift or C-family source.
    package static let noSources = "package-no-sources"
    /// A vendored framework that is not an `.xcframework`.
    package static let vendoredFramework = "package-vendored-framework"
    /// `header_dir` or `header_mappings_dir`: the headers are not laid out.
    package static let headerLayout = "package-header-layout"
    /// `prefix_header_file` or `prefix_header_contents`: no SwiftPM equivalent.
    package static let prefixHeader = "package-prefix-header"
    /// `prepare_command` is not run.
    package static let prepareCommand = "package-prepare-command"
    /// `xcconfig` or `user_target_xcconfig` is not translated.
    package static let xcconfig = "package-xcconfig"
    /// `pod_target_xcconfig` settings without a SwiftPM setting.
    package static let podTargetXcconfig = "package-pod-target-xcconfig"
    /// `requires_arc` other than true.
    package static let requiresARC = "package-requires-arc"
    /// `script_phases` cannot run in a SwiftPM build.
    package static let scriptPhases = "package-script-phases"
    /// `module_map`, `vendored_libraries` (and for a component, `compiler_flags`) are not translated.
    package static let keyNotTranslated = "package-key-not-translated"
    /// Files of one platform only are built on every platform.
    package static let platformFiles = "package-platform-files"

    /// Every rule id above.
    package static let all = [
        subspecUnknown, subspecDependencyUnknown, subspecFilesShared, subspecModule, sameTree, testSpecsSkipped,
        resourceBundle, resourceNameTaken, dependencyUnknown, dependencyPrebuilt, mixedSources, notSources, noSources,
        vendoredFramework, headerLayout, prefixHeader, prepareCommand, xcconfig, podTargetXcconfig, requiresARC,
        scriptPhases, keyNotTranslated, platformFiles,
    ]
}
