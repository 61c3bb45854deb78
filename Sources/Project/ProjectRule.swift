/// The rule ids of the warnings and notes a resolve gives about a project (docs/composefile.md).
package enum ProjectRule {
    /// A pod read from one source while a later source has a higher version.
    package static let sourceShadowed = "source-pod-shadowed"
    /// A locked pod whose version, or newest version, is deprecated in its spec source.
    package static let podDeprecated = "source-pod-deprecated"
    /// A spec source (or a `:podspec => URL`) that could not be reached, read from the cache.
    package static let sourceOffline = "source-offline"
    /// No platform declared: the one the Xcode project builds for is taken.
    package static let platformInferred = "podfile-platform-inferred"
    /// No platform declared and none found: iOS is assumed.
    package static let platformAssumed = "podfile-platform-assumed"
    /// A note read back from the record of a resolve made by an earlier compose.
    package static let recorded = "resolve-note"

    /// Every rule id above.
    package static let all = [
        sourceShadowed, podDeprecated, sourceOffline, platformInferred, platformAssumed, recorded,
    ]
}
