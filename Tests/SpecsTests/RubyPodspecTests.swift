import Foundation
import Specs
import Testing

/// Fixtures/Ruby/*.podspec are written in the styles of well-known public pods; Expected/ holds what
/// `pod ipc spec` (cocoapods-core 1.17.0's `to_pretty_json`) prints for each. Refused/ holds podspecs
/// compose refuses: a shell command, files read where there is no folder. InFolder/ holds a podspec that
/// reads files of its folder, with CocoaPods' JSON for it.
let rubyFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Ruby")

func rubyFixtureNames(in folder: String = "") -> [String] {
    let url = folder.isEmpty ? rubyFixtures : rubyFixtures.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".podspec") }.sorted()
}

/// Reads a Ruby podspec given as text.
func convertRuby(_ text: String, label: String = "Test.podspec") throws(SpecError) -> JSONNode {
    try PodspecReader.readRuby(bytes: Array(text.utf8), label: label)
}

/// A podspec whose block holds `body`.
func rubySpec(_ body: String) -> String {
    "Pod::Spec.new do |s|\n  s.name = 'Pay'\n  s.version = '1.0.0'\n\(body)\nend\n"
}

@Suite struct RubyPodspecGoldenTests {
    @Test(arguments: rubyFixtureNames())
    func convertsAsCocoaPodsDoes(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: rubyFixtures.appendingPathComponent(name)))
        let converted = try PodspecReader.read(bytes: bytes, path: name)
        let expected = try JSONParser.parse(
            Array(try Data(contentsOf: rubyFixtures.appendingPathComponent("Expected/\(name).json"))))
        // Same keys in the same order, same values: the serializations agree.
        #expect(converted.serialized() == expected.serialized())
        // And the result is a spec compose reads.
        let spec = try Spec(node: converted, label: name)
        #expect(spec.name == converted["name"]?.stringValue)
    }

    /// A podspec that reads files of its folder (`File.read('VERSION')`, `JSON.parse` of package.json,
    /// `Dir.glob`, `File.exist?`) is read there, as `pod ipc spec` reads it in the podspec's folder.
    @Test func readsTheFilesOfItsFolder() throws {
        let folder = rubyFixtures.appendingPathComponent("InFolder")
        let file = folder.appendingPathComponent("Versioned.podspec")
        let converted = try PodspecReader.read(
            bytes: Array(try Data(contentsOf: file)), path: "Versioned.podspec", directory: folder.path)
        let expected = try JSONParser.parse(
            Array(try Data(contentsOf: folder.appendingPathComponent("Versioned.podspec.json"))))
        #expect(converted.serialized() == expected.serialized())
        // Without its folder (a spec repo's copy) the same file is refused where it reads one.
        #expect {
            try PodspecReader.read(bytes: Array(try Data(contentsOf: file)), path: "Versioned.podspec")
        } throws: { error in
            (error as? SpecError)?.location == SourceLocation(line: 1, column: 16)
                && "\(error)".contains("looked up in the file's folder")
        }
    }

    @Test(arguments: rubyFixtureNames(in: "Refused"))
    func refusesRubyCode(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: rubyFixtures.appendingPathComponent("Refused/\(name)")))
        #expect(throws: SpecError.self) { try PodspecReader.read(bytes: bytes, path: name) }
        do {
            _ = try PodspecReader.read(bytes: bytes, path: name)
        } catch {
            #expect(error.label == name)
            #expect(error.location.line > 1 || name == "NativeModule.podspec")
            #expect(
                error.message.contains("not supported") || error.message.contains("not run")
                    || error.message.contains("file's folder") || error.message.contains("raises"), "\(error.message)")
        }
    }

    @Test func keysCarryTheirRubyPositions() throws {
        let node = try convertRuby(
            """
            Pod::Spec.new do |s|
              s.name = 'Pay'
              s.version = '1.0.0'
              s.summary    = 'Payments.'
              s.ios.deployment_target = '13.0'
              s.dependency 'Networking', '~> 2.0'
              s.subspec 'Core' do |core|
                core.source_files = 'Sources/**/*.swift'
              end
            end
            """)
        #expect(node.member("summary")?.keyLocation == SourceLocation(line: 4, column: 5))
        #expect(node["summary"]?.location == SourceLocation(line: 4, column: 18))
        #expect(node["dependencies"]?.member("Networking")?.keyLocation == SourceLocation(line: 6, column: 16))
        #expect(node["dependencies"]?["Networking"]?.location == SourceLocation(line: 6, column: 30))
        let core = try #require(node["subspecs"]?.arrayValue?.first)
        #expect(core.member("source_files")?.keyLocation == SourceLocation(line: 8, column: 10))
        #expect(core["name"]?.stringValue == "Core")
    }

    @Test func readerPicksTheFormatByName() throws {
        let json = try PodspecReader.read(bytes: Array("{\"name\": \"Pay\"}".utf8), path: "Pay.podspec.json")
        #expect(json["name"]?.stringValue == "Pay")
        #expect(PodspecFormat.of(path: "Specs/Pay/1.0/Pay.podspec") == .ruby)
        #expect(PodspecFormat.of(path: "Pay.podspec.json") == .json)
        #expect(PodspecFormat.of(path: "Podfile") == nil)
        #expect(PodspecFormat.podName(ofFile: "Pay.podspec.json") == "Pay")
        #expect(PodspecFormat.podName(ofFile: "Pay.podspec") == "Pay")
        #expect(PodspecFormat.fileNames(for: "Pay") == ["Pay.podspec.json", "Pay.podspec"])
        do {
            _ = try PodspecReader.read(bytes: Array("{\"name\": }".utf8), path: "Pay.podspec.json")
            Issue.record("read broken JSON")
        } catch {
            #expect(error.description.hasPrefix("Pay.podspec.json:1:"))
        }
    }
}

