import Foundation
import Testing

@testable import XcodeProject

/// Xcode as the oracle: real commits in which Xcode added a local package (Fixtures/Golden/*/SOURCE.txt
/// names each), replayed by compose on the commit's parent. The ids compose derives are mapped onto the
/// ones Xcode drew for the same objects (same class and comment), then every object is compared.
@Suite struct GoldenTests {
    struct Outcome {
        var ours: [String: String]
        var xcode: [String: String]
        var oursSerialized: String
        var xcodeSerialized: String
    }

    static func replay(_ family: String, link: LocalPackageLink, editBefore: (String) -> String = { $0 }) throws
        -> Outcome
    {
        let folder = Fixtures.folder.appendingPathComponent("Golden/\(family)")
        let beforeText = editBefore(
            try String(contentsOf: folder.appendingPathComponent("before.pbxproj"), encoding: .utf8))
        let afterData = try Data(contentsOf: folder.appendingPathComponent("after.pbxproj"))
        let before = try PBXProjDocument(data: Data(beforeText.utf8), path: "before.pbxproj")
        var document = before
        _ = Deintegration.apply(to: &document)
        _ = try Integration.apply(link, to: &document)
        let xcode = try PBXProjDocument(data: afterData, path: "after.pbxproj")

        let beforeIDs = Set(before.objects.map(\.id))
        let xcodeNew = xcode.objects.filter { !beforeIDs.contains($0.id) }
        var text = String(decoding: document.serialized(), as: UTF8.self)
        for object in document.objects where !beforeIDs.contains(object.id) {
            let match = try #require(
                xcodeNew.first { $0.isa == object.isa && $0.comment == object.comment },
                "Xcode made no \(object.isa) /* \(object.comment ?? "") */")
            text = text.replacingOccurrences(of: object.id, with: match.id)
        }
        var ours = try PBXProjDocument(data: Data(text.utf8), path: "ours.pbxproj")
        // Within each section both write objects in id order; with Xcode's ids compose's go elsewhere.
        for document in [document, xcode] {
            var last: (isa: String, id: String)?
            for object in document.objects {
                if let last, last.isa == object.isa { #expect(last.id < object.id) }
                last = (object.isa, object.id)
            }
        }
        var run: [Int] = []
        for index in ours.items.indices + [ours.items.count] {
            if index < ours.items.count, case .object = ours.items[index] {
                run.append(index)
                continue
            }
            let sorted = run.map { ours.items[$0] }.sorted { left, right in
                guard case .object(let a) = left, case .object(let b) = right else { return false }
                return ours.storage[a]!.id < ours.storage[b]!.id
            }
            for (position, item) in zip(run, sorted) { ours.items[position] = item }
            run = []
        }
        ours.setObjectVersion(0)
        ours.setObjectVersion(document.objectVersion!)
        return Outcome(
            ours: Fixtures.texts(ours), xcode: Fixtures.texts(xcode),
            oursSerialized: String(decoding: ours.serialized(), as: UTF8.self),
            xcodeSerialized: String(decoding: afterData, as: UTF8.self))
    }

    /// Xcode 15, objectVersion 56: the package folder dragged into the project (`path = ..`, named), its
    /// product linked into the app. compose writes the same objects; Xcode also made an empty Frameworks
    /// group, and the developer changed the bundle identifier in the same commit.
    @Test func folderReferenceFormMatchesXcode() throws {
        let outcome = try Self.replay(
            "56",
            link: LocalPackageLink(
                path: "..", targets: [.init(target: "Example", product: "FlagAndCountryCode")],
                name: "FlagAndCountryCode"))
        let frameworksGroup = "E605DC0B2B187EE8001C9EE7"
        let mainGroup = "E674BB592B10702D003D6D71"
        let configurations: Set = ["E674BB712B10702F003D6D71", "E674BB722B10702F003D6D71"]
        #expect(Set(outcome.xcode.keys).subtracting(outcome.ours.keys) == [frameworksGroup])
        #expect(Set(outcome.ours.keys).subtracting(outcome.xcode.keys).isEmpty)
        let differing = Set(outcome.ours.keys.filter { outcome.ours[$0] != outcome.xcode[$0] })
        #expect(differing == configurations.union([mainGroup]))
        #expect(
            outcome.ours[mainGroup]
                == outcome.xcode[mainGroup]?.replacingOccurrences(
                    of: "\t\t\t\t\(frameworksGroup) /* Frameworks */,\n", with: ""))
    }

    /// Xcode 15, a CocoaPods project deintegrated and given a local package (`XCLocalSwiftPackageReference
    /// ".."`) in one commit. Xcode raised objectVersion from 55 to 60 as it added the reference; compose
    /// keeps a project's objectVersion and picks the form by it, so the replay starts from the parent with
    /// objectVersion 60. Then compose's result is Xcode's, object for object and byte for byte.
    @Test func localReferenceFormAndDeintegrationMatchXcode() throws {
        let outcome = try Self.replay(
            "60",
            link: LocalPackageLink(path: "..", targets: [.init(target: "Example", product: "ProgressIndicatorView")]),
            editBefore: { $0.replacingOccurrences(of: "objectVersion = 55;", with: "objectVersion = 60;") })
        #expect(Set(outcome.ours.keys) == Set(outcome.xcode.keys))
        for (id, text) in outcome.xcode { #expect(outcome.ours[id] == text, "object \(id)") }
        #expect(outcome.oursSerialized == outcome.xcodeSerialized)
    }
}
