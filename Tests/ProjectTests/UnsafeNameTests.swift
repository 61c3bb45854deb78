import ComposeTestSupport
import ComposefileFormat
import Foundation
import Project
import Resolution
import Specs
import Support
import Testing

/// Pod names reach Compose.lock, folders and generated Swift. A name the next resolve could not read
/// back (` (` or a newline), or that is code, is refused before the lock is written, wherever it
/// comes from: the Composefile or a spec in a source.
@Suite struct UnsafeNameTests {
    @Test(arguments: ["Kit (1.0)", "Kit\nX", "Foundation;public let x = 1", "Kit/../Evil"])
    func aComposefileNameIsRefusedWithItsLine(_ name: String) throws {
        let project = try ProjectFixture(
            "unsafe-composefile-name",
            composefile: "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Kit', :path => 'Kit'\nend\n")
        defer { project.directory.remove() }
        try project.pathPod("Kit", spec: #"{"name": "Kit", "version": "1.0.0"}"#)
        let escaped = name.replacingOccurrences(of: "\n", with: "\\n")
        try project.write("platform :ios, '15.0'\ntarget 'App' do\n  pod \"\(escaped)\"\nend\n")
        let error = #expect(throws: (any Error).self) { try project.service.resolve() }
        let failure = try #require(error as? any ComposeFailure)
        #expect(failure.kind == .input)
        #expect(failure.description.contains("Composefile:3"), "\(failure.description)")
        #expect(
            !FileManager.default.fileExists(atPath: project.directory.url.appendingPathComponent("Compose.lock").path))
    }

    @Test(arguments: ["Kit (1.0)", "Kit\nX", "Kit (= 1.0)\n  - Evil"])
    func aSpecDependencyNameIsRefusedBeforeTheLockIsWritten(_ name: String) throws {
        let project = try ProjectFixture(
            "unsafe-spec-name",
            composefile: "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Checkout', :path => 'Checkout'\nend\n")
        defer { project.directory.remove() }
        let spec = try JSONSerialization.data(withJSONObject: [
            "name": "Checkout", "version": "1.0.0", "dependencies": [name: [String]()],
        ])
        let file = try project.pathPod("Checkout", spec: String(decoding: spec, as: UTF8.self))
        let error = #expect(throws: ProjectError.self) { try project.service.resolve() }
        #expect(error?.kind == .input)
        #expect(error?.description.contains(file.path) == true, "\(String(describing: error))")
        #expect(error?.description.contains(String(reflecting: name)) == true, "\(String(describing: error))")
        #expect(
            !FileManager.default.fileExists(atPath: project.directory.url.appendingPathComponent("Compose.lock").path))
    }
}
