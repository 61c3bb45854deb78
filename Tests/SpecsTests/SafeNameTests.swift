import Specs
import Testing

@Suite("Safe names: what may become a path, a lock entry or generated Swift")
struct SafeNameTests {
    @Test(arguments: ["Alamofire", "lottie-ios", "GoogleUtilities", "nanopb", "Kit_2", "SDWebImage+Extras", "R.swift"])
    func realPodNamesPass(name: String) throws {
        #expect(try SafeName(name, as: .pod).string == name)
    }

    @Test(arguments: [
        ("", "it is empty"), ("..", "it is '..'"), (".hidden", "it starts with '.'"), ("-rf", "it starts with '-'"),
        ("a/b", "it contains a path separator ('/')"), ("a\\b", "it contains a path separator ('\\')"),
        ("Foundation;public let x = 1", "it contains ';' (allowed: ASCII letters, digits and - _ . +)"),
        ("Kit (1.0)", "it contains ' ' (allowed: ASCII letters, digits and - _ . +)"),
        ("Kit\nPODS:", "it contains a control character (U+A)"),
    ])
    func escapesAndInjectionsAreRefused(name: String, reason: String) {
        #expect(throws: SafeNameError(name: name, kind: .pod, reason: reason)) { try SafeName(name, as: .pod) }
    }

    @Test func fullPodNamesCheckEveryPart() throws {
        #expect(try SafeName.podPath("Kit/Core/Mock").map(\.string) == ["Kit", "Core", "Mock"])
        #expect(throws: SafeNameError.self) { try SafeName.podPath("Kit/../../etc") }
        #expect(throws: SafeNameError.self) { try SafeName.podPath("Kit/") }
    }

    /// The byte-by-byte check a resolve asks of every name agrees with the full one, part by part.
    @Test(arguments: [
        "Kit", "Kit/Core/Mock", "R.swift/Core", "a+b/c_d-e", "Kit/", "/Kit", "Kit//Core", "Kit/.hidden", "Kit/-rf",
        "Kit/..", ".", "..", "", "Kit/Cör", "Kit Core", "Kit\u{0}", "Kit\\Core", String(repeating: "k", count: 255),
        String(repeating: "k", count: 256), "Kit/" + String(repeating: "k", count: 256), "Kit\n",
    ])
    func theQuickPodPathCheckAgreesWithTheFullOne(name: String) {
        #expect(SafeName.isValidPodPath(name) == ((try? SafeName.podPath(name)) != nil))
    }

    @Test func targetNamesMayHoldSpaces() throws {
        #expect(try SafeName("My App", as: .target).string == "My App")
        #expect(!SafeName.isValid("My App", as: .pod))
        #expect(!SafeName.isValid(" App", as: .target))
    }

    @Test func theErrorShowsControlCharactersAndSaysWhatToDo() {
        let error = SafeNameError(name: "a\u{1b}b", kind: .pod, reason: "it contains a control character (U+1B)")
        #expect(error.description.hasPrefix(#""a\u{1B}b" is not a valid pod name"#))
        #expect(error.description.contains("Use ASCII letters"))
    }

    @Test(arguments: [
        ("lottie-ios", "lottie_ios"), ("1Kit", "_1Kit"), ("R.swift", "R_swift"), ("Pay", "Pay"), ("a--b_c", "a_b_c"),
    ])
    func moduleNamesAreC99Identifiers(name: String, module: String) throws {
        #expect(try SafeName(name, as: .pod).moduleName == module)
    }

    @Test func platformsHaveOneTable() {
        #expect(Platform.displayName("osx") == "macOS")
        #expect(Platform.displayName("macos") == "macOS")
        #expect(Platform.displayName("ios") == "iOS")
        #expect(Spec.rootName(of: "Pay/Core/Mock") == "Pay")
        #expect(Spec.rootName(of: "Pay") == "Pay")
    }
}
