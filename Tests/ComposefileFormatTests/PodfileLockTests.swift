import ComposefileFormat
import Specs
import Testing

/// Podfile.lock as CocoaPods 0.39 to 1.16 writes it, read as a lock; YAML aliases refused.
@Suite("Podfile.lock")
struct PodfileLockTests {
    /// Every section CocoaPods 1.16 writes, with the new (`trunk`) and old (URL) SPEC REPOS keys.
    static let modern = """
        PODS:
          - Alamofire (5.9.1)
          - Firebase/Core (10.24.0):
            - Firebase/CoreOnly
            - FirebaseAnalytics (~> 10.24.0)
          - Firebase/CoreOnly (10.24.0):
            - FirebaseCore (= 10.24.0)
          - FirebaseAnalytics (10.24.0)
          - FirebaseCore (10.24.0)
          - Kit (2.0.0-beta.2)
          - Notes (1.4.0)
          - "NSURL+IDN (0.3)"

        DEPENDENCIES:
          - Alamofire (~> 5.4)
          - Firebase/Core
          - Kit (= 2.0.0-beta.2)
          - Notes (from `https://git.example.com/notes.git`, branch `main`)
          - "NSURL+IDN"

        SPEC REPOS:
          https://git.example.com/ios/specs.git:
            - Kit
          trunk:
            - Alamofire
            - Firebase
            - FirebaseAnalytics
            - FirebaseCore
            - "NSURL+IDN"

        EXTERNAL SOURCES:
          Notes:
            :branch: main
            :git: https://git.example.com/notes.git

        CHECKOUT OPTIONS:
          Notes:
            :commit: 0123456789abcdef0123456789abcdef01234567
            :git: https://git.example.com/notes.git

        SPEC CHECKSUMS:
          Alamofire: f36a35757af4587d8e4f4bfa223ad10be2422b8c
          Firebase: 0219acf760880eeec8ce479895bd7767466d9f81
          FirebaseAnalytics: 4d310b35c48eaa4a058ddc04bdca6bdb5dc0fe80
          FirebaseCore: 7ec4d0484817f12c3373955bc87762d96842d483
          Kit: 2e4d1b2fdd5f1528fb56064a91e1d58a1af7a2db
          Notes: 1234567890abcdef1234567890abcdef12345678
          "NSURL+IDN": 82f1a1a3d1bd8ab1d3b4c4e7be3b8ef2e4d8b11c

        PODFILE CHECKSUM: e50dc12248f921cb8ea20421d5e418b87c50f1aa

        COCOAPODS: 1.16.2

        """

