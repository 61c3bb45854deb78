import Testing

@testable import ComposefileFormat

/// The Podfile lines that say where the Xcode project is and whether to touch it, read as CocoaPods
/// reads them.
@Suite struct XcodeProjectLinesTests {
    @Test func aProjectLineHoldsForTheBlocksInsideIt() throws {
        let file = try Composefile.parse(
            """
            workspace 'Shop'
            project 'Shop'
            target 'Shop' do
              pod 'A'
              target 'Shop Tests' do
                inherit! :search_paths
              end
            end
            abstract_target 'Watch' do
              xcodeproj 'Watch/Watch.xcodeproj', 'Beta' => :release
              target 'DogeChatWatch Watch App'
              target 'Rocket.Chat' do
                project 'Other/Other'
              end
            end
            """, path: "Podfile")
        let targets = file.concreteTargets
        #expect(targets.map(\.name) == ["Shop", "Shop Tests", "DogeChatWatch Watch App", "Rocket.Chat"])
        #expect(
            targets.map(\.project?.path) == [
                "Shop.xcodeproj", "Shop.xcodeproj", "Watch/Watch.xcodeproj", "Other/Other.xcodeproj",
            ])
        #expect(targets[2].project?.location.description == "Podfile:10:3")
        #expect(file.workspace?.path == "Shop.xcworkspace")
        // The one note: the search-paths test target gets no pods of its own.
        #expect(
            file.notes.map(\.message).allSatisfy { $0.hasPrefix("target 'Shop Tests' has `inherit! :search_paths`") })
        #expect(file.notes.count == 1)
        #expect(file.integratesTargets)
    }

    @Test func noProjectLineLeavesTheChoiceToTheFolder() throws {
        let file = try Composefile.parse("target 'App' do\nend\n", path: "Podfile")
        #expect(file.concreteTargets.map(\.project) == [nil])
        #expect(file.workspace == nil)
    }

    @Test(arguments: [
        "install! 'cocoapods', :integrate_targets => false", "install! 'cocoapods', integrate_targets: false",
        "install! 'cocoapods', :integrate_targets => false, :deterministic_uuids => false",
    ])
    func integrateTargetsFalseIsKept(_ line: String) throws {
        let file = try Composefile.parse(line + "\ntarget 'App'\n", path: "Podfile")
        #expect(!file.integratesTargets)
        // Only the options compose does not read get a note.
        #expect(file.notes.count == (line.contains("deterministic") ? 1 : 0))
    }

    @Test func aProjectLineNeedsAPath() {
        #expect(throws: ComposefileError.self) { try Composefile.parse("project\n", path: "Podfile") }
        #expect(throws: ComposefileError.self) { try Composefile.parse("project ''\n", path: "Podfile") }
    }
}
