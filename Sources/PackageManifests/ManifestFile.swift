/// Which manifest SwiftPM reads in a package folder: `Package@swift-X.Y.Z.swift` with the highest
/// version not above the toolchain's, else `Package.swift` (SwiftPM's rule for version-specific
/// manifests).
package enum ManifestFile {
    /// The toolchain version compose itself was built with, which is the one it finds beside it.
    package static var toolchain: [Int] {
        #if compiler(>=6.3)
            [6, 3]
        #elseif compiler(>=6.2)
            [6, 2]
        #elseif compiler(>=6.1)
            [6, 1]
        #else
            [6, 0]
        #endif
    }

    /// The file among `names` (file names at a package's root) SwiftPM would read, or nil when there is
    /// no `Package.swift` (SwiftPM reads a version-specific manifest only beside one).
    package static func choose(among names: [String], toolchain: [Int] = toolchain) -> String? {
        guard names.contains("Package.swift") else { return nil }
        var best: (version: [Int], name: String)?
        for name in names where name.hasPrefix("Package@swift-") && name.hasSuffix(".swift") {
            let text = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { continue }
            let version = parts.compactMap { $0 }
            guard !isGreater(version, toolchain) else { continue }
            if let current = best, !isGreater(version, current.version) { continue }
            best = (version, name)
        }
        return best?.name ?? "Package.swift"
    }

    /// `[6, 0]` > `[5, 10, 1]`, missing parts read as 0.
    static func isGreater(_ lhs: [Int], _ rhs: [Int]) -> Bool {
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            if left != right { return left > right }
        }
        return false
    }
}
