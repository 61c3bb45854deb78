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
        #expect(file.notes.map(\.line) == [9])
        #expect(file.concreteTargets.map(\.project?.path) == Array(repeating: "Shop.xcodeproj", count: 3))
        #expect(file.workspace?.path == "Shop.xcworkspace")
        #expect(file.integratesTargets)
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
            text: "def shared\n  shared\nend\nshared",
            error: .syntax(
                loc(2, 3), message: "Methods call each other deeper than 100 levels (a recursion that does not end?)")),
        BadCase(
            text: "target 'A', :exclusive => true do\nend",
            error: .invalidValue(
                loc(1, 13),
                message:
                    "':exclusive' was removed in CocoaPods 1.0: delete it and write inherit! :search_paths (or inherit! :none) inside the target block."
            )),
        BadCase(
            text: "pod 'A',\n  :configurations => [:Debug, true]",
            error: .invalidValue(
                loc(2, 3),
                message:
                    "The option :configurations takes build configuration names, for example :configurations => ['Debug', 'Beta']."
            )),
        BadCase(
            text: "pod 'A', version",
            error: .syntax(
                loc(1, 10),
                message:
                    "`version` is neither a variable assigned before this line nor a word of a Podfile: assign it first (version = '…') or write the value in quotes."
            )),
        BadCase(
            text: "source \"https://#{host}/specs\"",
            error: .syntax(
                loc(1, 19),
                message:
                    "`host` is neither a variable assigned before this line nor a word of a Podfile: assign it first (host = '…') or write the value in quotes."
            )),
        BadCase(
            text: "pod ENV['X']",
            error: .invalidValue(
                loc(1, 1),
                message: "'pod' takes the pod's name in quotes first, for example pod 'Networking', '~> 2.0'.")),
        BadCase(
            text: "post_install do |installer|\n  installer.pods_project.targets.each do |t|\n",
            error: .syntax(
                loc(1, 14), message: "The block opened on line 1 is never closed: add `end` after its last line.")),
        BadCase(text: "frobnicate 'A'", error: .unknownDirective(loc(1, 1), name: "frobnicate")),
        BadCase(
            text: "target 'A' do\n  pod 'X'\n",
            error: .syntax(
                loc(1, 12), message: "The block opened on line 1 is never closed: add `end` after its last line.")),
        BadCase(text: "pod 'X'\nend", error: .syntax(loc(2, 1), message: "`end` without a block to close: remove it.")),
        // A `,` ending a pod line makes the next line an argument: the error is at the comma, and never
        // advice to remove the `end` that closes the target.
        BadCase(
            text: "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Alamofire'\n  pod 'SnapKit' '~> 5.7',\nend\n",
            error: .syntax(
                loc(4, 25),
                message:
                    "This line ends with a comma, so the next line was read as one more argument: remove that comma, and put one before the string at column 17: strings side by side are joined into one, so write 'SnapKit', '~> 5.7'."
            )),
        BadCase(
            text: "target 'App' do\n  pod 'SnapKit', '~> 5.7', # pinned\n\nend\n",
            error: .syntax(
                loc(2, 26),
                message:
                    "This line ends with a comma, so the next line was read as one more argument: remove that comma.")),
        BadCase(
            text: "pod 'SnapKit',\n",
            error: .syntax(
                loc(1, 14),
                message:
                    "This line ends with a comma, so the next line was read as one more argument: remove that comma.")),
        BadCase(
            text: "pod 'X", error: .syntax(loc(1, 5), message: "This string never ends: the closing ' is missing.")),
        BadCase(
            text: "target 'A'\nend", error: .syntax(loc(2, 1), message: "`end` without a block to close: remove it.")),
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
            error: .syntax(loc(1, 1), message: "The comment opened by =begin never ends: add a line =end.")),
        BadCase(
            text: "pod 'A', :subspecs => 'Core'",
            error: .invalidValue(
                loc(1, 10), message: "The option :subspecs takes a list, for example :subspecs => ['Core', 'Mock'].")),
        // The sandbox: nothing that runs a program, reads outside the folder or evaluates a string.
        BadCase(
            text: "system('rm -rf /')",
            error: .syntax(
                loc(1, 1),
                message:
                    "Running a command (`system`) is not run: compose reads the file without running programs, commands or other files; write the value as a literal."
            )),
        BadCase(
            text: "pod `cat name`",
            error: .syntax(
                loc(1, 5),
                message:
                    "A shell command in backticks is not run: compose reads this file without running programs; write the value as a literal."
            )),
        BadCase(
            text: "x = %x(ls)\npod x",
            error: .syntax(
                loc(1, 5),
                message:
                    "A shell command in backticks is not run: compose reads this file without running programs; write the value as a literal."
            )),
        BadCase(
            text: "eval(\"pod 'A'\")",
            error: .syntax(
                loc(1, 1),
                message:
                    "`eval` of a string is not run: compose reads the file without running programs, commands or other files; write the value as a literal."
            )),
        BadCase(
            text: "send(:system, 'ls')",
            error: .syntax(
                loc(1, 1),
                message:
                    "`send` is not run: compose reads the file without running programs, commands or other files; write the value as a literal."
            )),
        BadCase(
            text: "open('|ls')",
            error: .syntax(
                loc(1, 1),
                message:
                    "`open` (files and commands) is not run: compose reads the file without running programs, commands or other files; write the value as a literal."
            )),
        BadCase(
            text: "File.write('/tmp/x', 'y')",
            error: .syntax(
                loc(1, 6),
                message:
                    "`File.write` is not run: compose reads files without writing, opening or changing anything; write the value as a literal."
            )),
        BadCase(
            text: "Kernel.exec('ls')",
            error: .syntax(
                loc(1, 8),
                message:
                    "Running a command (`exec`) is not run: compose reads the file without running programs, commands or other files; write the value as a literal."
            )),
        BadCase(
            text: "require 'net/http'\nNet::HTTP.get(URI('https://example.com/pods'))",
            error: .syntax(
                loc(2, 6),
                message:
                    "`Net::HTTP` is not available: compose reads the file without running commands, opening connections or writing files."
            )),
        BadCase(
            text: "require_relative '../../etc/passwd'",
            error: .syntax(
                loc(1, 1),
                message:
                    "`require_relative '../../etc/passwd'` needs the file's folder, and this file is not read from one."
            )),
        BadCase(
            text: "loop do\nend",
            error: .syntax(
                loc(1, 1),
                message:
                    "The file runs more than 2000000 steps (a loop that does not end?); compose stops reading it here."
            )),
        BadCase(
            text: "s = 'x'\nwhile true\n  s += s\nend",
            error: .syntax(
                loc(3, 3),
                message: "This string grows past 1 MiB; compose stops reading the file here."
            )),
        BadCase(
            text: "if ENV['NEVER_SET']\n  pod 'A'\nelse\n  raise 'set NEVER_SET first'\nend",
            error: .syntax(loc(4, 3), message: "The file raises an error: set NEVER_SET first.")),
        BadCase(
            text: "pod 'A', :git => ENV.fetch('SPECS_URL')",
            error: .syntax(
                loc(1, 22),
                message: "Key not found: \"SPECS_URL\" (ENV.fetch of a variable that is not set)")),
    ]

    @Test(arguments: badCases)
    func refusesWithLocation(_ bad: BadCase) {
        #expect(throws: bad.error) { try Composefile.parse(bad.text) }
    }

    @Test func errorDescriptionsNameFileLineAndColumn() {
        do {
            _ = try Composefile.parse(
                "target 'A' do\n  if ENV['CI']\n    system('make')\n  end\nend", path: "/p/Podfile",
                environment: ["CI": "1"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("/p/Podfile:3:5: Running a command (`system`) is not run"))
            #expect(error.kind == .input)
        }
    }
}
