/// Reads a podspec file of either format into the positioned JSON tree `Spec(node:label:)` and the
/// lint rules work on: `Name.podspec.json` with the JSON parser, `Name.podspec` evaluated by the
/// sandboxed Ruby interpreter (`readRuby`, RubyPodspecReader.swift). Positions point into the file as
/// written.
package enum PodspecReader {
    /// The spec object of the file at `path` (the name picks the format; a name that is neither is
    /// read as JSON). Errors name `path`, the line and column, and what to do.
    /// `directory`: the podspec's folder when it was read from one (a component's checkout), for the
    /// files a Ruby podspec reads (`File.read('VERSION')`); nil refuses such reads.
    package static func read(bytes: [UInt8], path: String, directory: String? = nil) throws(SpecError) -> JSONNode {
        switch PodspecFormat.of(path: path) {
        case .ruby: return try readRuby(bytes: bytes, label: path, directory: directory)
        case .json, nil: return try readJSON(bytes: bytes, label: path)
        }
    }

    package static func readJSON(bytes: [UInt8], label: String) throws(SpecError) -> JSONNode {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw SpecError(
                label: label, location: error.location, key: nil, spec: nil, message: "not valid JSON: \(error.message)"
            )
        }
    }

    /// The spec as canonical JSON text (compose's key order), as `compose spec convert --canonical` writes it.
    package static func canonicalJSON(_ node: JSONNode) -> String {
        node.serialized(order: .canonical)
    }
}
