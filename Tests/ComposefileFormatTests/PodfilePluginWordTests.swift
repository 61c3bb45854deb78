import ComposefileFormat
import Testing

/// Words of a CocoaPods plugin the Podfile requires: skipped where they stand as statements of their
/// own, an error naming the word where their value is used (CocoaPods' NameError).
@Suite("Podfile plugin words")
struct PodfilePluginWordTests {
    func at(_ line: Int, _ column: Int) -> ComposefileLocation {
        ComposefileLocation(file: "Podfile", line: line, column: column)
    }

    func undefined(_ line: Int, _ column: Int, _ kind: String, _ word: String, _ plugin: String) -> ComposefileError {
        .syntax(
            at(line, column),
            message:
                "undefined \(kind) `\(word)` (CocoaPods stops here with NameError; compose does not load the plugin '\(plugin)', and skips its words only as statements of their own, never where their value is used): define it above, or remove it"
        )
    }

    @Test func anUndefinedWordUsedAsARequirementIsRefusedAtItsLine() throws {
        let text = """
            source 'https://git.example.com/ios/specs.git'
            platform :ios, '13.0'
            plugin 'cocoapods-keys', :project => 'App', :keys => ['ApiKey']

            target 'App' do
              pod 'Alamofire', '~> 5.4'
              pod 'SwiftLint', swiftlint_version
            end
            """
        #expect(throws: undefined(7, 20, "local variable or method", "swiftlint_version", "cocoapods-keys")) {
            try Composefile.parse(text, path: "Podfile")
        }
        #expect(throws: undefined(2, 37, "local variable or method", "swiftlint_version", "cocoapods-binary")) {
            try Composefile.parse(
                "require 'cocoapods-binary'\npod 'SwiftLint', :configurations => swiftlint_version", path: "Podfile")
        }
    }

    @Test func everyUseOfAValueIsRefused() throws {
        // An assigned value, a condition, an interpolation, an argument.
        let uses = [
            ("version = lint_version", "lint_version", 11, "local variable or method"),
            ("pod 'A' if enable_a", "enable_a", 12, "local variable or method"),
            ("pod \"A\", \"~> #{major_version(1)}.0\"", "major_version", 16, "method"),
            ("platform :ios, ios_target", "ios_target", 16, "local variable or method"),
            ("names = ['A'].map { pod_name }", "pod_name", 21, "local variable or method"),
        ]
        for (line, word, column, kind) in uses {
            #expect(throws: undefined(2, column, kind, word, "cocoapods-art")) {
                try Composefile.parse("require 'cocoapods-art'\n\(line)\n", path: "Podfile")
            }
        }
    }

    @Test func aStatementOfThePluginsWordIsSkippedWithANote() throws {
        let text = """
            require 'cocoapods-binary'
            plugin 'cocoapods-binary'
            all_binary!
            def shared_pods
              pod 'Alamofire', '~> 5.4'
              keep_source_code_for_prebuilt_frameworks!
            end
            target 'App' do
              shared_pods
              ['Kingfisher'].each { |name| binary_pod name }
              enable_bitcode_for_prebuilt_frameworks! if true
              arkana_setup 'App'
            end
            """
        let file = try Composefile.parse(text, path: "Podfile")
        #expect(file.concreteTargets.map { $0.dependencies.map(\.name) } == [["Alamofire"]])
        let skipped = file.notes.filter { $0.message.hasSuffix("which compose does not load: skipped.") }
        // A line of its own, the last line of a helper called as one, of an `each` block, of a target block.
        #expect(
            skipped.compactMap(\.location?.description)
                == [at(3, 1), at(6, 3), at(10, 32), at(11, 3), at(12, 3)].map(\.description))
        #expect(
            skipped.first?.message
                == "'all_binary!' is not a Podfile word; it comes from the plugin 'cocoapods-binary', which compose does not load: skipped."
        )
    }

    @Test func withoutAPluginAnUnknownWordIsAnErrorAsBefore() throws {
        #expect(
            throws: ComposefileError.syntax(
                at(2, 18),
                message:
                    "`swiftlint_version` is neither a variable assigned before this line nor a word of a Podfile: assign it first (swiftlint_version = '…') or write the value in quotes."
            )
        ) {
            try Composefile.parse("platform :ios, '13.0'\npod 'SwiftLint', swiftlint_version\n", path: "Podfile")
        }
        #expect(throws: ComposefileError.unknownDirective(at(1, 1), name: "all_binary!")) {
            try Composefile.parse("all_binary! 'x'\n", path: "Podfile")
        }
    }
}