@Suite struct RubyPodspecSemanticsTests {
    @Test func rootWithoutPlatformsListsAllFive() throws {
        let node = try convertRuby(rubySpec(""))
        let platforms = try #require(node["platforms"])
        #expect(platforms.members.map(\.key) == ["osx", "ios", "tvos", "visionos", "watchos"])
        #expect(platforms.members.allSatisfy { $0.value.isNull })
    }

    @Test func platformAssignmentAndDeploymentTargets() throws {
        let node = try convertRuby(
            rubySpec(
                """
                  s.platform = :ios, '12.0'
                  s.subspec 'Mac' do |m|
                    m.osx.deployment_target = '10.15'
                  end
                  s.subspec 'Same' do |m|
                    m.ios.deployment_target = '12'
                  end
                """))
        #expect(node["platforms"]?.serialized() == "{\n  \"ios\": \"12.0\"\n}\n")
        let subspecs = try #require(node["subspecs"]?.arrayValue)
        #expect(subspecs[0]["platforms"]?["osx"]?.stringValue == "10.15")
        // A subspec whose platforms equal its parent's keeps them as written.
        #expect(subspecs[1]["platforms"]?["ios"]?.stringValue == "12")
    }

    @Test func dependenciesAccumulateAndPerPlatformBlocksNest() throws {
        let node = try convertRuby(
            rubySpec(
                """
                  s.dependency 'A', '~> 1.0', '>= 1.0.2'
                  s.dependency 'B'
                  s.dependency 'A', '~> 2.0'
                  s.ios.dependency 'C', '1.0'
                  s.ios.frameworks = 'UIKit', 'Foundation'
                  s.osx.framework = 'AppKit'
                """))
        #expect(node["dependencies"]?.members.map(\.key) == ["A", "B"])
        #expect(node["dependencies"]?["A"]?.arrayValue?.compactMap(\.stringValue) == ["~> 2.0"])
        #expect(node["dependencies"]?["B"]?.arrayValue?.isEmpty == true)
        #expect(node["ios"]?["dependencies"]?["C"]?.arrayValue?.first?.stringValue == "1.0")
        #expect(node["ios"]?["frameworks"]?.arrayValue?.compactMap(\.stringValue) == ["UIKit", "Foundation"])
        #expect(node["osx"]?["frameworks"]?.stringValue == "AppKit")
    }

