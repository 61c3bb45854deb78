/// The rule ids of the warnings and notes a resolve gives about a project (docs/composefile.md).
package enum ProjectRule {
    /// A pod read from one source while a later source has a higher version.
    package static let sourceShadowed = "source-pod-shadowed"
    /// A locked pod whose version, or newest version, is deprecated in its spec source.
    package static let podDeprecated = "source-pod-deprecated"
}
