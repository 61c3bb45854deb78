import Registry
import Testing

@Suite struct RegistryIdentityTests {
    @Test func podNamesThatAreRegistryNamesAreKeptAndOthersRefused() {
        #expect(RegistryIdentity(scope: "ios", name: "Pay")?.description == "ios.Pay")
        #expect(RegistryIdentity(scope: "my-team", name: "Pay_Mediator-2")?.description == "my-team.Pay_Mediator-2")
        for name in [
            "Foo+Bar", "Foo.Swift", "_Pay", "Pay-", "Pay--Kit", "", "../Pay", "Pay/Sub",
            String(repeating: "a", count: 101),
        ] {
            #expect(RegistryIdentity(scope: "ios", name: name) == nil, "\(name)")
            #expect(RegistryIdentity.problem(withName: name) != nil, "\(name)")
        }
        for scope in ["", "a_b", "-ios", "ios.team", String(repeating: "a", count: 40)] {
            #expect(RegistryIdentity(scope: scope, name: "Pay") == nil, "\(scope)")
        }
        #expect(RegistryIdentity("ios.Pay") == RegistryIdentity(scope: "ios", name: "Pay"))
    }

    @Test func podVersionsBecomeSemanticVersionsOrStayGitReleases() {
        #expect(RegistryIdentity.registryVersion(of: "1.2") == "1.2.0")
        #expect(RegistryIdentity.registryVersion(of: "2") == "2.0.0")
        #expect(RegistryIdentity.registryVersion(of: "1.2.3") == "1.2.3")
        #expect(RegistryIdentity.registryVersion(of: "1.0.0-beta.1") == "1.0.0-beta.1")
        for version in ["1.2.3.4", "01.2.0", "1..2", "1.2.x", "1.0.0-", "1.0.0-be_ta"] {
            #expect(RegistryIdentity.registryVersion(of: version) == nil, "\(version)")
        }
    }

    @Test func lookupFilesAreMadeOnlyForURLsThatCannotLeaveTheFolder() {
        #expect(
            RegistryLayout.identifiersFile(forURL: "https://git.example.com/ios/Pay.git")
                == "identifiers/https/git.example.com/ios/Pay.git.json")
        #expect(
            RegistryLayout.identifiersFile(forURL: "file:///srv/git/Pay.git") == "identifiers/file/srv/git/Pay.git.json"
        )
        for url in [
            "git@github.com:ios/Pay.git", "https://host/../etc/passwd", "https://host//Pay", "https://host/a b",
            "https://host/./Pay", "/srv/Pay.git", "https:", "https://host/Pay?x=<script>",
        ] {
            #expect(RegistryLayout.identifiersFile(forURL: url) == nil, "\(url)")
        }
    }
}
