/// The one way text compose did not write itself (a spec's names, keys, paths and notes; a
/// Composefile's target names; a lock's URLs) reaches a generated manifest or source file. A
/// manifest is Swift that SwiftPM runs without a sandbox on Linux, comments included: Swift ends a
/// `//` comment at `\n` and at `\r`, and a string literal at either, so one raw line terminator in a
/// name turns the rest of it into code. Every string literal and every comment line of generated
/// Swift goes through `literal` and `comment`; nothing else is interpolated raw but identifiers
/// checked by `isIdentifier`.
package enum SwiftSource {
    /// A Swift string literal of `text`: quotes and backslashes escaped, and every scalar that could
    /// end the literal, change how the line reads or hide what follows (line and paragraph separators,
    /// other control and format characters, bidirectional overrides) written as `\u{…}`.
    static func literal(_ text: String) -> String {
        escaped(text) { "\\u{\(String($0, radix: 16))}" }
    }

    /// A JSON string literal of `text` (`\u001b`; a scalar above U+FFFF as its UTF-16 pair).
    static func jsonLiteral(_ text: String) -> String {
        escaped(text) { value in
            guard value > 0xFFFF else { return hex4(value) }
            let offset = value - 0x10000
            return hex4(0xD800 + (offset >> 10)) + hex4(0xDC00 + (offset & 0x3FF))
        }
    }

    /// `text` as the body of one `//` comment line: every scalar `literal` would escape is written as
    /// its `\u{…}` spelling instead, so the comment ends where compose ends it.
    static func comment(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a scalar is kept out of generated source as written: C0 and C1 controls (U+0085 NEL
    /// among them), DEL, the line and paragraph separators, and format characters (bidirectional
    /// overrides and isolates, zero-width characters, the byte order mark).
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        guard value >= 0x80 else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func escaped(_ text: String, control: (UInt32) -> String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if needsEscape(scalar) {
                    result += control(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// `SwiftSource.literal`, the spelling the manifest writers use most.
func literal(_ text: String) -> String { SwiftSource.literal(text) }

/// `SwiftSource.jsonLiteral`.
func jsonLiteral(_ text: String) -> String { SwiftSource.jsonLiteral(text) }
