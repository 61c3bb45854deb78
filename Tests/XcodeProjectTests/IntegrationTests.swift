import Foundation
import Testing

@testable import XcodeProject

@Suite struct IntegrationTests {
    static func integrated(_ family: String, _ targets: [LocalPackageLink.TargetProduct], path: String = "Composed")
        throws -> PBXProjDocument
    {
        var document = try Fixtures.document(family)
        _ = Deintegration.apply(to: &document)
        _ = try Integration.apply(LocalPackageLink(path: path, targets: targets), to: &document)
        return try PBXProjDocument(data: document.serialized(), path: document.path)
    }

    /// Each target gets one dependency on its product, linked in its frameworks phase, in the form of the
    /// project's objectVersion.
    @Test(arguments: Fixtures.families)
    func eachTargetDependsOnItsProductLinked(_ family: String) throws {
        let document = try Self.integrated(family, Fixtures.appTargets, path: "../Composed")
        let modern = family == "CocoaPods60"
        for pair in Fixtures.appTargets {
            let target = try #require(document.nativeTarget(named: pair.target))
            let dependencies = target.body.strings("packageProductDependencies")
            #expect(dependencies.count == 1)
            let dependency = try #require(dependencies.first.flatMap(document.object))
            #expect(dependency.isa == "XCSwiftPackageProductDependency")
            #expect(dependency.body.string("productName") == pair.product)
            #expect(dependency.comment == pair.product)
            let phase = try #require(document.buildPhases(of: target).first { $0.isa == "PBXFrameworksBuildPhase" })
            let linked = phase.body.strings("files").compactMap(document.object).filter {
                $0.body.string("productRef") == dependency.id
            }
            #expect(linked.count == 1)
            #expect(linked.first?.comment == "\(pair.product) in Frameworks")
            // Xcode names no package in a local package's product dependency, in either form.
            #expect(dependency.body.keys == ["isa", "productName"])
        }
        let text = String(decoding: document.serialized(), as: UTF8.self)
        if modern {
            let package = try #require(document.objects(isa: "XCLocalSwiftPackageReference").first)
            #expect(package.body.string("relativePath") == "../Composed")
            #expect(package.comment == "XCLocalSwiftPackageReference \"../Composed\"")
            #expect(document.projectObject?.body.strings("packageReferences") == [package.id])
            #expect(!text.contains("lastKnownFileType = wrapper;"))
            #expect(document.objectVersion == 60)
        } else {
            let folder = try #require(
                document.objects(isa: "PBXFileReference").first { $0.body.string("lastKnownFileType") == "wrapper" })
            #expect(
                folder.text.hasSuffix(
                    "/* Composed */ = {isa = PBXFileReference; lastKnownFileType = wrapper; name = Composed; path = ../Composed; sourceTree = \"<group>\"; };"
                ))
            let mainGroup = try #require(document.projectObject?.body.string("mainGroup").flatMap(document.object))
            #expect(mainGroup.body.strings("children").first == folder.id)
            #expect(!text.contains("XCLocalSwiftPackageReference"))
            #expect(document.objectVersion == (family == "CocoaPods46" ? 52 : 54))
        }
    }

    @Test(arguments: Fixtures.families)
    func aSecondRunChangesNoByte(_ family: String) throws {
        let once = try Self.integrated(family, Fixtures.appTargets)
        var twice = once
        _ = Deintegration.apply(to: &twice)
        let changes = try Integration.apply(
            LocalPackageLink(path: "Composed", targets: Fixtures.appTargets), to: &twice)
        #expect(changes.isEmpty)
        #expect(!twice.isModified)
        #expect(twice.serialized() == once.serialized())
    }

    /// Adding a target touches only its objects (and the new ones); removing it again gives back the bytes
    /// of the integration without it.
    @Test(arguments: Fixtures.families)
    func addingOrRemovingATargetTouchesOnlyThatTarget(_ family: String) throws {
        let two = Array(Fixtures.appTargets.prefix(2))
        let withTwo = try Self.integrated(family, two)
        var withThree = withTwo
        let changes = try Integration.apply(
            LocalPackageLink(path: "Composed", targets: Fixtures.appTargets), to: &withThree)
        #expect(changes.allSatisfy { $0.target == "Rocket.Chat" })
        let before = Fixtures.texts(withTwo)
        let after = Fixtures.texts(withThree)
        let changed = Set(after.keys.filter { before[$0] != nil && before[$0] != after[$0] })
        // Rocket.Chat and its Frameworks phase.
        #expect(changed == ["1D4000000000000000000003", "1D3000000000000000000009"])
        #expect(Set(before.keys).isSubset(of: Set(after.keys)))
        #expect(after.count - before.count == 2)  // its dependency and build file

        var backToTwo = withThree
        let removal = try Integration.apply(LocalPackageLink(path: "Composed", targets: two), to: &backToTwo)
        #expect(removal.map(\.description) == ["no longer links Rocket.Chat"])
        // Rocket.Chat keeps an empty packageProductDependencies, as Xcode leaves it; everything else is as before.
        let back = Fixtures.texts(try PBXProjDocument(data: backToTwo.serialized(), path: "p"))
        #expect(Set(back.keys) == Set(before.keys))
        #expect(back.keys.filter { back[$0] != before[$0] } == ["1D4000000000000000000003"])
        #expect(back["1D4000000000000000000003"]?.contains("packageProductDependencies = (\n\t\t\t);") == true)
    }

    /// A project integrated in the folder form and raised to objectVersion 60 since keeps its one folder
    /// reference.
    @Test func aFolderReferenceStaysWhenTheProjectIsRaisedTo60() throws {
        let once = try Self.integrated("CocoaPods54", Fixtures.appTargets)
        let raised = String(decoding: once.serialized(), as: UTF8.self)
            .replacingOccurrences(of: "objectVersion = 54;", with: "objectVersion = 60;")
        var document = try PBXProjDocument(data: Data(raised.utf8), path: "p")
        let changes = try Integration.apply(
            LocalPackageLink(path: "Composed", targets: Fixtures.appTargets), to: &document)
        #expect(changes.isEmpty && !document.isModified)
    }

    @Test func aTargetWithoutFrameworksPhaseGetsOneAfterItsSources() throws {
        let pair = LocalPackageLink.TargetProduct(target: "My App UITests", product: "My App UITests")
        let document = try Self.integrated("CocoaPods54", [pair])
        let target = try #require(document.nativeTarget(named: "My App UITests"))
        let phases = document.buildPhases(of: target)
        #expect(phases.map(\.isa) == ["PBXSourcesBuildPhase", "PBXFrameworksBuildPhase"])
        #expect(phases[1].comment == "Frameworks")
        #expect(
            phases[1].text.hasSuffix(
                "/* Frameworks */ = {\n\t\t\tisa = PBXFrameworksBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n\t\t\t\t\(phases[1].body.strings("files")[0]) /* My App UITests in Frameworks */,\n\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};"
            ))
    }

    @Test func noTargetsTakesCompose_sPackageOut() throws {
        for family in Fixtures.families {
            let deintegratedOnly = try Self.integrated(family, [])
            var document = try Self.integrated(family, Fixtures.appTargets)
            _ = try Integration.apply(LocalPackageLink(path: "Composed", targets: []), to: &document)
            let texts = Fixtures.texts(try PBXProjDocument(data: document.serialized(), path: "p"))
            #expect(Set(texts.keys) == Set(Fixtures.texts(deintegratedOnly).keys), "\(family)")
        }
    }

    @Test func aTargetMissingFromTheProjectIsAnErrorNamingBoth() throws {
        var document = try Fixtures.document("CocoaPods54")
        let link = LocalPackageLink(
            path: "Composed", targets: [.init(target: "Habitica UI Tests", product: "Habitica UI Tests")])
        #expect(throws: XcodeProjectError.self) { try Integration.apply(link, to: &document) }
        do {
            _ = try Integration.apply(link, to: &document)
        } catch {
            #expect(
                error.description
                    == "the target 'Habitica UI Tests' is not a native target of CocoaPods54/App.xcodeproj/project.pbxproj (it has 'My App', 'Extensions-Share', 'Rocket.Chat', 'My App UITests'). Nothing was written; fix the target's name in the Podfile or add the target in Xcode."
            )
        }
        #expect(!document.isModified)
    }

    @Test(arguments: ["", "/abs/Composed", "a//b", "./Composed", "Com\nposed"])
    func packagePathsThatCannotBeWritten(_ path: String) throws {
        var document = try Fixtures.document("CocoaPods54")
        #expect(throws: XcodeProjectError.self) {
            try Integration.apply(LocalPackageLink(path: path, targets: Fixtures.appTargets), to: &document)
        }
    }
}
