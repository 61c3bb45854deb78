import Foundation
import Testing

@testable import XcodeProject

@Suite struct PBXProjDocumentTests {
    @Test(arguments: Fixtures.families)
    func unchangedDocumentIsWrittenBackByteForByte(_ family: String) throws {
        let data = try Fixtures.projectData(family)
        var document = try PBXProjDocument(data: data, path: "project.pbxproj")
        #expect(document.serialized() == data)
        // An edit that changes nothing, then a forced rewrite of every object from its parts.
        document.update("1D4000000000000000000001") { _ in }
        #expect(document.serialized() == data)
        for position in document.storage.indices { document.storage[position]?.raw = nil }
        document.setObjectVersion(0)
        document.setObjectVersion(document.objectVersion == 0 ? Int(family.suffix(2))! : 0)
        #expect(document.serialized() == data)
    }

    /// Every object written anew from its values alone (no text kept at any depth) is the text Xcode
    /// wrote: key order, quoting, escapes, one-line and multi-line forms.
    @Test(arguments: ["Golden/56/before", "Golden/56/after", "Golden/60/before", "Golden/60/after"])
    func everyObjectWrittenFromItsValuesIsXcodesText(_ name: String) throws {
        func bare(_ node: PBXNode) -> PBXNode {
            switch node {
            case .string(let string): return .string(PBXString(string.value, comment: string.comment))
            case .array(let array): return .array(PBXArray(array.elements.map(bare)))
            case .dictionary(let dictionary): return .dictionary(bare(dictionary))
            }
        }
        func bare(_ dictionary: PBXDictionary) -> PBXDictionary {
            var result = PBXDictionary(
                entries: dictionary.entries.map { entry in
                    PBXEntry(key: PBXString(entry.key.value, comment: entry.key.comment), value: bare(entry.value))
                }, raw: "")
            result.raw = nil
            return result
        }
        let data = try Data(contentsOf: Fixtures.folder.appendingPathComponent("\(name).pbxproj"))
        let document = try PBXProjDocument(data: data, path: name)
        #expect(document.objects.count > 20)
        for object in document.objects {
            var rewritten = PBXObject(id: object.id, comment: object.comment, body: bare(object.body))
            rewritten.leading = object.leading
            #expect(rewritten.text == object.raw.map(String.init), "object \(object.id)")
        }
    }

