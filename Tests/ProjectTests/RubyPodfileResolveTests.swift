import ComposeTestSupport
import ComposefileFormat
import Foundation
import Project
import Testing

/// A Podfile written with Ruby (variables, an `if` on `ENV`, a helper with parameters, a helper file
/// required from below the project) resolves exactly as its hand-flattened copy does.
@Suite("Ruby in a Podfile")
struct RubyPodfileResolveTests {
    static let withRuby = """
        require_relative 'scripts/shared_pods'
        SPECS = 'FIXTURE'
        ios_target = ENV.fetch('IOS_TARGET', '15.0')

        source SPECS
        platform :ios, ios_target
        use_frameworks! unless ENV['STATIC']

        def app_pods(pay_requirement, with_analytics: false)
          pod 'Account', '~> 2.0'
          pod 'Pay', pay_requirement
          pod 'Analytics' if with_analytics
        end

        target 'Shop' do
          app_pods '~> 1.2', with_analytics: ENV['FLAVOR'] == 'full'
          if ENV['FLAVOR'] == 'full'
            %w[Goods Order].each { |name| pod name }
          else
            pod 'Goods'
          end
          target 'ShopTests' do
            inherit! :search_paths
            test_pods
          end
        end

        post_install do |installer|
          installer.pods_project.targets.each { |t| t.build_configurations.each { |c| c.build_settings['X'] = 'Y' } }
        end
        """

    static let helper = """
        def test_pods(subspec = 'Mock')
          pod "Networking/#{subspec}"
        end
        """

    static let flattened = """
        source 'FIXTURE'
        platform :ios, '15.0'
        use_frameworks!

        target 'Shop' do
          pod 'Account', '~> 2.0'
          pod 'Pay', '~> 1.2'
          pod 'Analytics'
          pod 'Goods'
          pod 'Order'
          target 'ShopTests' do
            inherit! :search_paths
            pod 'Networking/Mock'
          end
        end
        """

    func lock(_ podfile: String, helper: String? = nil, environment: [String: String]) throws -> String {
        let project = try ProjectFixture("ruby-podfile", composefile: podfile)
        defer { project.directory.remove() }
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("Composefile"))
        try project.write(podfile, name: "Podfile")
        if let helper {
            let scripts = project.directory.url.appendingPathComponent("scripts")
            try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
            try helper.write(to: scripts.appendingPathComponent("shared_pods.rb"), atomically: true, encoding: .utf8)
        }
        let service = ResolveService(
            projectDirectory: project.path, composeHome: project.directory.url.appendingPathComponent("home"),
            environment: environment, toolVersion: "0.1.0")
        _ = try service.resolve()
        // The Podfile's own checksum differs between the two files; everything else must not.
        return try project.lockText().split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("COMPOSEFILE CHECKSUM") }.joined(separator: "\n")
    }

    @Test func resolvesToTheSameLockAsItsHandFlattenedCopy() throws {
        let ruby = try lock(Self.withRuby, helper: Self.helper, environment: ["FLAVOR": "full"])
        let flat = try lock(Self.flattened, environment: [:])
        #expect(ruby == flat)
        #expect(ruby.contains("\n  - Analytics\n"))
        #expect(ruby.contains("- Networking/Mock"))
    }

    @Test func theEnvironmentDecidesTheBranch() throws {
        let lite = try lock(Self.withRuby, helper: Self.helper, environment: [:])
        #expect(!lite.contains("\n  - Analytics\n"))
        #expect(!lite.contains("- Order ("))
        #expect(lite.contains("- Goods ("))
    }
}
