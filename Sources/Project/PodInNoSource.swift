import ComposefileFormat
import Foundation

extension LoadedProject {
    /// The first pod the Composefile names that no source it reads has, with the names those
    /// sources have that are within a few typed letters of it ("did you mean `Kingfisher`?"); nil
    /// when every pod is known, so the resolver's own explanation stands. One sentence, instead of
    /// the derivation stating the same fact three times.
    func podInNoSource() -> ProjectError? {
        let all = sources + Array(restrictedSources.values)
        for dependency in composefile.allDependencies where dependency.external == nil {
            let name = dependency.rootName
            guard externals[name] == nil, all.allSatisfy({ ($0.versions(of: name) ?? []).isEmpty }) else { continue }
            var known: Set<String> = []
            for source in all { known.formUnion(source.folder?.podNames() ?? []) }
            let wanted = Array(name.lowercased())
            let limit = max(1, wanted.count / 4)
            let close = known.map { ($0, Self.editDistance(wanted, Array($0.lowercased()))) }.filter { $0.1 <= limit }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
            return .podInNoSource(name: name, location: dependency.location, suggestions: Array(close))
        }
        return nil
    }

    /// Letters inserted, deleted or replaced to turn `a` into `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
