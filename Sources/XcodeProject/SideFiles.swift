/// The workspace's `contents.xcworkspacedata`: the `Pods/Pods.xcodeproj` reference taken out, every other
/// byte kept.
package enum WorkspaceContents {
    /// `text` without its `<FileRef location = "…Pods/Pods.xcodeproj">…</FileRef>` elements (each with the
    /// white space before it on its line and the line end after it); the removed locations.
    package static func removingPodsProject(_ text: String) -> (text: String, removed: [String]) {
        var result = text
        var removed: [String] = []
        var searchFrom = result.startIndex
        while let open = result.range(of: "<FileRef", range: searchFrom..<result.endIndex) {
            guard let close = closingOfFileRef(in: result[open.lowerBound...]) else { break }
            guard let location = attribute("location", in: result[open.lowerBound..<close]), isPodsProject(location)
            else {
                searchFrom = close
                continue
            }
            var start = open.lowerBound
            var end = close
            var lineStart = start
            while lineStart > result.startIndex, " \t".contains(result[result.index(before: lineStart)]) {
                lineStart = result.index(before: lineStart)
            }
            var lineEnd = close
            while lineEnd < result.endIndex, " \t".contains(result[lineEnd]) { lineEnd = result.index(after: lineEnd) }
            let atLineStart = lineStart == result.startIndex || result[result.index(before: lineStart)] == "\n"
            if atLineStart, lineEnd < result.endIndex, result[lineEnd] == "\n" {
                start = lineStart
                end = result.index(after: lineEnd)
            }
            let offset = result.distance(from: result.startIndex, to: start)
            result.removeSubrange(start..<end)
            removed.append(location)
            searchFrom = result.index(result.startIndex, offsetBy: offset)
        }
        return (result, removed)
    }

    static func isPodsProject(_ location: String) -> Bool {
        let path = location.split(separator: ":", maxSplits: 1).last.map(String.init) ?? location
        return path == "Pods/Pods.xcodeproj" || path.hasSuffix("/Pods/Pods.xcodeproj")
    }

    /// The end of the FileRef element starting `text`: after `/>` or after `</FileRef>`.
    static func closingOfFileRef(in text: Substring) -> String.Index? {
        guard let tagEnd = text.range(of: ">") else { return nil }
        if text[..<tagEnd.lowerBound].hasSuffix("/") { return tagEnd.upperBound }
        return text.range(of: "</FileRef>")?.upperBound
    }

    static func attribute(_ name: String, in element: Substring) -> String? {
        guard let key = element.range(of: name) else { return nil }
        var rest = element[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close])
    }
}

/// A user xcconfig used as a base configuration: its `#include` (and `#include?`) of a Pods xcconfig taken
/// out, with a note naming file and line; other mentions of CocoaPods named in notes.
package enum XcconfigIncludes {
    /// `text` of the xcconfig at `path` without its Pods includes, and the notes.
    package static func removingPodsIncludes(_ text: String, path: String) -> (text: String, notes: [XcodeNote]) {
        var notes: [XcodeNote] = []
        var output = ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var removedLines = 0
        for line in lines.enumerated() {
            // Lines as numbered in the file read for what is removed, in the file written for what stays.
            let lineNumber = line.offset + 1
            let content = line.element
            let isLast = line.offset == lines.count - 1
            if let included = includedPath(content), Deintegration.isPodsXcconfig(included) {
                notes.append(
                    XcodeNote(
                        rule: XcodeRule.xcconfigIncludeRemoved, file: path, line: lineNumber,
                        "removed `\(content.trimmingCharacters(in: .whitespaces))`: CocoaPods' settings are gone, the packages bring their own"
                    ))
                removedLines += 1
                continue
            }
            if Deintegration.mentionsPods(String(content)),
                !content.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            {
                notes.append(
                    XcodeNote(
                        rule: XcodeRule.xcconfigMentionsPods, file: path, line: lineNumber - removedLines,
                        "`\(content.trimmingCharacters(in: .whitespaces))` still mentions CocoaPods: remove it (packages bring their own search paths and flags)"
                    ))
            }
            output += content
            if !isLast { output += "\n" }
        }
        return (output, notes)
    }

    /// The path of an `#include "…"` or `#include? "…"` line.
    static func includedPath(_ line: Substring) -> String? {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("#include") else { return nil }
        rest = rest.dropFirst("#include".count)
        if rest.first == "?" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<close])
    }
}
