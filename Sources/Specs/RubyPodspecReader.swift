import Ruby

/// The Ruby half of `PodspecReader`: a `Name.podspec` evaluated as CocoaPods' DSL by the sandboxed
/// interpreter, with `RubyPodspecHost` answering the DSL's calls.
extension PodspecReader {
    /// Evaluates a Ruby podspec into the JSON `pod ipc spec` prints for it (cocoapods-core 1.17.0), in
    /// the sandboxed Ruby interpreter. `directory`: the podspec's folder, for `File.read('VERSION')`
    /// and the like (only below it); nil (a spec repo's blob) refuses file reads. `environment`: what
    /// `ENV[…]` reads, less the variables whose names look secret; a value read from a variable not in
    /// `allowedEnvironment` cannot become an attribute of the spec (`RubyEnvironment`).
    package static func readRuby(
        bytes: [UInt8], label: String, directory: String? = nil, environment: [String: String] = [:],
        allowedEnvironment: Set<String> = []
    ) throws(SpecError) -> JSONNode {
        do {
            try checkText(bytes)
        } catch {
            let (line, column) = RubyLineTable(bytes).location(error.offset)
            throw SpecError(
                label: label, location: SourceLocation(line: line, column: column), key: nil, spec: nil,
                message: error.message)
        }
        // As Ruby reads it (CR LF as LF); the interpreter reads the same bytes.
        let text = RubySource.normalized(bytes)
        let lines = RubyLineTable(text)
        if let first = text.firstIndex(where: { ![0x20, 0x09, 0x0A, 0xEF, 0xBB, 0xBF].contains($0) }),
            text[first] == UInt8(ascii: "{") || text[first] == UInt8(ascii: "[")
        {
            let (line, column) = lines.location(first)
            throw SpecError(
                label: label, location: SourceLocation(line: line, column: column), key: nil, spec: nil,
                message:
                    "this file starts with `\(Character(Unicode.Scalar(text[first])))`, not Ruby: a Ruby podspec starts with `Pod::Spec.new do |s|` (a JSON podspec must be named Name.podspec.json)"
            )
        }
        let host = RubyPodspecHost(bytes: text, lines: lines)
        let files = directory.map { RubyFiles(root: $0) }
        let interpreter = RubyInterpreter(
            bytes: text, path: label, directory: files?.folder, host: host, files: files, environment: environment,
            allowedEnvironment: allowedEnvironment, definitionsAreCallable: false)
        host.interpreter = interpreter
        do {
            try interpreter.run()
            return try host.result()
        } catch {
            let place = interpreter.place(of: error)
            throw SpecError(
                label: place.file, location: SourceLocation(line: place.line, column: place.column), key: nil,
                spec: nil, message: error.message)
        }
    }

    /// Refuses binary files and text that is not UTF-8, at the first offending byte.
    private static func checkText(_ bytes: [UInt8]) throws(RubyFailure) {
        if bytes.isEmpty {
            throw RubyFailure(
                offset: 0, message: "the file is empty; a Ruby podspec starts with `Pod::Spec.new do |s|`")
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw RubyFailure(
                offset: nul, message: "the file holds a NUL byte: it is binary data, not a Ruby podspec")
        }
        // Plain ASCII, the usual podspec, is UTF-8 text already.
        guard bytes.contains(where: { $0 >= 0x80 }) else { return }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return
            case .error:
                throw RubyFailure(
                    offset: offset,
                    message:
                        "byte 0x\(String(bytes[offset], radix: 16, uppercase: true).leftPadded(to: 2)) is not UTF-8 text: this is not a Ruby podspec (or it is saved in another encoding; save it as UTF-8)"
                )
            }
        }
    }
}
