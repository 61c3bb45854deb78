import Foundation

/// compose's JSON output, one setup for every `--format json` report and every manifest compose
/// writes: pretty-printed, keys sorted (the same value always gives the same bytes, and a diff shows
/// what changed), `/` written as it is.
package enum JSONOutput {
    /// `value` encoded; throws what `JSONEncoder` throws (a non-finite number).
    package static func data<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// `value` as text, `fallback` when it cannot be encoded.
    package static func text<T: Encodable>(_ value: T, fallback: String = "null") -> String {
        String(decoding: (try? data(value)) ?? Data(fallback.utf8), as: UTF8.self)
    }
}
