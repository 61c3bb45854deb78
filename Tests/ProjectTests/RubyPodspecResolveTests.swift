import ComposeTestSupport
import Foundation
import Project
import Testing

/// Ruby podspecs wherever a resolve reads a spec: a spec repo's `Name/version/Name.podspec`, a
/// `:path` pod's folder, a `:podspec =>` file. Read without Ruby, decoded into the one model.
@Suite("Resolve: Ruby podspecs")
struct RubyPodspecResolveTests {
    static func ruby(_ name: String, _ version: String, dependencies: [String] = [], sourceGit: Bool = true) -> String {
        """
        Pod::Spec.new do |s|
          s.name     = '\(name)'
          s.version  = '\(version)'
          s.summary  = 'The \(name) component.'
          s.homepage = 'https://git.example.com/ios/\(name)'
          s.license  = { :type => 'MIT' }
          s.authors  = { 'iOS Team' => 'ios@example.com' }
          s.source   = { :git => 'https://git.example.com/ios/\(name).git', :tag => s.version.to_s }
          s.ios.deployment_target = '13.0'
          s.source_files = 'Sources/**/*.swift'
        \(dependencies.map { "  s.dependency \($0)" }.joined(separator: "\n"))
        end
        """
    }

    func write(_ text: String, to relative: String, in project: ProjectFixture) throws {
        let file = project.directory.url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func rubySpecsInASpecRepoAPathFolderAndAPodspecFileResolve() throws {
        let project = try ProjectFixture(
            "ruby-podspecs",
            composefile: """
                source 'specs'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Pay', '~> 1.0'
                  pod 'Local', :path => 'Local'
                  pod 'Single', :podspec => 'podspecs/Single.podspec'
                end
                """)
        defer { project.directory.remove() }
        try write(
            Self.ruby("Pay", "1.0.0", dependencies: ["'Networking', '~> 2.0'"]), to: "specs/Pay/1.0.0/Pay.podspec",
            in: project)
        try write(
            Self.ruby("Pay", "1.1.0", dependencies: ["'Networking', '~> 2.1'"]), to: "specs/Pay/1.1.0/Pay.podspec",
            in: project)
        try write(Self.ruby("Networking", "2.1.3"), to: "specs/Networking/2.1.3/Networking.podspec", in: project)
        // Where a version has both files, the JSON one wins.
        try write(
            #"{"name": "Networking", "version": "2.2.0", "platforms": {"ios": "13.0"}}"#,
            to: "specs/Networking/2.2.0/Networking.podspec.json", in: project)
        try write(
            Self.ruby("Networking", "2.2.0", dependencies: ["'DoesNotExist'"]),
            to: "specs/Networking/2.2.0/Networking.podspec", in: project)
        try write(Self.ruby("Local", "0.1.0"), to: "Local/Local.podspec", in: project)
        try write(Self.ruby("Single", "3.0.0"), to: "podspecs/Single.podspec", in: project)

        let report = try project.service.resolve()
        let versions = report.lockfile.lockedVersions.mapValues(\.string)
        #expect(versions == ["Pay": "1.1.0", "Networking": "2.2.0", "Local": "0.1.0", "Single": "3.0.0"])
        #expect(report.lockfile.externalSources["Local"] == ["path": "Local"])
        #expect(report.lockfile.externalSources["Single"] == ["podspec": "podspecs/Single.podspec"])
        // The lock is read back the same, and a second resolve changes nothing.
        #expect(try !project.service.resolve().lockChanged)
    }

    @Test func aPlainHTTPPodspecURLIsAClearErrorAndRubyBeyondTheSubsetNamesItsLine() throws {
        let project = try ProjectFixture(
            "ruby-podspec-errors",
            composefile: """
                platform :ios, '15.0'
                pod 'Remote', :podspec => 'http://example.com/Remote.podspec'
                """)
        defer { project.directory.remove() }
        #expect { try project.service.resolve() } throws: { error in
            "\(error)".contains("Composefile:2:1: ':podspec => http://example.com/Remote.podspec' is refused")
        }
        try project.write("platform :ios, '15.0'\npod 'Local', :path => 'Local'\n")
        try write(
            "Pod::Spec.new do |s|\n  s.name = 'Local'\n  s.version = `git describe`\nend\n", to: "Local/Local.podspec",
            in: project)
        #expect { try project.service.resolve() } throws: { error in
            let text = "\(error)"
            return text.contains("Local.podspec:3:")
                && !FileManager.default.fileExists(
                    atPath: project.directory.url.appendingPathComponent("Compose.lock").path)
        }
    }
}