    @Test func singularWritersSetThePluralKey() throws {
        let node = try convertRuby(
            rubySpec(
                """
                  s.author = 'Jane'
                  s.resource = 'a.png'
                  s.library = 'z'
                  s.vendored_framework = 'X.xcframework'
                  s.swift_version = '5.9'
                """))
        #expect(node["authors"]?.stringValue == "Jane")
        #expect(node["resources"]?.stringValue == "a.png")
        #expect(node["libraries"]?.stringValue == "z")
        #expect(node["vendored_frameworks"]?.stringValue == "X.xcframework")
        #expect(node["swift_versions"]?.stringValue == "5.9")
        #expect(node.members.last?.key == "swift_version")
        #expect(node["swift_version"]?.stringValue == "5.9")
    }

    @Test func testAndAppSpecsGoToTheirOwnKeys() throws {
        let node = try convertRuby(
            rubySpec(
                """
                  s.app_spec 'Demo' do |app|
                    app.source_files = 'Demo/*.swift'
                  end
                  s.test_spec do |t|
                    t.source_files = 'Tests/*.swift'
                  end
                  s.subspec 'Core' do |c|
                    c.source_files = 'Core/*.swift'
                  end
                """))
        #expect(node.members.suffix(3).map(\.key) == ["testspecs", "appspecs", "subspecs"])
        let test = try #require(node["testspecs"]?.arrayValue?.first)
        #expect(test["name"]?.stringValue == "Tests")
        #expect(test["test_type"]?.stringValue == "unit")
        #expect(node["appspecs"]?.arrayValue?.first?["test_type"] == nil)
        let spec = try Spec(node: node, label: "Pay.podspec")
        #expect(spec.subspec(named: "Pay/Core") != nil)
    }

