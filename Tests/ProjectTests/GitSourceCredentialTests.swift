import ComposeTestSupport
import Foundation
import Project
import Testing

/// A token written into a `:git` URL is used to fetch but never written into Compose.lock's sources.
@Suite("Git sources: credentials in a :git URL")
struct GitSourceCredentialTests {
    @Test func theLockNamesTheRepositoryWithoutTheToken() throws {
        let project = try ProjectFixture("git-pod-token", composefile: "")
        defer { project.directory.remove() }
        let remotes = project.directory.url.appendingPathComponent("remotes")
        try FileManager.default.createDirectory(at: remotes, withIntermediateDirectories: true)
        let spec = #"{"name": "Checkout", "version": "0.3.0", "platforms": {"ios": "15.0"}}"#
        let bare = remotes.appendingPathComponent("Checkout.git")
        try makeBareRepository(at: bare, files: ["Checkout.podspec.json": spec])
        try runGit(["tag", "0.3.0", "main"], in: bare)
        let daemon = try GitDaemon(base: remotes)
        defer { daemon.stop() }
        let plain = daemon.url("Checkout.git")
        let withToken = plain.replacingOccurrences(of: "git://", with: "git://ci:SECRET-TOKEN@")
        try project.write(
            """
            source 'FIXTURE'
            platform :ios, '15.0'
            target 'App' do
              pod 'Checkout', :git => '\(withToken)', :tag => '0.3.0'
            end
            """)
        let lock = try project.service.resolve().lockfile
        #expect(lock.lockedVersions["Checkout"]?.string == "0.3.0")
        #expect(lock.externalSources["Checkout"] == ["git": plain, "tag": "0.3.0"])
        #expect(lock.checkoutOptions["Checkout"]?["git"] == plain)
        let written = try String(
            contentsOf: project.directory.url.appendingPathComponent("Compose.lock"), encoding: .utf8)
        #expect(!written.contains("SECRET-TOKEN"), "\(written)")
        #expect(written.contains("Checkout (from `git://***@"))
        // A second resolve keeps the lock as it is (the options compare equal without the token).
        #expect(try !project.service.resolve().lockChanged)
    }
}
