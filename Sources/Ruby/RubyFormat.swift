/// `format`/`%` for the directives real files use: `%s`, `%d`, `%i`, `%f` (with a precision), `%x`,
/// `%%`, with a width, `-` and `0` flags.
enum RubyFormat {
    static func format(_ template: String, _ values: [RubyValue], at: Int, interpreter: RubyInterpreter)
        throws(RubyFailure)
        -> String
    {
        var out = ""
        var chars = Array(template)[...]
        var index = 0
        while let c = chars.popFirst() {
            guard c == "%" else {
                out.append(c)
                continue
            }
            var flags = ""
            while let f = chars.first, "-0+ ".contains(f) {
                flags.append(f)
                chars.removeFirst()
            }
            var width = ""
            while let d = chars.first, d.isNumber {
                width.append(d)
                chars.removeFirst()
            }
            var precision: Int?
            if chars.first == "." {
                chars.removeFirst()
                var p = ""
                while let d = chars.first, d.isNumber {
                    p.append(d)
                    chars.removeFirst()
                }
                precision = Int(p) ?? 0
            }
            guard let directive = chars.popFirst() else { throw interpreter.failure(at, "a format ends in %") }
            if directive == "%" {
                out.append("%")
                continue
            }
            guard index < values.count else {
                throw interpreter.failure(at, "too few arguments for the format", kind: .raised)
            }
            let value = values[index]
            index += 1
            var text: String
            switch directive {
            case "s": text = try interpreter.stringify(value, at: at)
            case "p": text = try value.inspected()
            case "d", "i", "u":
                let written = try interpreter.stringify(value, at: at)
                guard let n = value.intValue ?? Int(written) else {
                    throw interpreter.failure(at, "invalid value for %d", kind: .raised)
                }
                text = String(n)
            case "x", "X":
                guard let n = value.intValue else {
                    throw interpreter.failure(at, "invalid value for %x", kind: .raised)
                }
                text = String(n, radix: 16, uppercase: directive == "X")
            case "f":
                guard let d = Double(try interpreter.stringify(value, at: at)) else {
                    throw interpreter.failure(at, "invalid value for %f", kind: .raised)
                }
                let p = min(precision ?? 6, 20)
                text = String(format: "%.\(p)f", d)
            default:
                throw interpreter.failure(at, "the format directive %\(directive) is not supported; use %s or %d")
            }
            if !width.isEmpty {
                // A width too large for an Int is past the bound too.
                let w = Int(width) ?? (width.allSatisfy(\.isASCII) ? Int.max - out.utf8.count : 0)
                try interpreter.refuseString(ofAtLeast: out.utf8.count + w, at: at)
            }
            if let w = Int(width), text.count < w {
                let pad = String(
                    repeating: flags.contains("0") && !flags.contains("-") ? "0" : " ", count: w - text.count)
                text = flags.contains("-") ? text + pad : pad + text
            }
            out += text
            try interpreter.refuseString(ofAtLeast: out.utf8.count, at: at)
        }
        return out
    }
}
