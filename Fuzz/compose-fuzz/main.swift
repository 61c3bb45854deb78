// The fuzzing harnesses of the parsers (make fuzz, scripts/fuzz.sh): every parser that reads a file
// a user or a spec repo hands to compose, fed arbitrary bytes. A harness passes when the parser
// returns or throws its own error; libFuzzer with AddressSanitizer reports a crash, a hang or a
// memory error.
//
// Built with `swift build --sanitize=fuzzer --sanitize=address`, libFuzzer supplies `main` and calls
// `LLVMFuzzerTestOneInput` (a crash file given as an argument is replayed). A plain build compiles
// the harnesses and does nothing when run, so `swift build` keeps them compiling.
import ComposefileFormat
import Foundation
import FuzzSupport
import Specs

/// Which parser a run feeds: `COMPOSE_FUZZ_TARGET` (json, spec, composefile, lockfile, requirement,
/// ruby). The answers of HTTP sources and the manifest writer are fuzzed by `compose-fuzz-sources`,
/// a product of its own so that this one (CI's smoke run) builds without SwiftNIO.
enum Harness: String, CaseIterable {
    case json, spec, composefile, lockfile, requirement, ruby

    static let selected: Harness = selectedHarness(default: .json)

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .json:
            keep(try? JSONParser.parse(Array(bytes)))
        case .spec:
            keep(try? Spec(json: Array(bytes), label: "fuzz.podspec.json"))
        case .composefile:
            // An environment with a secret, an allowed and a plain variable: the marks of values read
            // from it, and their refusals, are fuzzed too.
            keep(
                try? Composefile.parse(
                    String(decoding: bytes, as: UTF8.self), path: "Composefile",
                    environment: ["GITHUB_TOKEN": "secret", "MIRROR": "https://mirror.example.com", "CI": "1"],
                    allowedEnvironment: ["MIRROR"]))
        case .lockfile:
            keep(try? Lockfile.parse(String(decoding: bytes, as: UTF8.self), path: "Compose.lock"))
        case .ruby:
            if let node = try? PodspecReader.read(bytes: Array(bytes), path: "Fuzz.podspec") {
                keep(try? Spec(node: node, label: "Fuzz.podspec"))
            }
        case .requirement:
            let text = String(decoding: bytes, as: UTF8.self)
            keep(try? Requirement(parsing: text))
            keep(try? RequirementSet(parsingList: text))
            keep(try? Version(text))
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    Harness.selected.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
