import ComposefileFormat
import Specs
import Testing

@Suite("Composefile parser")
struct ComposefileParserTests {
    func at(_ line: Int, _ column: Int) -> ComposefileLocation {
        ComposefileLocation(file: "Composefile", line: line, column: column)
    }

    @Test func fullDeclarativeFile() throws {
        let text = """
            # The shopping app.
            source 'https://git.example.com/ios/specs.git'
            source "../local-specs"

            platform :ios, '15.0'
            use_frameworks!
            inhibit_all_warnings!
            use_modular_headers!
            install! 'cocoapods', :deterministic_uuids => false
            project 'Shop.xcodeproj'
            workspace 'Shop'

            abstract_target 'Shared' do
              pod 'Networking', '~> 2.0'
              pod 'Logging', '>= 1.1', '< 3.0'

              target 'Shop' do
                pod 'Account', :path => '../Account'
                pod 'Goods', git: 'https://git.example.com/ios/Goods.git', tag: '1.1.0'
                pod 'Analytics/Console'
                pod 'Order', :git => 'https://git.example.com/ios/Order.git', :branch => 'main'
                pod 'Pay', :git => "https://git.example.com/ios/Pay.git", :commit => 'abc123'
                pod 'DesignSystem', :subspecs => ['Colors', 'Fonts']

                target 'ShopTests' do
                  inherit! :search_paths
                  pod 'Storage'
                end
              end

              target 'ShopLite' do
                platform :ios, '16.0'
                inherit! :complete
                pod('Mediator', '~> 1.0')
              end
            end
            """
        let file = try Composefile.parse(text)
        #expect(file.sources.map(\.url) == ["https://git.example.com/ios/specs.git", "../local-specs"])
        #expect(file.sources[1].location == at(3, 1))
        #expect(file.flags == ["use_frameworks!", "inhibit_all_warnings!", "use_modular_headers!"])
        #expect(file.notes.map(\.location.line) == [9, 10, 11])
        #expect(file.root.platform?.name == "ios")
        #expect(file.root.platform?.deploymentTarget == (try Version("15.0")))

        let targets = file.concreteTargets
        #expect(targets.map(\.name) == ["Shop", "ShopTests", "ShopLite"])
        let shop = targets[0]
        #expect(shop.platform?.deploymentTarget == (try Version("15.0")))
        #expect(
            shop.dependencies.map(\.name) == [
                "Networking", "Logging", "Account", "Goods", "Analytics/Console", "Order", "Pay",
                "DesignSystem/Colors", "DesignSystem/Fonts",
            ])
        #expect(shop.dependencies[0].requirements == (try RequirementSet(parsing: ["~> 2.0"])))
        #expect(shop.dependencies[1].requirements.description == ">= 1.1, < 3.0")
        #expect(shop.dependencies[2].external == .path("../Account"))
        #expect(
            shop.dependencies[3].external
                == .git(url: "https://git.example.com/ios/Goods.git", reference: .tag("1.1.0")))
        #expect(
            shop.dependencies[5].external
                == .git(url: "https://git.example.com/ios/Order.git", reference: .branch("main")))
        #expect(
            shop.dependencies[6].external
                == .git(url: "https://git.example.com/ios/Pay.git", reference: .commit("abc123")))
        #expect(shop.dependencies[2].location == at(18, 5))
        // inherit! :search_paths: only its own pods.
        #expect(targets[1].dependencies.map(\.name) == ["Storage"])
        #expect(targets[2].dependencies.map(\.name) == ["Networking", "Logging", "Mediator"])
        #expect(targets[2].platform?.deploymentTarget == (try Version("16.0")))
        #expect(file.allDependencies.count == 11)
    }

    @Test func dependencyDescriptionsUseTheLockSpelling() throws {
        let file = try Composefile.parse(
            """
            target 'A' do
              pod 'X'
              pod 'Y', '~> 1.2', '< 1.5'
              pod 'Z', :git => 'https://h/z.git', :tag => '1.0'
              pod 'W', :path => '../W'
              pod 'V', :git => 'https://h/v.git'
            end
            """)
        #expect(
            file.allDependencies.map(\.description) == [
                "X", "Y (~> 1.2, < 1.5)", "Z (from `https://h/z.git`, tag `1.0`)", "W (from `../W`)",
                "V (from `https://h/v.git`)",
            ])
    }

    @Test func commentsQuotesSemicolonsAndContinuations() throws {
        let file = try Composefile.parse(
            """
            =begin
            pod 'Ignored'
            =end
            target :App do # trailing comment
              pod "A", '~> 1.0' # pod 'B'
              pod 'C',
                  :git => 'https://h/c.git',
                  :tag => 'v1'
              pod 'D'; pod 'E'
              pod 'F', "~> 2.0 # not a comment"
            end
            """.replacingOccurrences(of: " # not a comment", with: ""))
        #expect(file.concreteTargets[0].dependencies.map(\.name) == ["A", "C", "D", "E", "F"])
        #expect(file.concreteTargets[0].dependencies[1].location == at(6, 3))
    }

    @Test func escapesInStrings() throws {
        let file = try Composefile.parse(#"source 'C:\\specs\'s'; source "a\"b\tc""#)
        #expect(file.sources.map(\.url) == ["C:\\specs's", "a\"b\tc"])
    }

    @Test func macosIsOsxAndPlatformWithoutVersion() throws {
        let file = try Composefile.parse("platform :macos\ntarget 'M' do\nend")
        #expect(file.concreteTargets[0].platform?.name == "osx")
        #expect(file.concreteTargets[0].platform?.deploymentTarget == nil)
    }

    @Test func abstractAndInheritNone() throws {
        let file = try Composefile.parse(
            """
            pod 'Root'
            target 'A' do
              abstract!
              pod 'X'
              target 'B' do
                inherit! :none
                pod 'Y'
              end
            end
            """)
        #expect(file.concreteTargets.map(\.name) == ["B"])
        #expect(file.concreteTargets[0].dependencies.map(\.name) == ["Y"])
    }

    struct BadCase: Sendable, CustomStringConvertible {
        let text: String
        let error: ComposefileError
        var description: String { text }
    }

    static func loc(_ line: Int, _ column: Int) -> ComposefileLocation {
        ComposefileLocation(file: "Composefile", line: line, column: column)
    }

    static let badCases: [BadCase] = [
        BadCase(
            text: "def shared(name)\n  pod name\nend",
            error: .rubyCode(
                loc(1, 1), construct: "The method 'shared' with parameters",
                advice:
                    "Define it without parameters (def shared … end) and call it by name inside the targets, or write its pods out where it is called."
            )),
        BadCase(
            text: "def shared\n  shared\nend\nshared",
            error: .rubyCode(
                loc(2, 3), construct: "The helper 'shared' calling itself", advice: "Write its pods out instead.")),
        BadCase(
            text: "target 'A', :exclusive => true do\nend",
            error: .invalidValue(
                loc(1, 13),
                message:
                    "':exclusive' was removed in CocoaPods 1.0: delete it and write inherit! :search_paths (or inherit! :none) inside the target block."
            )),
        BadCase(
            text: "pod 'A', :git => \"https://#{ENV['HOST']}/a.git\"",
            error: .rubyCode(
                loc(1, 27), construct: "String interpolation '#{…}'",
                advice: "Write the value literally, for example 'https://git.example.com/ios/specs.git'.")),
        BadCase(
            text: "pod 'A',\n  :configurations => [:Debug, true]",
            error: .invalidValue(
                loc(2, 3),
                message:
                    "The option :configurations takes build configuration names, for example :configurations => ['Debug', 'Beta']."
            )),
        BadCase(
            text: "target 'A' do\n  if ENV['CI']\n  end\nend",
            error: .rubyCode(
                loc(2, 3), construct: "'if'",
                advice:
                    "A Composefile is declarative: list the pods without conditions (use separate targets for variants)."
            )),
        BadCase(
            text: "pod 'A' if true",
            error: .rubyCode(
                loc(1, 9), construct: "'if'",
                advice:
                    "A Composefile is declarative: list the pods without conditions (use separate targets for variants)."
            )),
        BadCase(
            text: "version = '1.0'",
            error: .rubyCode(
                loc(1, 1), construct: "Assigning the variable 'version'",
                advice: "Write the value where it is used (a Composefile has no variables).")),
        BadCase(
            text: "pod 'A', version",
            error: .rubyCode(
                loc(1, 10), construct: "The variable or method 'version'",
                advice: "Write the value literally as a quoted string, for example '~> 1.2'.")),
        BadCase(
            text: "source \"https://#{host}/specs\"",
            error: .rubyCode(
                loc(1, 17), construct: "String interpolation '#{…}'",
                advice: "Write the value literally, for example 'https://git.example.com/ios/specs.git'.")),
        BadCase(
            text: "ENV['COCOAPODS_DISABLE_STATS'] = 'true'",
            error: .rubyCode(
                loc(1, 1), construct: "Setting an environment variable ('ENV[…]')",
                advice:
                    "Delete the line (set the variable in the shell instead, for example COCOAPODS_DISABLE_STATS=true)."
            )),
        BadCase(
            text: "pod ENV['X']",
            error: .rubyCode(
                loc(1, 5), construct: "The constant 'ENV'",
                advice: "Write the value literally (environment variables and constants are not read).")),
        BadCase(
            text: "post_install do |installer|\n  installer.pods_project.targets.each do |t|\n",
            error: .syntax(loc(1, 14), message: "This block is never closed: add 'end' after its last line.")),
        BadCase(
            text: "require 'json'",
            error: .rubyCode(
                loc(1, 1), construct: "'require'",
                advice: "Remove the require line; a Composefile cannot load Ruby files.")),
        BadCase(
            text: "pod 'A', '~> ' + '1.0'",
            error: .rubyCode(loc(1, 16), construct: "The operator '+'", advice: "Write the value literally.")),
        BadCase(
            text: "pod 'A', '1.0'.freeze",
            error: .rubyCode(loc(1, 15), construct: "A method call ('.')", advice: "Write the value literally.")),
        BadCase(
            text: "%w[A B].each do |name|\nend",
            error: .rubyCode(loc(1, 1), construct: "The operator '%'", advice: "Write the value literally.")),
        BadCase(text: "frobnicate 'A'", error: .unknownDirective(loc(1, 1), name: "frobnicate")),
        BadCase(
            text: "target 'A' do\n  pod 'X'\n",
            error: .syntax(loc(1, 1), message: "This block is never closed: add 'end' after its last line.")),
        BadCase(
            text: "pod 'X'\nend",
            error: .syntax(loc(2, 1), message: "'end' without a matching 'target … do': remove it.")),
        BadCase(text: "pod 'X", error: .syntax(loc(1, 5), message: "This string is not closed: add the closing '.")),
        BadCase(
            text: "target 'A'\nend",
            error: .syntax(loc(2, 1), message: "'end' without a matching 'target … do': remove it.")),
        BadCase(
            text: "target 'A' { }",
            error: .rubyCode(
                loc(1, 12), construct: "A '{ }' block or hash",
                advice: "Use 'do … end' for targets and write options as :key => 'value' or key: 'value'.")),
        BadCase(
            text: "target 'A' do\nend\ntarget 'A' do\nend",
            error: .invalidValue(loc(3, 8), message: "The target 'A' is declared twice: merge the two blocks.")),
        BadCase(
            text: "pod 'A', '=> 1.0'",
            error: .invalidValue(
                loc(1, 10),
                message:
                    "Illformed requirement \"=> 1.0\": write an optional operator (=, !=, >, <, >=, <=, ~>) and a version, for example \"~> 1.2\" or \">= 2.0.0-beta.1\"."
            )),
        BadCase(
            text: "pod 'A', :tag => '1.0'",
            error: .invalidValue(loc(1, 1), message: "A :tag, :branch or :commit needs a :git URL beside it.")),
        BadCase(
            text: "pod 'A', :git => 'u', :path => 'p'",
            error: .invalidValue(loc(1, 1), message: "Give only one of :git, :path and :podspec.")),
        BadCase(
            text: "pod 'A', :git => 'u', :tag => '1', :branch => 'b'",
            error: .invalidValue(loc(1, 36), message: "Give only one of :tag, :branch and :commit.")),
        BadCase(
            text: "pod 'A', '~> 1.0', :path => 'p'",
            error: .invalidValue(
                loc(1, 1),
                message: "A pod from :git or :path is pinned to its source's version: remove the requirement strings.")),
        BadCase(
            text: "pod 'A', :frob => true",
            error: .invalidValue(
                loc(1, 10),
                message:
                    "Unknown pod option ':frob': the options are :git, :tag, :branch, :commit, :path, :subspecs, :testspecs, :source, :configurations, :configuration, :inhibit_warnings, :modular_headers, :project_name, :submodules, :podspec."
            )),
        BadCase(
            text: "pod 'A', :head",
            error: .invalidValue(
                loc(1, 10),
                message: "`:head` dependencies have been removed: require a version, or use :git with :branch.")),
        BadCase(
            text: "pod 'A/../B'",
            error: .invalidValue(
                loc(1, 5),
                message: "'A/../B' is not a pod name: use the spec's name, optionally with a subspec (Name/Sub).")),
        BadCase(
            text: "pod",
            error: .invalidValue(
                loc(1, 1),
                message: "'pod' takes the pod's name in quotes first, for example pod 'Networking', '~> 2.0'.")),
        BadCase(
            text: "platform :android, '1.0'",
            error: .invalidValue(
                loc(1, 10),
                message: "Unknown platform ':android': use :ios, :osx (or :macos), :tvos, :watchos or :visionos.")),
        BadCase(
            text: "platform :ios, 'fifteen'",
            error: .invalidValue(
                loc(1, 16), message: "'fifteen' is not a deployment target: write a version such as '15.0'.")),
        BadCase(
            text: "target 'A' do\n  inherit! :everything\nend",
            error: .invalidValue(
                loc(2, 3),
                message:
                    "Unrecognized inheritance option: write inherit! :complete, inherit! :none or inherit! :search_paths."
            )),
        BadCase(
            text: "inherit! :none",
            error: .invalidValue(loc(1, 1), message: "'inherit!' belongs inside a target block.")),
        BadCase(
            text: "source",
            error: .invalidValue(
                loc(1, 1),
                message:
                    "'source' takes one quoted URL or folder, for example source 'https://git.example.com/ios/specs.git'."
            )),
        BadCase(
            text: "podspec :path => '.'",
            error: .invalidValue(
                loc(1, 1),
                message:
                    "'podspec' is not supported: list the pods it depends on with 'pod' lines, or use pod 'Name', :path => 'folder'."
            )),
        BadCase(
            text: "=begin\nnever closed",
            error: .syntax(loc(1, 1), message: "'=begin' comment is never closed: add a line '=end' after it.")),
        BadCase(
            text: "pod 'A', :subspecs => 'Core'",
            error: .invalidValue(
                loc(1, 10), message: "The option :subspecs takes a list, for example :subspecs => ['Core', 'Mock'].")),
        BadCase(
            text: "target 'A' do |t|\nend",
            error: .rubyCode(
                loc(1, 15), construct: "A block parameter '|…|'",
                advice: "Write target 'A' do without block parameters.")),
    ]

    @Test(arguments: badCases)
    func refusesWithLocation(_ bad: BadCase) {
        #expect(throws: bad.error) { try Composefile.parse(bad.text) }
    }

    @Test func errorDescriptionsNameFileLineAndColumn() {
        do {
            _ = try Composefile.parse("target 'A' do\n  if ENV['CI']\n  end\nend", path: "/p/Podfile")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("/p/Podfile:2:3: 'if' is Ruby code"))
            #expect(error.kind == .input)
        }
    }
}
