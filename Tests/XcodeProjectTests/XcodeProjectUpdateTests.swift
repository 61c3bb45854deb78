import Foundation
import Testing

@testable import XcodeProject

/// The file-level entry point on real files in temporary folders.
@Suite struct XcodeProjectUpdateTests {
    static let link = LocalPackageLink(path: "Composed", targets: Fixtures.appTargets)

    static func contents(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
            }
        }
        return result
    }

    @Test func integratesWritesEveryFileAndASecondRunWritesNothing() throws {
        let folder = try Fixtures.copy("CocoaPods54")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let project = folder.appendingPathComponent("App.xcodeproj")
        let workspace = folder.appendingPathComponent("App.xcworkspace")
        let report = try XcodeProjectUpdate.run(project: project, workspace: workspace, link: Self.link)
        #expect(report.changed)
        #expect(
            report.writtenFiles.map { String($0.dropFirst(folder.path.count)) } == [
                "/Rocket.Chat/Config.xcconfig", "/App.xcworkspace/contents.xcworkspacedata",
                "/App.xcodeproj/project.pbxproj",
            ])
        #expect(report.removed.contains { $0.description == "group:Pods/Pods.xcodeproj from the workspace" })
        #expect(report.added.filter { $0.description.hasPrefix("depends on") }.count == 3)
        #expect(
            report.notes.contains { $0.description.hasPrefix("Rocket.Chat/Config.xcconfig:2: removed `#include? ") })
        #expect(
            report.notes.contains { $0.description.hasPrefix("Rocket.Chat/Config.xcconfig:5: `LIBRARY_SEARCH_PATHS") })
        let written = try Self.contents(folder)
        #expect(
            String(decoding: written["/Rocket.Chat/Config.xcconfig"]!, as: UTF8.self).hasPrefix(
                "// Settings of the Rocket.Chat target.\n#include \"Shared.xcconfig\"\n"))
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"))
                == written["/App.xcodeproj/project.pbxproj"])

        let again = try XcodeProjectUpdate.run(project: project, workspace: workspace, link: Self.link)
        #expect(!again.changed && again.removed.isEmpty && again.added.isEmpty)
        #expect(try Self.contents(folder) == written)
        // No temporary file is left beside what was written.
        #expect(written.keys.allSatisfy { !$0.hasSuffix(".partial") })
    }

    @Test func deintegrateOnlyAndDryRun() throws {
        let folder = try Fixtures.copy("CocoaPods46")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let project = folder.appendingPathComponent("App.xcodeproj")
        let original = try Self.contents(folder)
        let dry = try XcodeProjectUpdate.run(project: project, workspace: nil, link: nil, dryRun: true)
        #expect(dry.changed && dry.writtenFiles.count == 2)
        #expect(try Self.contents(folder) == original)
        let report = try XcodeProjectUpdate.run(project: project, workspace: nil, link: nil)
        #expect(report.added.isEmpty && report.writtenFiles == dry.writtenFiles)
        let text = try String(contentsOf: project.appendingPathComponent("project.pbxproj"), encoding: .utf8)
        #expect(
            !text.contains("[CP") && !text.contains("Pods-My App.debug.xcconfig")
                && text.contains("objectVersion = 46;"))
    }

    @Test func refusesSymbolicLinksAndWritesNothing() throws {
        let folder = try Fixtures.copy("CocoaPods54")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let project = folder.appendingPathComponent("App.xcodeproj")
        let linkedProject = folder.appendingPathComponent("Linked.xcodeproj")
        try FileManager.default.createSymbolicLink(at: linkedProject, withDestinationURL: project)
        let original = try Self.contents(folder)
        #expect(throws: XcodeProjectError.symbolicLink(path: linkedProject.path)) {
            try XcodeProjectUpdate.run(project: linkedProject, link: Self.link)
        }
        // The project file itself a link.
        let pbxproj = project.appendingPathComponent("project.pbxproj")
        let real = folder.appendingPathComponent("real.pbxproj")
        try FileManager.default.moveItem(at: pbxproj, to: real)
        try FileManager.default.createSymbolicLink(at: pbxproj, withDestinationURL: real)
        #expect(throws: XcodeProjectError.symbolicLink(path: pbxproj.path)) {
            try XcodeProjectUpdate.run(project: project, link: Self.link)
        }
        #expect(try Data(contentsOf: real) == original["/App.xcodeproj/project.pbxproj"])
        let error = XcodeProjectError.symbolicLink(path: pbxproj.path)
        #expect(error.description.contains("is a symbolic link") && error.description.contains("Nothing was written"))
    }

    @Test func anXcconfigIsWrittenOnlyInsideTheProjectsFolderAndNeverThroughALink() throws {
        let folder = try Fixtures.copy("CocoaPods54")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let project = folder.appendingPathComponent("App.xcodeproj")
        let config = folder.appendingPathComponent("Rocket.Chat/Config.xcconfig")
        let original = try Data(contentsOf: config)

        // A link to an xcconfig that needs a change: refused, nothing written.
        let shared = folder.appendingPathComponent("Shared-Config.xcconfig")
        try FileManager.default.moveItem(at: config, to: shared)
        try FileManager.default.createSymbolicLink(at: config, withDestinationURL: shared)
        let before = try Self.contents(folder)
        #expect(throws: XcodeProjectError.symbolicLink(path: config.path)) {
            try XcodeProjectUpdate.run(project: project, link: Self.link)
        }
        #expect(try Self.contents(folder) == before)
        // A link to an xcconfig that needs none is only read.
        try Data("SWIFT_VERSION = 5.0\n".utf8).write(to: shared)
        let linked = try XcodeProjectUpdate.run(project: project, link: Self.link)
        #expect(!linked.writtenFiles.contains(config.path))
        try FileManager.default.removeItem(at: config)

        // Outside the folder holding the project: named in a note, left as it is.
        let outside = folder.deletingLastPathComponent().appendingPathComponent("Rocket.Chat")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try original.write(to: outside.appendingPathComponent("Config.xcconfig"))
        let pbxproj = project.appendingPathComponent("project.pbxproj")
        let text = try String(contentsOf: pbxproj, encoding: .utf8)
        try text.replacingOccurrences(of: "\t\t\tpath = Rocket.Chat;\n", with: "\t\t\tpath = ../Rocket.Chat;\n")
            .write(to: pbxproj, atomically: false, encoding: .utf8)
        let report = try XcodeProjectUpdate.run(project: project, link: Self.link)
        #expect(try Data(contentsOf: outside.appendingPathComponent("Config.xcconfig")) == original)
        #expect(
            report.notes.map(\.description).contains(
                "../Rocket.Chat/Config.xcconfig:2: remove `#include? \"../Pods/Target Support Files/Pods-Rocket.Chat/Pods-Rocket.Chat.debug.xcconfig\"` yourself: the file is outside the project's folder, so compose does not change it"
            ))
    }

    @Test func aFileChangedBetweenReadAndWriteIsNotOverwritten() throws {
        let folder = try Fixtures.copy("CocoaPods54")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let project = folder.appendingPathComponent("App.xcodeproj")
        let workspace = folder.appendingPathComponent("App.xcworkspace")
        let pbxproj = project.appendingPathComponent("project.pbxproj")
        let original = try Self.contents(folder)
        let saved = Data((String(decoding: original["/App.xcodeproj/project.pbxproj"]!, as: UTF8.self) + "\n").utf8)
        #expect(throws: XcodeProjectError.changedOnDisk(path: pbxproj.path)) {
            try XcodeProjectUpdate.run(project: project, workspace: workspace, link: Self.link) {
                // Xcode saving the project meanwhile.
                try? saved.write(to: pbxproj)
            }
        }
        var expected = original
        expected["/App.xcodeproj/project.pbxproj"] = saved
        #expect(try Self.contents(folder) == expected)  // nothing else written, no temporary file left
    }

    @Test func aProjectThatDoesNotParseIsNamedWithLineAndColumnAndNothingIsWritten() throws {
        let folder = try Fixtures.copy("CocoaPods54")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let project = folder.appendingPathComponent("App.xcodeproj")
        let pbxproj = project.appendingPathComponent("project.pbxproj")
        var text = try String(contentsOf: pbxproj, encoding: .utf8)
        let nameLine = try #require(text.components(separatedBy: "\n").firstIndex(of: "\t\t\tname = Rocket.Chat;")) + 1
        text = text.replacingOccurrences(of: "\t\t\tname = Rocket.Chat;\n", with: "\t\t\tname = Rocket.Chat\n")
        try text.write(to: pbxproj, atomically: false, encoding: .utf8)
        let original = try Self.contents(folder)
        #expect {
            try XcodeProjectUpdate.run(
                project: project, workspace: folder.appendingPathComponent("App.xcworkspace"), link: Self.link)
        } throws: { error in
            guard case .parse(let path, let line, let column, let message) = error as? XcodeProjectError else {
                return false
            }
            return path == pbxproj.path && line == nameLine + 1 && column == 4
                && message == "expected `;` after the value of name, found `p`"
        }
        #expect(try Self.contents(folder) == original)
    }
}
