import Foundation
import Specs

/// The root's `source` object and its git URL, when there is one.
private func gitSource(in file: SpecFile) -> (source: JSONNode.Member, git: String, gitMember: JSONNode.Member)? {
    guard let source = file.root.member("source"), let gitMember = source.value.member("git"),
        let git = gitMember.value.stringValue
    else { return nil }
    return (source, git, gitMember)
}

/// The sub-keys each primary key of `source` allows (cocoapods-core `SOURCE_KEYS`).
let sourceKeys: [String: Set<String>] = [
    "git": ["tag", "branch", "commit", "submodules"],
    "svn": ["folder", "tag", "revision"],
    "hg": ["revision"],
    "http": ["flatten", "type", "sha256", "sha1", "headers"],
]

/// CocoaPods (analyzer): `source` has exactly one primary key and only its sub-keys.
struct SourceKeysRule: LintRule {
    static let description = RuleDescription(
        identifier: "source-keys", severity: .warning, origin: .cocoapods,
        summary: "`source` has one of git, hg, http, svn and only the keys that go with it.",
        triggering: [
            .spec(["source": #"{ "tig": "https://git.example.com/ios/Example.tig" }"#]),
            .spec(["source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.2.0", "sha256": "00" }"#]),
            .spec([
                "source":
                    #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.2.0", "http": "https://example.com/a.zip" }"#
            ]),
        ],
        nonTriggering: [
            .valid,
            .spec(["source": #"{ "http": "https://example.com/Example-1.2.0.zip", "type": "zip", "sha256": "00" }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let source = file.root.member("source"), source.value.isObject else { return [] }
        let keys = source.value.members.map(\.key)
        let primaries = keys.filter { sourceKeys[$0] != nil }
        let at = source.keyLocation
        switch Set(primaries).count {
        case 0:
            return [
                finding(
                    "Missing primary key for `source` attribute. The acceptable ones are: `git, hg, http, svn`.",
                    at: at, in: file)
            ]
        case 1:
            let primary = primaries[0]
            let unknown = Set(keys).subtracting([primary]).subtracting(sourceKeys[primary]!).sorted()
            guard !unknown.isEmpty else { return [] }
            return [
                finding(
                    "Incompatible `\(unknown.joined(separator: ", "))` key(s) with `\(primary)` primary key for `source` attribute.",
                    at: at, in: file)
            ]
        default:
            return [
                finding(
                    "Incompatible `\(Set(primaries).sorted().joined(separator: ", "))` keys for `source` attribute.",
                    at: at, in: file)
            ]
        }
    }
}

/// CocoaPods: the git URL is not the template's `http://EXAMPLE`.
struct SourceExampleURLRule: LintRule {
    static let description = RuleDescription(
        identifier: "source-example-url", severity: .error, origin: .cocoapods,
        summary: "The git URL is not the template's `http://EXAMPLE/…`.",
        triggering: [.spec(["source": #"{ "git": "http://EXAMPLE/Example.git", "tag": "1.2.0" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), git.git.containsBytes("http://EXAMPLE") else { return [] }
        return [finding("The Git source still contains the example URL.", at: git.gitMember.keyLocation, in: file)]
    }
}

/// CocoaPods: the commit is not `HEAD`.
struct SourceCommitHeadRule: LintRule {
    static let description = RuleDescription(
        identifier: "source-commit-head", severity: .error, origin: .cocoapods,
        summary: "A git source's commit is a commit, not `HEAD`.",
        triggering: [
            .spec(["source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.2.0", "commit": "HEAD" }"#]
            )
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), let commit = git.source.value.member("commit"),
            let text = commit.value.stringValue, text.lowercased().contains("head")
        else { return [] }
        return [finding("The commit of a Git source cannot be `HEAD`.", at: commit.keyLocation, in: file)]
    }
}

/// Stricter than CocoaPods (which only warns when the tag does not contain the version): compose
/// publishes and installs by tag, so the tag is the version; a tag that merely contains it
/// (`v1.2.0`) is a warning, any other tag an error.
struct SourceTagVersionRule: LintRule {
    static let description = RuleDescription(
        identifier: "source-tag-version", severity: .error, origin: .cocoapodsStricter,
        summary: "The git tag equals the version (a tag that contains it, like `v1.2.0`, is a warning).",
        triggering: [
            .spec(["source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.1.0" }"#]),
            .spec(["source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": "v1.2.0" }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), let tagMember = git.source.value.member("tag"),
            let tag = tagMember.value.stringValue, let version = file.rootString("version")?.value, tag != version
        else { return [] }
        if tag.contains(version) {
            return [
                finding(
                    "The Git tag `\(tag)` contains the version `\(version)` but is not equal to it; compose tags releases with the bare version.",
                    at: tagMember.keyLocation, in: file, severity: .warning)
            ]
        }
        return [
            finding(
                "The version should be included in the Git tag: the tag is `\(tag)`, the version `\(version)`. Set \"tag\" to \"\(version)\".",
                at: tagMember.keyLocation, in: file)
        ]
    }
}

/// Stricter than CocoaPods (a public-only warning there): a git source names its tag.
struct SourceTagMissingRule: LintRule {
    static let description = RuleDescription(
        identifier: "source-tag-missing", severity: .error, origin: .cocoapodsStricter,
        summary: "A git source has a `tag` (releases are found by tag).",
        triggering: [.spec(["source": #"{ "git": "https://git.example.com/ios/Example.git", "commit": "9f8e7d6c" }"#])],
        nonTriggering: [.valid, .spec(["source": #"{ "http": "https://example.com/Example-1.2.0.zip" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), git.source.value.member("tag") == nil else { return [] }
        return [
            finding(
                "Git sources should specify a tag. Add \"tag\": \"\(file.versionString ?? "VERSION")\" to `source`.",
                at: git.source.keyLocation, in: file)
        ]
    }
}

/// The host of a URL-shaped git source, when it is on github.com.
private func gitHubURL(_ git: String) -> URLComponents? {
    guard let components = URLComponents(string: git), components.scheme != nil,
        let host = components.host?.lowercased(), host.hasSuffix("github.com")
    else { return nil }
    return components
}

/// CocoaPods: GitHub URLs do not use `www.`.
struct GitHubNoWWWRule: LintRule {
    static let description = RuleDescription(
        identifier: "github-no-www", severity: .warning, origin: .cocoapods,
        summary: "A GitHub URL does not start with `www.`.",
        triggering: [.spec(["source": #"{ "git": "https://www.github.com/team/Example.git", "tag": "1.2.0" }"#])],
        nonTriggering: [
            .valid, .spec(["source": #"{ "git": "https://github.com/team/Example.git", "tag": "1.2.0" }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), let url = gitHubURL(git.git),
            url.host?.lowercased().hasPrefix("www.") == true
        else { return [] }
        return [
            finding("Github repositories should not use `www` in their URL.", at: git.gitMember.keyLocation, in: file)
        ]
    }
}

/// CocoaPods: GitHub URLs end in `.git`.
struct GitHubDotGitRule: LintRule {
    static let description = RuleDescription(
        identifier: "github-dot-git", severity: .warning, origin: .cocoapods,
        summary: "A GitHub URL ends in `.git`.",
        triggering: [.spec(["source": #"{ "git": "https://github.com/team/Example", "tag": "1.2.0" }"#])],
        nonTriggering: [
            .valid, .spec(["source": #"{ "git": "https://github.com/team/Example.git", "tag": "1.2.0" }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), gitHubURL(git.git) != nil, !git.git.hasSuffix(".git") else { return [] }
        return [finding("Github repositories should end in `.git`.", at: git.gitMember.keyLocation, in: file)]
    }
}

/// CocoaPods public-only: GitHub URLs use https. A note for private repos.
struct GitHubHTTPSRule: LintRule {
    static let description = RuleDescription(
        identifier: "github-https", severity: .note, origin: .cocoapodsPublicOnly,
        summary: "A GitHub URL uses https.",
        triggering: [.spec(["source": #"{ "git": "http://github.com/team/Example.git", "tag": "1.2.0" }"#])],
        nonTriggering: [
            .valid, .spec(["source": #"{ "git": "https://github.com/team/Example.git", "tag": "1.2.0" }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), let url = gitHubURL(git.git), url.scheme?.lowercased() != "https" else {
            return []
        }
        return [finding("Github repositories should use an `https` link.", at: git.gitMember.keyLocation, in: file)]
    }
}

/// CocoaPods public-only: SSH git URLs (`git@host:path`). A note, since private repos often use them.
struct GitSSHURLRule: LintRule {
    static let description = RuleDescription(
        identifier: "git-ssh-url", severity: .note, origin: .cocoapodsPublicOnly,
        summary: "The git URL is not an SSH `user@host:path` URL (people behind HTTP-only firewalls cannot fetch it).",
        triggering: [.spec(["source": #"{ "git": "git@git.example.com:ios/Example.git", "tag": "1.2.0" }"#])])

    /// `\w+@(\w|\.)+:(/\w+)*` as in cocoapods-core, searched anywhere in the URL.
    static func isSSH(_ url: String) -> Bool {
        let isWord = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "_") }
        let chars = Array(url)
        var i = 0
        while i < chars.count {
            guard chars[i] == "@", i > 0, isWord(chars[i - 1]) else {
                i += 1
                continue
            }
            var j = i + 1
            while j < chars.count, isWord(chars[j]) || chars[j] == "." { j += 1 }
            if j > i + 1, j < chars.count, chars[j] == ":" { return true }
            i += 1
        }
        return false
    }

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file), Self.isSSH(git.git) else { return [] }
        return [
            finding(
                "Git SSH URLs will NOT work for people behind firewalls configured to only allow HTTP, therefore HTTPS is preferred.",
                at: git.gitMember.keyLocation, in: file)
        ]
    }
}

/// compose: git refs that reach git are plain ref names: nothing an option parser or a ref
/// lookup could misread.
struct SourceRefSafeRule: LintRule {
    static let description = RuleDescription(
        identifier: "source-ref-safe", severity: .error, origin: .compose,
        summary:
            "A git source's tag, branch and commit do not begin with `-` and hold no whitespace, control characters, `..` or `~^:?*[\\`.",
        triggering: [
            .spec([
                "source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": "--upload-pack=touch 1.2.0" }"#
            ]),
            .spec([
                "source":
                    #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.2.0", "branch": "release/../main" }"#
            ]),
        ],
        nonTriggering: [
            .valid,
            .spec([
                "source":
                    #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.2.0", "branch": "release/1.2" }"#
            ]),
        ])

    static func problem(with ref: String) -> String? {
        if ref.isEmpty { return "it is empty" }
        if ref.hasPrefix("-") { return "it begins with `-`" }
        if ref.contains("..") { return "it contains `..`" }
        if ref.unicodeScalars.contains(where: {
            $0.value <= 0x20 || $0.value == 0x7F || "~^:?*[\\".unicodeScalars.contains($0)
        }) {
            return "it contains whitespace, a control character or one of ~^:?*[\\"
        }
        return nil
    }

    func check(_ file: SpecFile) -> [Finding] {
        guard let git = gitSource(in: file) else { return [] }
        return ["tag", "branch", "commit"].compactMap { key in
            guard let member = git.source.value.member(key), let ref = member.value.stringValue,
                let problem = Self.problem(with: ref)
            else { return nil }
            return finding(
                "The git `\(key)` `\(ref)` is not a valid ref name: \(problem).", at: member.keyLocation, in: file)
        }
    }
}

/// compose: a prebuilt artifact (docs/binary-components.md) is an https or file URL to a `.zip`
/// and its SHA-256.
struct PrebuiltRule: LintRule {
    static let description = RuleDescription(
        identifier: "prebuilt", severity: .error, origin: .compose,
        summary:
            "`prebuilt` holds `url` (https:// or file:// to a .zip) and `sha256` (64 lowercase hex digits), nothing else.",
        triggering: [
            .spec([
                "prebuilt":
                    #"{ "url": "http://artifacts.example.com/Example-1.2.0.zip", "sha256": "6c1f0ad1c0a2bd0c9a4cfa2c1f6f3b1f5a3f1e2d9c8b7a6f5e4d3c2b1a0f9e8d" }"#
            ]),
            .spec([
                "prebuilt":
                    #"{ "url": "https://artifacts.example.com/Example-1.2.0.tar.gz", "sha256": "6c1f0ad1c0a2bd0c9a4cfa2c1f6f3b1f5a3f1e2d9c8b7a6f5e4d3c2b1a0f9e8d" }"#
            ]),
            .spec(["prebuilt": #"{ "url": "https://artifacts.example.com/Example-1.2.0.zip", "sha256": "6C1F" }"#]),
            .spec(["prebuilt": #"{ "url": "https://artifacts.example.com/Example-1.2.0.zip" }"#]),
            .spec([
                "prebuilt":
                    #"{ "url": "https://artifacts.example.com/Example-1.2.0.zip", "sha256": "6c1f0ad1c0a2bd0c9a4cfa2c1f6f3b1f5a3f1e2d9c8b7a6f5e4d3c2b1a0f9e8d", "type": "zip" }"#
            ]),
        ],
        nonTriggering: [
            .valid,
            .spec([
                "prebuilt":
                    #"{ "url": "https://artifacts.example.com/ios/Example-1.2.0.zip", "sha256": "6c1f0ad1c0a2bd0c9a4cfa2c1f6f3b1f5a3f1e2d9c8b7a6f5e4d3c2b1a0f9e8d" }"#
            ]),
            .spec([
                "prebuilt":
                    #"{ "url": "file:///srv/artifacts/Example-1.2.0.zip", "sha256": "6c1f0ad1c0a2bd0c9a4cfa2c1f6f3b1f5a3f1e2d9c8b7a6f5e4d3c2b1a0f9e8d" }"#
            ]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let prebuilt = file.root.member("prebuilt"), prebuilt.value.isObject else { return [] }
        var findings: [Finding] = []
        for member in prebuilt.value.members where member.key != "url" && member.key != "sha256" {
            findings.append(
                finding(
                    "Unrecognized `\(member.key)` key for `prebuilt`; it holds `url` and `sha256`.",
                    at: member.keyLocation, in: file))
        }
        if let url = prebuilt.value.member("url") {
            let text = url.value.stringValue ?? ""
            let lower = text.lowercased()
            if !(lower.hasPrefix("https://") || lower.hasPrefix("file://")) || !lower.hasSuffix(".zip") {
                findings.append(
                    finding(
                        "`prebuilt.url` must be an https:// or file:// URL to a .zip (found `\(url.value.stringValue ?? url.value.typeName)`).",
                        at: url.keyLocation, in: file))
            }
        } else {
            findings.append(
                finding(
                    "`prebuilt` has no `url`; give the https:// URL of the artifact's .zip.", at: prebuilt.keyLocation,
                    in: file))
        }
        if let checksum = prebuilt.value.member("sha256") {
            let text = checksum.value.stringValue ?? ""
            let isHex =
                text.utf8.count == 64
                && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
            if !isHex {
                findings.append(
                    finding(
                        "`prebuilt.sha256` must be 64 lowercase hex digits (`swift package compute-checksum FILE.zip`).",
                        at: checksum.keyLocation, in: file))
            }
        } else {
            findings.append(
                finding(
                    "`prebuilt` has no `sha256`; add the output of `swift package compute-checksum FILE.zip`.",
                    at: prebuilt.keyLocation, in: file))
        }
        return findings
    }
}
