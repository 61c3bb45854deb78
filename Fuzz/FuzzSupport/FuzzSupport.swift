import Foundation

/// The harness `COMPOSE_FUZZ_TARGET` names among the cases of `Harness` (`fallback` when it is
/// unset); an unknown name ends the run with exit 64 and the list of names.
package func selectedHarness<Harness: RawRepresentable & CaseIterable>(default fallback: Harness) -> Harness
where Harness.RawValue == String {
    guard let name = ProcessInfo.processInfo.environment["COMPOSE_FUZZ_TARGET"] else { return fallback }
    guard let harness = Harness(rawValue: name) else {
        let names = Harness.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("unknown COMPOSE_FUZZ_TARGET '\(name)': use \(names)\n".utf8))
        exit(64)
    }
    return harness
}

/// Keeps a result alive so the optimizer cannot drop a parse whose value is unused.
@inline(never) @_optimize(none)
package func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
