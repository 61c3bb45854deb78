import Foundation

/// compose's JSON output, one setup for every `--format json` report, every manifest compose
/// writes and every record it keeps: keys sorted (the same value always gives the same bytes, and a
/// diff shows what changed), `/` written as it is; pretty-printed, except a record's one line.
package enum JSONOutput {
    /// `value` encoded, pretty-printed; throws what `JSONEncoder` throws (a non-finite number).
    package static func data<T: Encodable>(_ value: T) throws -> Data {
        try encoder(pretty: true).encode(value)
    }

    /// `value` as text, `fallback` when it cannot be encoded.
    package static func text<T: Encodable>(_ value: T, fallback: String = "null") -> String {
        String(decoding: (try? data(value)) ?? Data(fallback.utf8), as: UTF8.self)
    }

    /// `value` as one line of JSON (a record keeps one value a line), `fallback` when it cannot be
    /// encoded.
    package static func line<T: Encodable>(_ value: T, fallback: String = "") -> String {
        String(decoding: (try? encoder(pretty: false).encode(value)) ?? Data(fallback.utf8), as: UTF8.self)
    }

    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
