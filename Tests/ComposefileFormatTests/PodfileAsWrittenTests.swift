import ComposefileFormat
import Specs
import Testing

/// Podfiles as teams write them: hooks, helpers, ignored options, the older spellings.
@Suite("Podfile as teams write it")
struct PodfileAsWrittenTests {
    func at(_ line: Int, _ column: Int) -> ComposefileLocation {
        ComposefileLocation(file: "Podfile", line: line, column: column)
    }

    @Test func hooksAreSkippedWithOneNoteNamingTheirLines() throws {
        let text = """
            platform :ios, '12.0'
            pre_install do |installer|
              Pod::Installer::Xcode::TargetValidator.send(:define_method, :verify_no_static_framework_transitive_dependencies) {}
            end
            target 'App' do
              pod 'Alamofire', '~> 5.4'
            end
            post_install do |installer|
              installer.pods_project.targets.each do |target|
                next unless target.name == 'Alamofire'
                target.build_configurations.each { |config|
                  config.build_settings['SWIFT_VERSION'] = "#{ENV['SWIFT'] || '5.0'}"
                  if config.name == 'Debug'
                    config.build_settings['ONLY_ACTIVE_ARCH'] = 'YES'
                  end
                }
                flags = target.name.end_with?('Kit') ? 'A' : 'B' if true
                while false do
                end
              end
            end
            pod 'Kingfisher'
            """
        let file = try Composefile.parse(text, path: "Podfile")
        #expect(file.concreteTargets.map(\.name) == ["App"])
        #expect(file.allDependencies.map(\.name) == ["Kingfisher", "Alamofire"])
        #expect(
            file.notes.map(\.description) == [
                "Podfile:2:1: note: skipped pre_install (lines 2–4), post_install (lines 8–21): hooks adjust the Xcode project, which a SwiftPM package does not have. [podfile-hook-skipped]"
            ])
    }

    @Test func heredocsInHooksAreText() throws {
        let text = """
            post_install do |installer|
              phase = <<~SCRIPT
                echo "don't stop"
                if [ -d end ]; then exit 1; fi
              SCRIPT
              flags = ['-ObjC'] << '-lz' if installer.name =~ /Pods-'A/i || x.gsub(/end'/, "")
              other = <<-'EOS'.strip + <<OTHER
              it's text, end
              EOS
            do '
            OTHER
            end
            pod 'A'
            """
        let file = try Composefile.parse(text, path: "Podfile")
        #expect(file.allDependencies.map(\.location) == [at(13, 1)])
        #expect(
            file.notes.map(\.message) == [
                "skipped post_install (lines 1–12): hooks adjust the Xcode project, which a SwiftPM package does not have."
            ])
        #expect(
            throws: ComposefileError.syntax(
                at(2, 11), message: "The heredoc <<~SCRIPT never ends: no line holds only SCRIPT.")
        ) {
            try Composefile.parse("post_install do |i|\n  phase = <<~SCRIPT\n  echo\nend\n", path: "Podfile")
        }
    }

    @Test func helpersWithoutParametersAreInlinedWhereCalled() throws {
        let text = """
            def shared_pods
              pod 'Networking', '~> 2.0'
              pod 'Logging'
            end

            def test_pods()
              pod 'Quick'
            end

            target 'App' do
              shared_pods
              target 'AppTests' do
                inherit! :search_paths
                test_pods
              end
            end
            target 'Widget' do
              shared_pods()
              pod 'Charts'
            end
            """
        let file = try Composefile.parse(text, path: "Podfile")
        let targets = Dictionary(
            uniqueKeysWithValues: file.concreteTargets.map { ($0.name, $0.dependencies.map(\.name)) })
        #expect(targets["App"] == ["Networking", "Logging"])
        #expect(targets["AppTests"] == ["Quick"])
        #expect(targets["Widget"] == ["Networking", "Logging", "Charts"])
        // The helper's lines are where the pods are declared.
        #expect(file.concreteTargets[0].dependencies[0].location == at(2, 3))
        #expect(file.concreteTargets[0].dependencies[0].requirements.description == "~> 2.0")
    }

    @Test func optionsOfIgnoredDirectivesAndOlderSpellingsAreAccepted() throws {
        let text = """
            platform:ios,'9.0'
            plugin 'cocoapods-keys', {
              :project => "App",
              :keys => ["ApiKey", "Secret"]
            }
            install! 'cocoapods', :deterministic_uuids => false, generate_multiple_pod_projects: true
            workspace 'App.xcworkspace'
            project 'App.xcodeproj', 'Beta' => :release, 'Dev' => :debug
            use_frameworks! :linkage => :static
            target 'App' do
              pod 'Reveal-SDK', :configurations => ['Debug', 'Beta']
              pod 'FLEX', :configuration => 'Debug'
              pod 'Legacy', :podspec => 'vendor/Legacy.podspec'
              pod 'Notes', :git => 'https://git.example.com/notes.git',
                  :branch => 'main'
            end
            target 'AppExtension'
            """
        let file = try Composefile.parse(text, path: "Podfile")
        #expect(file.root.platform?.name == "ios")
        #expect(file.root.platform?.deploymentTarget == (try Version("9.0")))
        #expect(file.concreteTargets.map(\.name) == ["App", "AppExtension"])
        let pods = file.concreteTargets[0].dependencies
        #expect(pods.map(\.configurations) == [["Debug", "Beta"], ["Debug"], nil, nil])
        #expect(pods[2].external == .podspec("vendor/Legacy.podspec"))
        #expect(pods[2].description == "Legacy (from `vendor/Legacy.podspec`)")
        #expect(pods[3].external == .git(url: "https://git.example.com/notes.git", reference: .branch("main")))
        #expect(file.notes.count == 2)
        #expect(file.notes[1].message.contains("(:deterministic_uuids, :generate_multiple_pod_projects)"))
        #expect(file.notes[0].description.hasPrefix("Podfile:2:1: note: 'plugin':"))
        #expect(file.notes.map(\.ruleID) == ["podfile-word-ignored", "podfile-install-options-ignored"])
        #expect(file.notes.allSatisfy { $0.severity == .note && $0.file == "Podfile" })
    }

    @Test func deploymentTargetAsAnOption() throws {
        let file = try Composefile.parse("platform :ios, :deployment_target => '8.0'\n", path: "Podfile")
        #expect(file.root.platform?.deploymentTarget == (try Version("8.0")))
    }

    @Test func aStringMaySpanLines() throws {
        let file = try Composefile.parse("source 'https://git.example.com/\nspecs.git'\npod 'A'\n", path: "Podfile")
        #expect(file.sources.map(\.url) == ["https://git.example.com/\nspecs.git"])
        #expect(file.allDependencies.map(\.location) == [at(3, 1)])
        #expect(throws: ComposefileError.syntax(at(1, 5), message: "This string never ends: the closing ' is missing."))
        {
            try Composefile.parse("pod 'A\npod B\n", path: "Podfile")
        }
    }

    // MARK: Bounded depth (the parser recurses; these inputs used to overflow the stack)

    @Test func eightThousandNestedBracketsAreRefused() {
        let text = "pod 'A', " + String(repeating: "[", count: 8_000) + "\n"
        #expect {
            try Composefile.parse(text, path: "Podfile")
        } throws: { error in
            "\(error)".hasPrefix("Podfile:1:")
                && "\(error)".hasSuffix("Nesting is deeper than 300 levels (blocks, brackets and calls)")
        }
    }

    @Test func threeThousandNestedTargetsAreRefused() {
        var text = ""
        for level in 0..<3_000 { text += "target 'T\(level)' do\n" }
        text += String(repeating: "end\n", count: 3_000)
        #expect {
            try Composefile.parse(text, path: "Podfile")
        } throws: { error in
            "\(error)".hasSuffix("Nesting is deeper than 300 levels (blocks, brackets and calls)")
        }
    }

    @Test func targetsNestedDeeperThanTheLimitAreRefused() {
        var text = ""
        for level in 0...Composefile.maxNesting { text += "target 'T\(level)' do\n" }
        text += String(repeating: "end\n", count: Composefile.maxNesting + 1)
        #expect(
            throws: ComposefileError.syntax(
                at(Composefile.maxNesting + 1, 1),
                message:
                    "Target blocks are nested deeper than \(Composefile.maxNesting) levels: move this target out of its enclosing blocks."
            )
        ) {
            try Composefile.parse(text, path: "Podfile")
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        var text = ""
        for level in 0..<Composefile.maxNesting { text += "target 'T\(level)' do\n" }
        text += "pod 'A'\n" + String(repeating: "end\n", count: Composefile.maxNesting)
        let file = try Composefile.parse(text, path: "Podfile")
        #expect(file.concreteTargets.count == Composefile.maxNesting)
        #expect(file.concreteTargets.last?.dependencies.map(\.name) == ["A"])
    }
}
