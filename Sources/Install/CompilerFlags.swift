import Foundation
import Specs
import Support

/// Which of a podspec's `compiler_flags` install passes to the compiler, as `unsafeFlags` of the
/// package it generates under `Composed/Pods/`. SwiftPM hands those flags to clang at `swift build`
/// as they are, so a flag can load a plugin (`-fplugin=`, `-Xclang -load`), write a file
/// (`-MF path`, `-o`), read one (`-include`, `@file`) or run other tools (`-B`). Only flags that
/// define or undefine a macro, set warnings, or choose the language or ARC pass; every other flag
/// is refused with the pod named, unless the team allows it by name (`--allow-compiler-flag`,
/// `COMPOSE_ALLOW_COMPILER_FLAGS`). docs/install.md has the list.
package struct CompilerFlagPolicy: Sendable, Equatable {
    /// Flags allowed by name (`-fplugin`, `-Xclang`, `-I`) or as written (`-fplugin=/opt/p.so`, `-Xclang -load`).
    package let allowed: Set<String>

    package init(allowing names: some Sequence<String> = []) {
        allowed = Set(names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// `--allow-compiler-flag` values and `COMPOSE_ALLOW_COMPILER_FLAGS` (flags separated by spaces).
    package init(allowing names: [String], environment: [String: String]) {
        self.init(
            allowing: optionValues(
                names, listedIn: "COMPOSE_ALLOW_COMPILER_FLAGS", of: environment, separatedBy: \.isWhitespace))
    }

    /// One flag as clang reads it: its tokens (a flag and the value it takes as the next argument),
    /// and its name (the spelling an allow-list names: `-fplugin` for `-fplugin=x.so`, `-MF` for `-MF/a`).
    package struct Flag: Sendable, Equatable {
        package let tokens: [String]
        package let name: String
        package var text: String { tokens.joined(separator: " ") }
    }

    /// The languages `-x` may choose.
    static let languages: Set<String> = ["c", "c++", "objective-c", "objective-c++"]
    /// Flags that pass as written: ARC, modules, blocks, exceptions, RTTI, `-w`, `-ObjC`.
    static let switches: Set<String> = [
        "-w", "-ObjC", "-ObjC++", "-fobjc-arc", "-fno-objc-arc", "-fobjc-arc-exceptions", "-fno-objc-arc-exceptions",
        "-fobjc-weak", "-fno-objc-weak", "-fmodules", "-fno-modules", "-fcxx-modules", "-fno-cxx-modules",
        "-fblocks", "-fno-blocks", "-fobjc-exceptions", "-fno-objc-exceptions", "-fexceptions", "-fno-exceptions",
        "-fcxx-exceptions", "-fno-cxx-exceptions", "-frtti", "-fno-rtti",
    ]
    /// Flags whose value may be the next argument (clang's separate form), longest first, as they
    /// are also written joined (`-DFOO`, `-MF/path`). A name here is not allowed for that: most are refused.
    static let valueTaking = [
        "-Xpreprocessor", "-Xassembler", "-Xanalyzer", "-idirafter", "-iframework", "-isysroot", "-Xlinker",
        "-include", "-imacros", "-isystem", "-iquote", "-Xclang", "-target", "-mllvm", "-arch", "-MF", "-MT",
        "-MQ", "-D", "-U", "-I", "-F", "-L", "-B", "-o", "-x",
    ]

    /// `compiler_flags` values (strings of flags separated by whitespace) → arguments.
    package static func tokens(_ values: [String]) -> [String] {
        values.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }

    /// Arguments → flags, each value-taking flag written alone with the argument after it.
    package static func flags(_ tokens: [String]) -> [Flag] {
        var flags: [Flag] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if valueTaking.contains(token), index + 1 < tokens.count {
                flags.append(Flag(tokens: [token, tokens[index + 1]], name: token))
                index += 2
                continue
            }
            flags.append(Flag(tokens: [token], name: name(of: token)))
            index += 1
        }
        return flags
    }

    /// `-fplugin=/x.so` → `-fplugin`, `-MF/a` → `-MF`, `-Wl,-x` → `-Wl`, `-DFOO` → `-D`.
    static func name(of token: String) -> String {
        if let prefix = valueTaking.first(where: { token.hasPrefix($0) && token.count > $0.count }) {
            return prefix
        }
        if let end = token.firstIndex(where: { $0 == "=" || $0 == "," }), end != token.startIndex {
            return String(token[..<end])
        }
        return token
    }

    /// Whether `flag` only defines, warns, or chooses the language or ARC.
    static func passes(_ flag: Flag) -> Bool {
        let value = flag.tokens.count == 2 ? flag.tokens[1] : String(flag.tokens[0].dropFirst(flag.name.count))
        switch flag.name {
        case "-D", "-U":
            // A macro name first (`FOO`, `FOO=1`, `FOO(x)=x`): never another flag or a file.
            guard let first = value.unicodeScalars.first else { return false }
            return first == "_" || (first.isASCII && first.properties.isAlphabetic)
        case "-x":
            return languages.contains(value)
        default:
            break
        }
        let text = flag.tokens[0]
        guard flag.tokens.count == 1 else { return false }
        if switches.contains(text) { return true }
        if text.hasPrefix("-std=") {
            let standard = text.dropFirst("-std=".count)
            return !standard.isEmpty
                && standard.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "+") }
        }
        // Warnings: `-Wall`, `-Wno-unused`, `-Werror=format`; not `-Wl,`/`-Wp,`/`-Wa,` (a comma hands flags on).
        if text.hasPrefix("-W") {
            return text.dropFirst(2).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_=+".contains($0)) }
        }
        return false
    }

    /// The first flag of `tokens` that neither passes nor is allowed.
    package func refused(_ tokens: [String]) -> Flag? {
        Self.flags(tokens).first { !Self.passes($0) && !allowed.contains($0.name) && !allowed.contains($0.text) }
    }

    /// Each spec in `members` (and its platform blocks): its `compiler_flags`, refused when one is
    /// neither passing nor allowed.
    func check(_ members: [Spec], pod: String, version: String) throws(InstallError) {
        for member in members {
            let blocks = [member.json] + (Platform.names + ["macos"]).compactMap { member.json[$0] }
            for block in blocks where block.isObject {
                guard let node = block["compiler_flags"] else { continue }
                let values = node.stringValue.map { [$0] } ?? node.arrayValue?.compactMap(\.stringValue) ?? []
                if let flag = refused(Self.tokens(values)) {
                    throw .compilerFlagRefused(
                        pod: pod, version: version, spec: member.name, flag: flag.text, name: flag.name)
                }
            }
        }
    }
}
