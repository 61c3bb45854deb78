import Foundation
import Lint
import Testing

/// `compose lint` of a Ruby `Name.podspec`: the same rules as for JSON, findings at the Ruby file's
/// own lines and columns.
@Suite struct RubyPodspecLintTests {
    @Test func findingsPointIntoTheRubyFile() {
        let ruby = """
            Pod::Spec.new do |s|
              s.name         = 'Kit'
              s.version      = '1.0.0'
              s.summary      = 'A kit.'
              s.homepage     = 'https://git.example.com/ios/Kit'
              s.authors      = { 'iOS Team' => 'ios@example.com' }
              s.source       = { :git => 'https://ci:TOKEN@git.example.com/ios/Kit.git', :tag => s.version.to_s }
              s.ios.deployment_target = '15.0'
              s.source_files = 'Sources/**/*.swift'
            end
            """
        let result = Linter().lint(contents: Array(ruby.utf8), path: "Kit.podspec")
        let byRule = Dictionary(grouping: result.findings, by: \.ruleID)
        // license is missing (a warning at the spec); the token in the URL is an error at its line.
        #expect(byRule["license-required"]?.first?.severity == .warning)
        let credentials = byRule["url-credentials"]?.first
        #expect(credentials?.severity == .error)
        #expect(credentials?.line == 7)
        #expect(credentials?.file == "Kit.podspec")
    }

    @Test func rubyBeyondTheDeclarativeSubsetIsAFindingWithItsPosition() {
        let ruby = "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.version = File.read('VERSION')\nend\n"
        let result = Linter().lint(contents: Array(ruby.utf8), path: "Kit.podspec")
        let unreadable = result.findings.first
        #expect(result.findings.count == 1)
        #expect(unreadable?.severity == .error)
        #expect(unreadable?.line == 3)
        #expect(unreadable?.message.contains("File.read") == true)
    }
}