    @Test func everySectionOfAModernPodfileLockIsReadAndWrittenBack() throws {
        let (lock, warnings) = try Lockfile.parseWithWarnings(Self.modern, path: "Podfile.lock")
        #expect(warnings.isEmpty)
        #expect(
            lock.lockedVersions.mapValues(\.string) == [
                "Alamofire": "5.9.1", "Firebase/Core": "10.24.0", "Firebase/CoreOnly": "10.24.0",
                "FirebaseAnalytics": "10.24.0", "FirebaseCore": "10.24.0", "Kit": "2.0.0-beta.2", "Notes": "1.4.0",
                "NSURL+IDN": "0.3",
            ])
        #expect(lock.specRepos["trunk"]?.count == 5)
        #expect(lock.specRepos["https://git.example.com/ios/specs.git"] == ["Kit"])
        #expect(lock.checkoutOptions["Notes"]?["commit"] == "0123456789abcdef0123456789abcdef01234567")
        #expect(lock.podfileChecksum == "e50dc12248f921cb8ea20421d5e418b87c50f1aa")
        #expect(lock.cocoapodsVersion == "1.16.2")
        #expect(lock.text == Self.modern)
    }

    @Test func aCocoaPods039LockWithHeadEntriesIsRead() throws {
        let text = """
            PODS:
              - AFNetworking (2.6.3):
                - AFNetworking/NSURLSession (= 2.6.3)
              - AFNetworking/NSURLSession (2.6.3)
              - Pulse (HEAD based on 3.3.0)
              - Tweaks (2.0.0)

            DEPENDENCIES:
              - AFNetworking (~> 2.6)
              - Pulse (HEAD)
              - Tweaks (from `https://github.com/facebook/Tweaks.git`, commit `8d3bd82`)

            EXTERNAL SOURCES:
              Tweaks:
                :commit: 8d3bd82
                :git: https://github.com/facebook/Tweaks.git
                :submodules: true

            CHECKOUT OPTIONS:
              Tweaks:
                :commit: 8d3bd82
                :git: https://github.com/facebook/Tweaks.git

            SPEC CHECKSUMS:
              AFNetworking: cb8d14a848e831097108418f5d49217339d4eb60
              Pulse: '0123456789012345678901234567890123456789'
              Tweaks: 8a7ec4ee3ae4a3fbf1d5ba1e9f4a6a8c2ab6f2ce

            COCOAPODS: 0.39.0

            """
        let (lock, warnings) = try Lockfile.parseWithWarnings(text, path: "Podfile.lock")
        #expect(warnings.isEmpty)
        #expect(
            lock.lockedVersions.mapValues(\.string) == [
                "AFNetworking": "2.6.3", "AFNetworking/NSURLSession": "2.6.3", "Pulse": "3.3.0", "Tweaks": "2.0.0",
            ])
        #expect(
            lock.externalSources["Tweaks"] == [
                "commit": "8d3bd82", "git": "https://github.com/facebook/Tweaks.git", "submodules": "true",
            ])
        #expect(lock.specChecksums["Pulse"] == "0123456789012345678901234567890123456789")
        #expect(lock.cocoapodsVersion == "0.39.0")
        #expect(lock.specRepos.isEmpty)
    }

    @Test func anUnknownSectionIsAWarningAndTheLockIsKept() throws {
        let text = "PODS:\n  - A (1.0)\n\nPLUGINS:\n  cocoapods-keys: {}\n\nCOMPOSE: 0.1.0\n"
        let (lock, warnings) = try Lockfile.parseWithWarnings(text, path: "Compose.lock")
        #expect(lock.lockedVersions.mapValues(\.string) == ["A": "1.0"])
        #expect(
            warnings.map(\.description) == [
                "Compose.lock: warning: the section 'PLUGINS' is not one compose reads; it is skipped. [lock-section-skipped]"
            ])
        #expect(try Lockfile.parse(text) == lock)
    }

    @Test func configurationsAreWrittenAndReadBack() throws {
        var lock = Lockfile()
        lock.pods = [.init(name: "FLEX", version: try Version("5.22.10"))]
        lock.configurations = ["FLEX": ["Debug", "Beta"]]
        #expect(lock.text == "PODS:\n  - FLEX (5.22.10)\n\nCONFIGURATIONS:\n  FLEX:\n    - Debug\n    - Beta\n")
        #expect(try Lockfile.parse(lock.text) == lock)
    }

    /// Eight levels of nine aliases each: 9^8 (43 million) strings once expanded, in about 3 KB.
    @Test func aBillionLaughsLockIsRefusedBeforeAnythingIsExpanded() {
        var text = "PODS:\n  - &l0 \"lol\"\n"
        for level in 1...8 {
            text += "  - &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        text += "\nSPEC CHECKSUMS:\n"
        while text.utf8.count < 3_000 { text += "  Pad\(text.utf8.count): 0123456789abcdef0123456789abcdef01234567\n" }
        #expect(
            throws: ComposefileError.malformedLock(
                path: "Compose.lock", message: "line 2, column 5 uses a YAML anchor ('&l0'), which a lock never holds")
        ) {
            try Lockfile.parse(text)
        }
    }

    @Test func ampersandsAndStarsInsideValuesAreNotAliases() throws {
        let text = """
            PODS:
              - "A&B (1.0)":
                - C (from `../a *b`)

            DEPENDENCIES:
              - "A&B (from `../x &y`)"
              - 'C'

            """
        let lock = try Lockfile.parse(text)
        #expect(lock.pods.map(\.dependencies) == [["C (from `../a *b`)"]])
        #expect(lock.dependencies == ["A&B (from `../x &y`)", "C"])
    }
}
