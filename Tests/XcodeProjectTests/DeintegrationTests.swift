import Foundation
import Testing

@testable import XcodeProject

@Suite struct DeintegrationTests {
    /// Every object CocoaPods made in the fixtures (ids starting with `5A`), and nothing else, goes; every
    /// other object keeps its id, and its text except the lines that named what went.
    @Test(arguments: Fixtures.families)
    func removesExactlyThePodsObjects(_ family: String) throws {
        let before = try Fixtures.document(family)
        var document = before
        _ = Deintegration.apply(to: &document)
        let beforeTexts = Fixtures.texts(before)
        let afterTexts = Fixtures.texts(document)
        let removed = Set(beforeTexts.keys).subtracting(afterTexts.keys)
        #expect(removed == Set(beforeTexts.keys.filter { $0.hasPrefix("5A") }))
        #expect(Set(afterTexts.keys).isSubset(of: Set(beforeTexts.keys)))
        for (id, text) in afterTexts {
            let original = try #require(beforeTexts[id])
            let expected = original.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !removed.contains { line.contains($0) } }
                .joined(separator: "\n")
            #expect(text == expected, "object \(id)")
        }
        // Nothing CocoaPods made is mentioned any more, and the file reads back.
        let written = String(decoding: document.serialized(), as: UTF8.self)
        #expect(!written.contains("5A"))
        #expect(!written.contains("[CP"))
        #expect(!written.contains("/* Begin PBXShellScriptBuildPhase section */\n/* End"))
        let reread = try PBXProjDocument(data: document.serialized(), path: "p")
        #expect(reread.objects.count == afterTexts.count)
    }

    @Test func reportsWhatWentAndNotesWhatStillMentionsPods() throws {
        var document = try Fixtures.document("CocoaPods54")
        let result = Deintegration.apply(to: &document)
        let removed = result.removed.map { "\($0.target ?? "-"): \($0.description)" }
        #expect(
            removed.contains(
                "Rocket.Chat: the script phase '📦 Copy Pods Resources' (it ran `\"${PODS_ROOT}/Target Support Files/Pods-Rocket.Chat/Pods-Rocket.Chat-resources.sh\"`)"
            ))
        #expect(removed.contains("My App: Pods_My_App.framework from the 'Frameworks' phase"))
        #expect(removed.contains("-: the file reference Pods.framework"))
        #expect(removed.contains("-: the script phase '[CP] Embed Pods Frameworks', in no target"))
        #expect(removed.contains("My App: the base configuration Pods-My App.debug.xcconfig of Debug"))
        #expect(removed.contains("-: the group Pods") && removed.contains("-: the group Frameworks"))
        let notes = result.notes.map(\.description)
        #expect(
            notes.contains {
                $0.hasPrefix("target 'Rocket.Chat': removed the phase '[CP-User] Run Firebase Crashlytics'")
                    && $0.contains("`\"${PODS_ROOT}/FirebaseCrashlytics/run\"`")
            })
        #expect(
            notes.contains {
                $0.hasPrefix("target 'My App': the script phase 'SwiftLint' still runs")
                    && $0.contains("${PODS_ROOT}/SwiftLint/swiftlint")
            })
        #expect(notes.contains { $0.hasPrefix("target 'Rocket.Chat': the build setting HEADER_SEARCH_PATHS of Debug") })
        #expect(notes.contains { $0.hasPrefix("target 'Rocket.Chat': the build setting OTHER_LDFLAGS of Release") })
        #expect(
            notes.contains(
                "the file reference GoogleService-Info.plist points into the Pods folder (Pods/Firebase/GoogleService-Info.plist), which is no longer made: move the file into the project or remove the reference"
            ))
        #expect(result.userBaseConfigurations == ["Rocket.Chat/Config.xcconfig"])
        // What is left as it was: the user script and the settings that still name Pods.
        let text = String(decoding: document.serialized(), as: UTF8.self)
        #expect(text.contains("shellScript = \"\\\"${PODS_ROOT}/SwiftLint/swiftlint\\\"\\n\";"))
        #expect(text.contains("\"${PODS_ROOT}/Headers/Public\","))
        #expect(text.contains("baseConfigurationReference = 1D0000000000000000000007 /* Config.xcconfig */;"))
    }

    @Test func aProjectWithoutCocoaPodsIsNotTouched() throws {
        var document = try Fixtures.document("CocoaPods54")
        _ = Deintegration.apply(to: &document)
        var again = try PBXProjDocument(data: document.serialized(), path: "p")
        let result = Deintegration.apply(to: &again)
        #expect(result.removed.isEmpty)
        #expect(!again.isModified)
        #expect(again.serialized() == document.serialized())
    }

    @Test(arguments: [
        "[CP] Check Pods Manifest.lock", "[CP] Embed Pods Frameworks", "[CP] Copy Pods Resources", "[CP-User] Lint",
        "📦 Embed Pods Frameworks", "Check Pods Manifest.lock", "[CP] Copy XCFrameworks",
    ])
    func podsPhaseNames(_ name: String) {
        #expect(Deintegration.isPodsPhase(name))
    }

    @Test(arguments: ["SwiftLint", "📦 Something Else", "Copy Resources", "[C] Check"])
    func userPhaseNames(_ name: String) {
        #expect(!Deintegration.isPodsPhase(name))
    }

    @Test func podsProductsAndXcconfigs() {
        for name in ["Pods_App.framework", "Pods-App.framework", "Pods.framework", "libPods-App.a", "libPods.a"] {
            #expect(Deintegration.isPodsProduct(name), "\(name)")
        }
        for name in ["MyPods.framework", "Podsy.framework", "libPodcast.a", "Pods_App.xcconfig"] {
            #expect(!Deintegration.isPodsProduct(name), "\(name)")
        }
        #expect(Deintegration.isPodsXcconfig("Target Support Files/Pods-App/Pods-App.debug.xcconfig"))
        #expect(Deintegration.isPodsXcconfig("Pods/Pods.xcconfig"))
        #expect(!Deintegration.isPodsXcconfig("Config/App.xcconfig"))
    }

    @Test func whatMentionsPods() {
        for text in [
            "${PODS_ROOT}/SwiftLint/swiftlint", "$(PODS_CONFIGURATION_BUILD_DIR)/x", "Pods/Firebase/x.plist",
            "\"$(SRCROOT)/Pods/Headers\"", "../Pods/x", "$(inherited) -l\"Pods-App\"", "-framework Pods_App", "Pods",
        ] {
            #expect(Deintegration.mentionsPods(text), "\(text)")
        }
        for text in ["$(SRCROOT)/ThirdParty/MyPods/include", "CocoaPodsKeys", "$(inherited)", "Podspecs/x"] {
            #expect(!Deintegration.mentionsPods(text), "\(text)")
        }
    }

    @Test func workspaceLosesOnlyThePodsProject() {
        let workspace = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:App.xcodeproj">
               </FileRef>
               <FileRef
                  location = "group:Pods/Pods.xcodeproj">
               </FileRef>
               <FileRef location = "group:Tools/Pods.xcodeproj"/>
               <Group location = "container:" name = "Deps">
                  <FileRef location = "group:../Pods/Pods.xcodeproj"/>
               </Group>
            </Workspace>

            """
        let result = WorkspaceContents.removingPodsProject(workspace)
        #expect(result.removed == ["group:Pods/Pods.xcodeproj", "group:../Pods/Pods.xcodeproj"])
        #expect(
            result.text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <Workspace
                   version = "1.0">
                   <FileRef
                      location = "group:App.xcodeproj">
                   </FileRef>
                   <FileRef location = "group:Tools/Pods.xcodeproj"/>
                   <Group location = "container:" name = "Deps">
                   </Group>
                </Workspace>

                """)
        #expect(WorkspaceContents.removingPodsProject(result.text).text == result.text)
    }

    @Test func xcconfigLosesItsPodsIncludesWithANoteNamingFileAndLine() {
        let text =
            "#include \"Pods/Target Support Files/Pods-Runner/Pods-Runner.release.xcconfig\"\n#include? \"Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig\"\n#include \"Generated.xcconfig\"\nOTHER_LDFLAGS = $(inherited) -framework \"Pods_Runner\"\nFOO = ${PODS_ROOT}/x\n"
        let result = XcconfigIncludes.removingPodsIncludes(text, path: "Flutter/Release.xcconfig")
        #expect(
            result.text
                == "#include \"Generated.xcconfig\"\nOTHER_LDFLAGS = $(inherited) -framework \"Pods_Runner\"\nFOO = ${PODS_ROOT}/x\n"
        )
        let notes = result.notes.map(\.description)
        #expect(notes.count == 4)
        #expect(
            notes[0].hasPrefix(
                "Flutter/Release.xcconfig:1: removed `#include \"Pods/Target Support Files/Pods-Runner/Pods-Runner.release.xcconfig\"`"
            ))
        #expect(notes[1].hasPrefix("Flutter/Release.xcconfig:2: removed `#include? \"Pods/"))
        #expect(
            notes[2].hasPrefix(
                "Flutter/Release.xcconfig:2: `OTHER_LDFLAGS = $(inherited) -framework \"Pods_Runner\"` still"))
        #expect(notes[3].hasPrefix("Flutter/Release.xcconfig:3: `FOO = ${PODS_ROOT}/x` still mentions CocoaPods"))
    }
}