    @Test func stringsFollowRubyAndStoreAttribute() throws {
        let node = try convertRuby(
            #"""
            v = '2.0'
            Pod::Spec.new do |s|
              s.name = "Pay"
              s.version = "#{v}"
              s.summary = '  It\'s a \n summary  '
              s.description = <<-DESC
                First line.
                  Second line.
              DESC
              s.readme = <<~TEXT.squish
                Many   words
                here.
              TEXT
              s.homepage = %q(https://example.com/(pay))
              s.source = { git: "https://example.com/pay.git", tag: "v#{s.version}-#{s.name}" }
              s.license = {:type=>'MIT', :file=>'LICENSE'}.freeze
              s.source_files = %w[A B
                C]
            end
            """#)
        #expect(node["version"]?.stringValue == "2.0")
        #expect(node["summary"]?.stringValue == #"It's a \n summary"#)
        #expect(node["description"]?.stringValue == "First line.\n  Second line.")
        #expect(node["readme"]?.stringValue == "Many words here.")
        #expect(node["homepage"]?.stringValue == "https://example.com/(pay)")
        #expect(node["source"]?["tag"]?.stringValue == "v2.0-Pay")
        #expect(node["license"]?["file"]?.stringValue == "LICENSE")
        #expect(node["source_files"]?.arrayValue?.count == 3)
    }

    @Test func hashKeysFollowRuby() throws {
        let node = try convertRuby(
            rubySpec(
                """
                  s.license = { :type => 'MIT', :file => 'LICENSE', :type => 'BSD' }
                  s.pod_target_xcconfig = { :A => '1', 'A' => '2' }
                  s.info_plist = [{ :k => 'symbol', 'k' => 'string' }]
                """))
        // A repeated literal key: Ruby keeps the later one, in the later place.
        #expect(node["license"]?.members.map(\.key) == ["file", "type"])
        #expect(node["license"]?["type"]?.stringValue == "BSD")
        // `store_attribute` turns :A and 'A' into one string key, the later value in the first place.
        #expect(node["pod_target_xcconfig"]?.members.count == 1)
        #expect(node["pod_target_xcconfig"]?["A"]?.stringValue == "2")
        // Inside an array nothing converts them: JSON gets both keys, as CocoaPods writes them.
        #expect(node["info_plist"]?.arrayValue?.first?.members.map(\.key) == ["k", "k"])
    }

    @Test func squigglyHeredocsWithBlankLines() throws {
        let node = try convertRuby(rubySpec("  s.description = <<~DESC\n    First.\n\n      Indented.\n  DESC"))
        #expect(node["description"]?.stringValue == "First.\n\n  Indented.")
        // A line of only spaces makes Ruby remove more than documented: refused, never guessed.
        #expect(throws: SpecError.self) {
            try convertRuby(rubySpec("  s.description = <<~DESC\n      \n   First.\n      Second.\n  DESC"))
        }
    }

    @Test func crlfLineEndsReadAsRubyReadsThem() throws {
        let text =
            "Pod::Spec.new do |s|\r\n  s.name = 'Pay'\r\n  s.description = <<-DESC\r\n    a\r\n      b\r\n  DESC\r\n"
            + "  s.summary = \"x\r\ny\"\r\n  s.resources = %w[a\r\nb]\r\nend\r\n"
        let node = try convertRuby(text)
        #expect(node["description"]?.stringValue == "a\n  b")
        #expect(node["summary"]?.stringValue == "x\ny")
        #expect(node["resources"]?.arrayValue?.count == 2)
        #expect(node.member("summary")?.keyLocation == SourceLocation(line: 7, column: 5))
    }

    @Test func canonicalOrderIsAvailable() throws {
        let node = try convertRuby(rubySpec("  s.summary = 'x'\n  s.homepage = 'h'"))
        let text = PodspecReader.canonicalJSON(node)
        #expect(text.range(of: "\"summary\"")!.lowerBound < text.range(of: "\"platforms\"")!.lowerBound)
        #expect(try JSONParser.parse(text)["homepage"]?.stringValue == "h")
    }
}

@Suite struct RubyPodspecRefusalTests {
    /// Each construct beyond the subset is refused at its line:column, naming it.
    @Test(arguments: [
        ("  s.source_files = Dir.glob('*.swift')", "4:24", "looked up in the file's folder"),
        ("  s.description = File.read('README.md')", "4:24", "looked up in the file's folder"),
        (
            "  s.summary = 'a' + s.version", "4:19",
            "no implicit conversion of Pod::Version into String (write `.to_s` after it)"
        ),
        ("  s.summary = ['a'] + 'b'", "4:21", "no implicit conversion of String into Array"),
        ("  s.summary = 'a' - 'b'", "4:19", "String has no method `-`"),
        ("  x += 'a'", "4:3", "undefined method `+' for nil"),
        ("  s.summary = \"\\xFF\"", "4:16", "byte 0xFF, which is not UTF-8 text on its own"),
        ("  s.summary = \"\\cA\"", "4:16", "control and meta escapes"),
        (
            "  s.summary = helper", "4:15",
            "`helper` is neither a variable assigned before this line nor a method compose knows"
        ),
        ("  s.summary = $summary", "4:15", "the global variable $summary is not supported"),
        ("  s.summary = @@summary", "4:15", "the global variable @@summary is not supported"),
        ("  s.summary = s.source_files", "4:17", "reading `s.source_files` is not supported"),
        ("  s.sumary = 'x'", "4:5", "`s.sumary` is not a podspec attribute"),
        ("  s.ios.summary = 'x'", "4:9", "cannot be set per platform"),
        ("  s.deployment_target = '12.0'", "4:5", "only per platform"),
        ("  s.dependency 'Pay'", "4:16", "can't require itself"),
        ("  s.dependency 'X', :git => 'https://x'", "4:21", "The `:git` option is not supported"),
        ("  s.dependency 'X', 1", "4:21", "Unsupported version requirement"),
        ("  s.dependency 'X', configurations: ['Beta']", "4:37", "Only `Debug` & `Release`"),
        ("  s.ios.deployment_target = 'twelve'", "4:29", "not a version number"),
        ("  s.summary = \"#{`whoami`}\"", "4:18", "a shell command in backticks is not run"),
        ("  s.summary = 0x10", "4:15", "hexadecimal"),
        ("  s.summary = `git describe`", "4:15", "a shell command in backticks is not run"),
        ("  s.summary = %x(git describe)", "4:15", "a shell command in backticks is not run"),
        ("  system('curl https://x | sh')", "4:3", "running a command (`system`) is not run"),
        ("  s.summary = eval('1')", "4:15", "`eval` of a string is not run"),
        ("  s.summary = send(:system, 'ls')", "4:15", "`send` is not run"),
        ("  s.summary = s.send(:name)", "4:17", "`send` is not run"),
        ("  s.summary = instance_eval('x')", "4:15", "`instance_eval` is not run"),
        ("  File.write('x', 'y')", "4:8", "`File.write` is not run"),
        ("  s.summary = open('|ls').read", "4:15", "`open` (files and commands) is not run"),
        ("  s.summary = IO.popen('ls')", "4:15", "`IO` is not available"),
        ("  require '/etc/passwd'", "4:3", "needs the file's folder"),
        ("  require_relative '../../../etc/passwd'", "4:3", "needs the file's folder"),
        ("  loop do\n  end", "4:3", "more than 2000000 steps"),
        ("  f = lambda { |n| f.call(n + 1) }\n  f.call(0)", "4:22", "deeper than 100 levels"),
        ("  def files = ['a']\n  s.source_files = files", "5:20", "which CocoaPods cannot call either"),
        ("  x = 'ab'\n  40.times { x += x }", "5:14", "grows past 1 MiB"),
        (
            "  raise 'not on this machine' unless ENV['NEVER_SET_X']", "4:3",
            "the file raises an error: not on this machine"
        ),
    ])
    func refuses(_ body: String, _ location: String, _ fragment: String) {
        do {
            let node = try convertRuby(rubySpec(body))
            Issue.record("converted: \(node.serialized())")
        } catch {
            #expect(error.description.hasPrefix("Test.podspec:\(location): "), "\(error.description)")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    /// What CocoaPods' own evaluation gives for `+`, `+=`, `@variables`, byte escapes and a symbol
    /// as the deployment target of `s.platform =` (the Messaging fixture has them together).
    @Test func plusInstanceVariablesEscapesAndPlatformSymbols() throws {
        let node = try convertRuby(
            """
            @tag_prefix = 'v'
            files = ['A/*.swift']
            files += ['B/*.swift']
            Pod::Spec.new do |s|
              s.name = 'Pay'
              s.version = '1.0.0'
              s.summary = 'Pay' + "ments\\041"
              s.description = "#{@unset}tab\\x09end"
              s.source = { :git => 'https://x/pay.git', :tag => @tag_prefix + s.version.to_s }
              s.source_files = files + ['C/*.swift']
              s.platform = :ios, :tvos
              s.ios.deployment_target = '13.0'
            end
            """)
        #expect(node["summary"]?.stringValue == "Payments!")
        #expect(node["description"]?.stringValue == "tab\tend")
        #expect(node["source"]?["tag"]?.stringValue == "v1.0.0")
        #expect(node["source_files"]?.arrayValue?.compactMap(\.stringValue) == ["A/*.swift", "B/*.swift", "C/*.swift"])
        #expect(node["platforms"]?["ios"]?.stringValue == "13.0")
        #expect(node["platforms"]?["tvos"] == nil)
        // `s.module_name` reads as `Specification#module_name` does.
        let modules = try convertRuby(
            rubySpec(
                """
                  s.resource_bundles = { "#{s.module_name}_Privacy" => 'PrivacyInfo.xcprivacy' }
                  s.subspec '2D--Charts' do |c|
                    c.summary = c.module_name
                    c.header_dir = 'x-y'
                    c.description = c.module_name
                    c.module_name = 'Charts'
                    c.homepage = "https://x/#{c.module_name}"
                  end
                """))
        #expect(modules["resource_bundles"]?["Pay_Privacy"] != nil)
        let charts = modules["subspecs"]?.arrayValue?.first
        #expect(charts?["summary"]?.stringValue == "_2D_Charts")
        #expect(charts?["description"]?.stringValue == "x_y")
        #expect(charts?["homepage"]?.stringValue == "https://x/Charts")
        // Left as a symbol, the deployment target is not a version: CocoaPods fails there too.
        #expect(throws: SpecError.self) { try convertRuby(rubySpec("  s.platform = :ios, :tvos")) }
    }

    @Test func aSecondSpecIsRefused() {
        #expect(throws: SpecError.self) { try convertRuby(rubySpec("") + rubySpec("")) }
    }
}

@Suite struct RubyPodspecBadInputTests {
    func failure(_ bytes: [UInt8]) -> SpecError? {
        do {
            _ = try PodspecReader.readRuby(bytes: bytes, label: "Bad.podspec")
            return nil
        } catch {
            return error
        }
    }

    @Test func notRubyAtAll() throws {
        let json = try #require(failure(Array("{\n  \"name\": \"Pay\"\n}\n".utf8)))
        #expect(json.description.hasPrefix("Bad.podspec:1:1: "))
        #expect(json.message.contains("Name.podspec.json"))
        let yaml = try #require(failure(Array("name: Pay\nversion: 1.0\n".utf8)))
        #expect(yaml.location == SourceLocation(line: 1, column: 1))
        let prose = try #require(failure(Array("This is a readme, not a podspec.\n".utf8)))
        #expect(prose.location.line == 1)
        let empty = try #require(failure([]))
        #expect(empty.message.contains("empty"))
        let nothing = try #require(failure(Array("# only a comment\nx = 1\n".utf8)))
        #expect(nothing.message.contains("no `Pod::Spec.new"))
    }

    @Test func binaryGarbage() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(failure(bytes) != nil)
        }
        let nul = try #require(failure(Array("Pod::Spec.new do |s|\n\u{0}".utf8)))
        #expect(nul.message.contains("binary"))
        let latin1 = try #require(failure(Array("Pod::Spec.new do |s|\n  s.summary = 'caf".utf8) + [0xE9, 0x27, 0x0A]))
        #expect(latin1.location == SourceLocation(line: 2, column: 19))
        #expect(latin1.message.contains("UTF-8"))
    }

    @Test func tenThousandNestedBlocks() throws {
        var text = "Pod::Spec.new do |s|\n  s.name = 'Deep'\n"
        for i in 0..<10_000 { text += "s.subspec 'S\(i)' do |s|\n" }
        for _ in 0..<10_000 { text += "end\n" }
        text += "end\n"
        let error = try #require(failure(Array(text.utf8)))
        #expect(error.message.contains("deeper than"))
        let brackets = try #require(
            failure(
                Array(
                    rubySpec(
                        "  s.resources = " + String(repeating: "[", count: 10_000)
                            + String(repeating: "]", count: 10_000)
                    ).utf8)))
        #expect(brackets.message.contains("deeper than"))
        let interpolations = try #require(
            failure(
                Array(
                    rubySpec(
                        "  s.summary = " + String(repeating: "\"#{", count: 500) + String(repeating: "}\"", count: 500)
                    ).utf8)))
        #expect(interpolations.message.contains("deeper than"))
    }

    @Test func unterminatedConstructs() throws {
        var heredoc = "Pod::Spec.new do |s|\n  s.description = <<-DESC\n"
        for i in 0..<20_000 { heredoc += "    line \(i)\n" }
        let never = try #require(failure(Array(heredoc.utf8)))
        #expect(never.location == SourceLocation(line: 2, column: 19))
        #expect(never.message.contains("never ends"))
        let string = try #require(failure(Array(rubySpec("  s.summary = 'open").utf8)))
        #expect(string.message.contains("never ends"))
        let block = try #require(failure(Array("Pod::Spec.new do |s|\n  s.name = 'X'\n".utf8)))
        #expect(block.location == SourceLocation(line: 1, column: 15))
        let comment = try #require(failure(Array("=begin\nnever closed\n".utf8)))
        #expect(comment.message.contains("=end"))
        let interpolation = try #require(failure(Array(rubySpec("  s.summary = \"#{s.name\"").utf8)))
        #expect(interpolation.message.contains("never"))
    }

    @Test func oneMegabyteFiles() throws {
        // A megabyte of Ruby-looking noise is refused.
        let noise = String(repeating: "s.x y z 1 2 3 ]]] ))) ", count: 50_000)
        #expect(failure(Array(noise.utf8)) != nil)
        // A megabyte of real podspec converts.
        var text = "Pod::Spec.new do |s|\n  s.name = 'Big'\n  s.version = '1.0.0'\n"
        var parts = 0
        while text.utf8.count < 1_000_000 {
            text += "  s.subspec 'Part\(parts)' do |ss|\n    ss.source_files = 'Sources/Part\(parts)/**/*.swift'\n"
            if parts > 0 { text += "    ss.dependency 'Big/Part\(parts - 1)'\n" }
            text += "  end\n"
            parts += 1
        }
        text += "end\n"
        let node = try PodspecReader.readRuby(bytes: Array(text.utf8), label: "Big.podspec")
        #expect(node["subspecs"]?.arrayValue?.count == parts)
    }
}
