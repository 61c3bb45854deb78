import Specs
import Testing

@Suite("Specs: the spec objects of a podspec tree")
struct SpecObjectTests {
    static let nested = """
        {
          "name": "Pay", "version": "1.0.0",
          "source_files": "Sources/*.swift",
          "ios": {"source_files": "iOS/*.swift"},
          "subspecs": [
            {"name": "Core", "subspecs": [{"name": "Mock"}]},
            {"name": "Tests", "test_type": "unit"}
          ],
          "testspecs": [{"name": "UnitTests"}],
          "appspecs": [{"name": "Demo"}]
        }
        """

    @Test func everyObjectRootFirstThenDepthFirstWithItsKind() throws {
        let objects = SpecObject.all(in: try JSONParser.parse(Self.nested))
        #expect(
            objects.map(\.fullName) == ["Pay", "Pay/Core", "Pay/Core/Mock", "Pay/Tests", "Pay/UnitTests", "Pay/Demo"])
        #expect(objects.map(\.kind) == [.root, .subspec, .subspec, .test, .test, .app])
        #expect(objects[2].ancestors.map { $0["name"]?.stringValue } == ["Pay", "Core"])
        #expect(
            objects[0].members(named: "source_files").map(\.value.stringValue) == ["Sources/*.swift", "iOS/*.swift"])
    }

    @Test func theDecodedSpecNestsTheSameWay() throws {
        let spec = try Spec(json: Array(Self.nested.utf8), label: "Pay.podspec.json")
        let objects = SpecObject.all(in: spec.json)
        #expect(
            spec.subspecs.map(\.name)
                == objects.filter { $0.kind == .subspec && $0.ancestors.count == 1 }.map(\.fullName))
        #expect(spec.testSpecs.map(\.name) == objects.filter { $0.kind == .test }.map(\.fullName))
        #expect(spec.appSpecs.map(\.name) == objects.filter { $0.kind == .app }.map(\.fullName))
    }

    @Test func aTreeTheModelRefusesStillShowsEveryObject() throws {
        let text =
            #"{"name": "Pay", "version": "1.0.0", "subspecs": [{"name": 42, "dependencies": "Logging"}, "Core"]}"#
        #expect(throws: SpecError.self) { try Spec(json: Array(text.utf8), label: "Pay.podspec.json") }
        let objects = SpecObject.all(in: try JSONParser.parse(text))
        #expect(objects.map(\.fullName) == ["Pay", "Pay/(unnamed)"])
        #expect(objects[1].shortName == nil)
    }
}
