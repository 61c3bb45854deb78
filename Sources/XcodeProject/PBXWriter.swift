/// How Xcode writes a value: strings quoted only when they must be, multi-line dictionaries and arrays
/// indented by tabs, one-line ones (`{isa = PBXBuildFile; fileRef = … /* … */; }`) for the objects Xcode
/// writes on one line. A value read from a file and not changed is written as it was read.
enum PBXWriter {
    /// The objects Xcode writes on one line.
    static let oneLineISAs: Set<String> = ["PBXBuildFile", "PBXFileReference"]

    static func render(_ node: PBXNode, indent: String, oneLine: Bool, into output: inout String) {
        switch node {
        case .string(let string):
            render(string, into: &output)
        case .array(let array):
            if let raw = array.raw {
                output += raw
                return
            }
            if oneLine {
                output += "("
                for element in array.elements {
                    render(element, indent: indent, oneLine: true, into: &output)
                    output += ", "
                }
                output += ")"
            } else {
                output += "(\n"
                let inner = indent + "\t"
                for element in array.elements {
                    output += inner
                    render(element, indent: inner, oneLine: false, into: &output)
                    output += ",\n"
                }
                output += indent + ")"
            }
        case .dictionary(let dictionary):
            render(dictionary, indent: indent, oneLine: oneLine, into: &output)
        }
    }

    static func render(_ dictionary: PBXDictionary, indent: String, oneLine: Bool, into output: inout String) {
        if let raw = dictionary.raw {
            output += raw
            return
        }
        if oneLine {
            output += "{"
            for entry in dictionary.entries {
                render(entry.key, into: &output)
                output += " = "
                render(entry.value, indent: indent, oneLine: true, into: &output)
                output += "; "
            }
            output += "}"
        } else {
            output += "{\n"
            let inner = indent + "\t"
            for entry in dictionary.entries {
                output += inner
                render(entry.key, into: &output)
                output += " = "
                render(entry.value, indent: inner, oneLine: false, into: &output)
                output += ";\n"
            }
            output += indent + "}"
        }
    }

    static func render(_ string: PBXString, into output: inout String) {
        if let raw = string.raw {
            output += raw
            return
        }
        output += quoted(string.value)
        if let comment = string.comment {
            output += " /* \(comment) */"
        }
    }

    /// `value` as Xcode writes it: bare when it is made only of letters, digits, `_`, `$`, `.` and `/`
    /// (and holds no `//` or `___`), else in double quotes with `\\`, `\"`, `\n`, `\t` escaped.
    static func quoted(_ value: String) -> String {
        if needsNoQuotes(value) { return value }
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func needsNoQuotes(_ value: String) -> Bool {
        guard !value.isEmpty, !value.contains("//"), !value.contains("___") else { return false }
        return value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x24 || byte == 0x2E || byte == 0x2F
        }
    }
}
