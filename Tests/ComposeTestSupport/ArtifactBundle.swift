import Foundation

/// Builds `NAME.zip` in `folder`: an SE-0482 artifact bundle (`NAME.artifactbundle`) holding a C static
/// library for this machine's triple, whose module `NAME` offers `int NAME_lower_add(int, int)`
/// (`fastmath_add` for FastMath). Needs clang (from the Swift toolchain), ar and zip.
package func makeStaticLibraryArtifact(named name: String, in folder: URL) throws -> URL {
    let symbol = "\(name.lowercased())_add"
    let bundle = folder.appendingPathComponent("\(name).artifactbundle")
    let include = bundle.appendingPathComponent("include")
    try FileManager.default.createDirectory(at: include, withIntermediateDirectories: true)
    let source = folder.appendingPathComponent("\(name).c")
    try Data("int \(symbol)(int a, int b) { return a + b; }\n".utf8).write(to: source)
    try Data("int \(symbol)(int a, int b);\n".utf8).write(to: include.appendingPathComponent("\(name).h"))
    try Data("module \(name) {\n    header \"\(name).h\"\n    export *\n}\n".utf8).write(
        to: include.appendingPathComponent("module.modulemap"))
    try runTool(
        "clang", ["-c", "-fPIC", source.path, "-o", folder.appendingPathComponent("\(name).o").path], in: folder)
    try runTool(
        "ar",
        ["rcs", bundle.appendingPathComponent("lib\(name).a").path, folder.appendingPathComponent("\(name).o").path],
        in: folder)
    #if arch(arm64)
        let triple = "aarch64-unknown-linux-gnu"
    #else
        let triple = "x86_64-unknown-linux-gnu"
    #endif
    let info = """
        {
          "schemaVersion": "1.0",
          "artifacts": {
            "\(name)": {
              "type": "staticLibrary",
              "version": "1.0.0",
              "variants": [
                {
                  "path": "lib\(name).a",
                  "supportedTriples": ["\(triple)"],
                  "staticLibraryMetadata": { "headerPaths": ["include"], "moduleMapPath": "include/module.modulemap" }
                }
              ]
            }
          }
        }
        """
    try Data(info.utf8).write(to: bundle.appendingPathComponent("info.json"))
    let zip = folder.appendingPathComponent("\(name).zip")
    try runTool("zip", ["-qr", zip.path, "\(name).artifactbundle"], in: folder)
    return zip
}