    @Test func readsObjectsKeysAndComments() throws {
        let document = try Fixtures.document("CocoaPods54")
        #expect(document.objectVersion == 54)
        #expect(document.rootObjectID == "1D5000000000000000000001")
        #expect(
            document.targets.compactMap { $0.body.string("name") } == [
                "My App", "Extensions-Share", "Rocket.Chat", "My App UITests",
            ])
        let buildFile = try #require(document.object("1D1000000000000000000004"))
        #expect(buildFile.comment == "Extensions-Share.appex in Embed Foundation Extensions")
        #expect(buildFile.body.keys == ["isa", "fileRef", "settings"])
        #expect(buildFile.body["settings"]?.dictionaryValue?.strings("ATTRIBUTES") == ["RemoveHeadersOnCopy"])
        let check = try #require(document.object("5A3000000000000000000001"))
        #expect(check.body.string("shellScript")?.hasPrefix("diff \"${PODS_PODFILE_DIR_PATH}/Podfile.lock\"") == true)
        #expect(document.object("5A3000000000000000000007")?.body.string("name") == "📦 Copy Pods Resources")
    }

    @Test(arguments: [
        ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X; name = \"open\n};\n}\n", 4, 24, "never closed"),
        ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X;;};\n\t};\n}\n", 4, 16, "unexpected `;`"),
        ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X; name = (a b);};\n\t};\n}\n", 4, 27, "expected `,` or `)`"),
        ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X;};\n\t\tA = {isa = Y;};\n\t};\n}\n", 5, 3, "used twice"),
        ("{\n\tobjects = {\n\t};\n}\n", 1, 1, "not an Xcode project file"),
        ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X;};\n", 5, 1, "the file ends"),
        ("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n}\n", 5, 1, "has no `objects`"),
        ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = Ü;\n\t};\n}\n", 4, 7, "expected `{` opening object A"),
    ])
    func parseErrorsSayLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ fragment: String) {
        #expect {
            _ = try PBXProjDocument(data: Data(text.utf8), path: "App.xcodeproj/project.pbxproj")
        } throws: { error in
            guard case .parse(let path, let foundLine, let foundColumn, let message) = error as? XcodeProjectError
            else {
                return false
            }
            let description = "\(error)"
            return path == "App.xcodeproj/project.pbxproj" && foundLine == line && foundColumn == column
                && message.contains(fragment)
                && description.hasPrefix("App.xcodeproj/project.pbxproj:\(line):\(column): ")
        }
    }

    @Test func refusesWhatIsTooLargeTooManyOrTooDeep() throws {
        let large = Data(count: PBXProjDocument.maximumSize + 1)
        #expect(throws: XcodeProjectError.tooLarge(path: "p", size: large.count, limit: PBXProjDocument.maximumSize)) {
            _ = try PBXProjDocument(data: large, path: "p")
        }
        var text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
        for index in 0..<11 { text += "\t\tA\(index) = {isa = X;};\n" }
        text += "\t};\n}\n"
        var parser = PBXParser(source: text, maximumObjects: 10)
        #expect(throws: PBXParser.Failure.self) { try parser.parse() }
        #expect(PBXParser.location(of: parser.position, in: parser.bytes).line == 14)

        let deep =
            "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X; a = " + String(repeating: "(", count: 100)
            + String(repeating: ")", count: 100) + ";};\n\t};\n}\n"
        #expect {
            _ = try PBXProjDocument(data: Data(deep.utf8), path: "p")
        } throws: { error in
            guard case .parse(_, let line, _, let message) = error as? XcodeProjectError else { return false }
            return line == 4 && message.contains("nested more than 64 deep")
        }
    }

    /// Cut short or corrupted anywhere, a project either still reads or gives a parse error with a place
    /// inside the file; it never crashes or hangs.
    @Test func damagedProjectsGiveErrorsNotCrashes() throws {
        let data = try Fixtures.projectData("CocoaPods54")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).count
        var generator = SystemRandomNumberGenerator()
        var damaged: [Data] = stride(from: 0, to: data.count, by: 997).map { data.prefix($0) }
        for _ in 0..<60 {
            var copy = data
            let position = Int.random(in: 0..<copy.count, using: &generator)
            copy[position] = Array("{}();=,\"'/*\\\n x".utf8).randomElement(using: &generator)!
            damaged.append(copy)
        }
        for bytes in damaged {
            do {
                let document = try PBXProjDocument(data: bytes, path: "p")
                #expect(document.serialized() == bytes)
            } catch {
                guard case .parse(_, let line, let column, let message) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(line >= 1 && line <= lines && column >= 1 && !message.isEmpty)
            }
        }
    }

    /// Files other tools wrote: no section markers, CRLF line ends, objects out of order. They read back
    /// as they were, and an added object goes before the line closing the objects.
    @Test func projectsWithoutSectionsOrWithCRLFReadBackAndTakeNewObjects() throws {
        let text =
            "// !$*UTF8*$!\r\n{\r\n\tarchiveVersion = 1;\r\n\tobjectVersion = 46;\r\n\tobjects = {\r\n"
            + "\t\tB = {isa = PBXGroup; children = (A, ); sourceTree = \"<group>\"; };\r\n"
            + "\t\tA = {isa = PBXFileReference; path = x.swift; sourceTree = \"<group>\"; };\r\n"
            + "\t\tP = {isa = PBXProject; mainGroup = B; targets = (); };\r\n\t};\r\n\trootObject = P;\r\n}\r\n"
        let data = Data(text.utf8)
        var document = try PBXProjDocument(data: data, path: "p")
        #expect(document.serialized() == data)
        #expect(document.object("A")?.body.string("path") == "x.swift")
        document.add(PBXObject(id: "C", comment: "y", body: PBXDictionary([("isa", .string("PBXGroup"))])))
        let written = String(decoding: document.serialized(), as: UTF8.self)
        #expect(
            written.hasSuffix(
                "targets = (); };\r\n\t\tC /* y */ = {\n\t\t\tisa = PBXGroup;\n\t\t};\n\t};\r\n\trootObject = P;\r\n}\r\n"
            ))
        document.remove(["A"])
        let removed = String(decoding: document.serialized(), as: UTF8.self)
        #expect(
            removed.contains(
                "\t\tB = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\r\n"
            ))
        #expect(try PBXProjDocument(data: document.serialized(), path: "p").object("C") != nil)
    }

    @Test func quotesStringsAsXcodeDoes() {
        let bare = ["iphoneos", "com.example.App", "../Composed", "Pods_My_App.framework", "$inherited", "A_B/c.d"]
        for value in bare { #expect(PBXWriter.quoted(value) == value) }
        let quoted: [(String, String)] = [
            ("", "\"\""), ("My App", "\"My App\""), ("Extensions-Share", "\"Extensions-Share\""),
            ("<group>", "\"<group>\""), ("$(inherited)", "\"$(inherited)\""), ("a//b", "\"a//b\""),
            ("___VAR___", "\"___VAR___\""), ("say \"hi\"\n\tnow\\", "\"say \\\"hi\\\"\\n\\tnow\\\\\""),
            ("Rocket.Chat-dev", "\"Rocket.Chat-dev\""), ("é", "\"é\""),
        ]
        for (value, expected) in quoted { #expect(PBXWriter.quoted(value) == expected) }
    }

    @Test func decodesXcodeEscapes() throws {
        let text =
            "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X; s = \"a\\\"b\\\\c\\nd\\te\\U00e9\\101\"; t = 'q';};\n\t};\n}\n"
        let document = try PBXProjDocument(data: Data(text.utf8), path: "p")
        #expect(document.object("A")?.body.string("s") == "a\"b\\c\nd\te\u{e9}A")
        #expect(document.object("A")?.body.string("t") == "q")
    }

    @Test func newObjectsGoIntoTheirSectionInIdOrderWrittenAsXcodeDoes() throws {
        var document = try Fixtures.document("CocoaPods54")
        document.add(
            PBXObject(
                id: "1D1000000000000000000002", comment: "New.swift in Sources",
                body: PBXDictionary([
                    ("isa", .string("PBXBuildFile")),
                    ("fileRef", .string("1D0000000000000000000001", comment: "New.swift")),
                ])))
        document.add(
            PBXObject(
                id: "AA0000000000000000000001", comment: "XCLocalSwiftPackageReference \"../Composed\"",
                body: PBXDictionary([
                    ("isa", .string("XCLocalSwiftPackageReference")), ("relativePath", .string("../Composed")),
                ])))
        document.add(
            PBXObject(
                id: "AA0000000000000000000002", comment: "My App",
                body: PBXDictionary([
                    ("isa", .string("XCSwiftPackageProductDependency")), ("productName", .string("My App")),
                ])))
        let text = String(decoding: document.serialized(), as: UTF8.self)
        #expect(
            text.contains(
                "\t\t1D1000000000000000000001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = 1D0000000000000000000001 /* AppDelegate.swift */; };\n\t\t1D1000000000000000000002 /* New.swift in Sources */ = {isa = PBXBuildFile; fileRef = 1D0000000000000000000001 /* New.swift */; };\n\t\t1D1000000000000000000003 /* ShareViewController.swift in Sources */"
            ))
        #expect(
            text.contains(
                "/* End XCConfigurationList section */\n\n/* Begin XCLocalSwiftPackageReference section */\n\t\tAA0000000000000000000001 /* XCLocalSwiftPackageReference \"../Composed\" */ = {\n\t\t\tisa = XCLocalSwiftPackageReference;\n\t\t\trelativePath = ../Composed;\n\t\t};\n/* End XCLocalSwiftPackageReference section */\n\n/* Begin XCSwiftPackageProductDependency section */\n\t\tAA0000000000000000000002 /* My App */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = \"My App\";\n\t\t};\n/* End XCSwiftPackageProductDependency section */\n\t};\n\trootObject"
            ))
        // A section between two others.
        document.add(
            PBXObject(
                id: "AA0000000000000000000003", comment: nil,
                body: PBXDictionary([("isa", .string("PBXHeadersBuildPhase")), ("files", .array([]))])))
        let again = String(decoding: document.serialized(), as: UTF8.self)
        #expect(
            again.contains(
                "/* End PBXGroup section */\n\n/* Begin PBXHeadersBuildPhase section */\n\t\tAA0000000000000000000003 = {\n\t\t\tisa = PBXHeadersBuildPhase;\n\t\t\tfiles = (\n\t\t\t);\n\t\t};\n/* End PBXHeadersBuildPhase section */\n\n/* Begin PBXNativeTarget section */"
            ))
        let reread = try PBXProjDocument(data: document.serialized(), path: "p")
        #expect(reread.serialized() == document.serialized())
    }

    @Test func newKeysGoWhereXcodePutsThemAndRemovalTakesReferencesAlong() throws {
        var document = try Fixtures.document("CocoaPods54")
        document.update("1D4000000000000000000002") { body in
            body.append(
                .string("AA0000000000000000000002", comment: "Extensions-Share"), to: "packageProductDependencies")
        }
        let target = try #require(document.object("1D4000000000000000000002"))
        #expect(
            target.body.keys == [
                "isa", "buildConfigurationList", "buildPhases", "buildRules", "dependencies", "name",
                "packageProductDependencies", "productName", "productReference", "productType",
            ])
        #expect(
            target.text.contains(
                "\t\t\tname = \"Extensions-Share\";\n\t\t\tpackageProductDependencies = (\n\t\t\t\tAA0000000000000000000002 /* Extensions-Share */,\n\t\t\t);\n\t\t\tproductName = \"Extensions-Share\";\n"
            ))
        let before = Fixtures.texts(try Fixtures.document("CocoaPods54"))
        document.remove(["1D3000000000000000000007"])  // Extensions-Share's Resources phase
        let after = Fixtures.texts(document)
        #expect(after["1D3000000000000000000007"] == nil)
        #expect(!(after["1D4000000000000000000002"] ?? "").contains("1D3000000000000000000007"))
        let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
        #expect(changed == ["1D4000000000000000000002"])
    }

    @Test func idsAreDeterministicHexAndUnique() throws {
        let document = try Fixtures.document("CocoaPods54")
        let id = document.makeID("product My App\u{0}My App")
        #expect(id.count == 24 && id.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        #expect(id == (try Fixtures.document("CocoaPods46")).makeID("product My App\u{0}My App"))
        #expect(id != document.makeID("product Rocket.Chat\u{0}Rocket.Chat"))
        #expect(PBXProjDocument.isID(id, madeFrom: "product My App\u{0}My App"))
        // Taken: the next candidate.
        var taken = document
        taken.add(PBXObject(id: id, comment: nil, body: PBXDictionary([("isa", .string("PBXGroup"))])))
        let next = taken.makeID("product My App\u{0}My App")
        #expect(next != id && next.count == 24)
        #expect(PBXProjDocument.isID(next, madeFrom: "product My App\u{0}My App"))
    }

    @Test func largeProjectParsesAndWritesInLinearTime() throws {
        // About 2 MB: the fixture's objects repeated under new ids.
        let data = try Fixtures.projectData("CocoaPods54")
        let text = String(decoding: data, as: UTF8.self)
        let start = try #require(text.range(of: "/* Begin PBXBuildFile section */\n")?.upperBound)
        let end = try #require(text.range(of: "/* End PBXBuildFile section */")?.lowerBound)
        let buildFiles = String(text[start..<end])
        var copies = ""
        let lines = buildFiles.split(separator: "\n")
        for index in 0..<2000 {
            for (number, line) in lines.enumerated() {
                let trimmed = line.drop { $0 == "\t" }
                copies += "\t\t" + String(format: "1E%010X%012X", index, number) + trimmed.dropFirst(24) + "\n"
            }
        }
        let big = text.replacingOccurrences(of: buildFiles, with: buildFiles + copies)
        let bigData = Data(big.utf8)
        #expect(bigData.count > 2_000_000)
        let clock = ContinuousClock()
        var document: PBXProjDocument?
        let elapsed = try clock.measure {
            document = try PBXProjDocument(data: bigData, path: "p")
            document?.update("1D4000000000000000000001") { $0["name"] = .string("Renamed") }
            _ = document?.serialized()
        }
        #expect(document?.objects.count ?? 0 > 15_000)
        // Generous for a debug build on a busy machine; docs/xcode.md has the release figure.
        #expect(elapsed < .seconds(10))
    }
}
