import Specs

/// Text from a spec repo made safe for the place it is written in a page or the search index.
package enum HTMLText {
    /// For element text and quoted attribute values alike: `& < > " '` as character references,
    /// control characters (other than tab and line breaks) dropped.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `url` as an escaped `href` value when it is an absolute http(s) URL, nil otherwise (a
    /// `javascript:` or `data:` URL is shown as text, never linked).
    package static func link(_ url: String?) -> String? {
        guard let url else { return nil }
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
            !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return nil }
        return escape(url)
    }

    /// A JSON string literal that is also safe inside HTML: `<`, `>`, `&`, `'` and the line and
    /// paragraph separators as `\u` escapes, so no value can close a tag or a script. JSON's own
    /// escapes are ASCII letters, digits, `\` and `"`, so each of those scalars in the literal is
    /// the value's own.
    package static func jsonString(_ text: String) -> String {
        var json = ""
        JSONNode.writeString(text, into: &json)
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}": out += unicodeEscape(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
