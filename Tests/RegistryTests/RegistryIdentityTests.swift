import Registry
import XCTest

final class RegistryIdentityTests: XCTestCase {
    func testPodNamesThatAreRegistryNamesAreKeptAndOthersRefused() {
        XCTAssertEqual(RegistryIdentity(scope: "ios", name: "Pay")?.description, "ios.Pay")
        XCTAssertEqual(
            RegistryIdentity(scope: "my-team", name: "Pay_Mediator-2")?.description, "my-team.Pay_Mediator-2")
        for name in [
            "Foo+Bar", "Foo.Swift", "_Pay", "Pay-", "Pay--Kit", "", "../Pay", "Pay/Sub",
            String(repeating: "a", count: 101),
        ] {
            XCTAssertNil(RegistryIdentity(scope: "ios", name: name), name)
            XCTAssertNotNil(RegistryIdentity.problem(withName: name), name)
        }
        for scope in ["", "a_b", "-ios", "ios.team", String(repeating: "a", count: 40)] {
            XCTAssertNil(RegistryIdentity(scope: scope, name: "Pay"), scope)
        }
        XCTAssertEqual(RegistryIdentity("ios.Pay"), RegistryIdentity(scope: "ios", name: "Pay"))
    }

    func testPodVersionsBecomeSemanticVersionsOrStayGitReleases() {
        XCTAssertEqual(RegistryIdentity.registryVersion(of: "1.2"), "1.2.0")
        XCTAssertEqual(RegistryIdentity.registryVersion(of: "2"), "2.0.0")
        XCTAssertEqual(RegistryIdentity.registryVersion(of: "1.2.3"), "1.2.3")
        XCTAssertEqual(RegistryIdentity.registryVersion(of: "1.0.0-beta.1"), "1.0.0-beta.1")
        for version in ["1.2.3.4", "01.2.0", "1..2", "1.2.x", "1.0.0-", "1.0.0-be_ta"] {
            XCTAssertNil(RegistryIdentity.registryVersion(of: version), version)
        }
    }

    func testLookupFilesAreMadeOnlyForURLsThatCannotLeaveTheFolder() {
        XCTAssertEqual(
            RegistryLayout.identifiersFile(forURL: "https://git.example.com/ios/Pay.git"),
            "identifiers/https/git.example.com/ios/Pay.git.json")
        XCTAssertEqual(
            RegistryLayout.identifiersFile(forURL: "file:///srv/git/Pay.git"), "identifiers/file/srv/git/Pay.git.json")
        for url in [
            "git@github.com:ios/Pay.git", "https://host/../etc/passwd", "https://host//Pay", "https://host/a b",
            "https://host/./Pay", "/srv/Pay.git", "https:", "https://host/Pay?x=<script>",
        ] {
            XCTAssertNil(RegistryLayout.identifiersFile(forURL: url), url)
        }
    }
}
