import Specs

/// CocoaPods: the version is not empty.
struct VersionRequiredRule: LintRule {
    static let description = RuleDescription(
        identifier: "version-required", severity: .error, origin: .cocoapods,
        summary: "The version is not blank.",
        triggering: [.spec(["version": #""  ""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (version, member) = file.rootString("version"),
            version.allSatisfy(\.isWhitespace)
        else { return [] }
        return [finding("A version is required.", at: member.keyLocation, in: file)]
    }
}

/// compose: the version parses with CocoaPods' grammar.
struct VersionFormatRule: LintRule {
    static let description = RuleDescription(
        identifier: "version-format", severity: .error, origin: .compose,
        summary:
            "The version is a CocoaPods version: numbers and letters separated by dots, an optional `-prerelease` and `+metadata`.",
        triggering: [.spec(["version": #""1.0 beta""#]), .spec(["version": #""v1.2""#])],
        nonTriggering: [
            .valid,
            .spec([
                "version": #""1.2.0-beta.1""#,
                "source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.2.0-beta.1" }"#,
            ]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (version, member) = file.rootString("version"), !version.allSatisfy(\.isWhitespace) else { return [] }
        guard !Version.isValid(version) else { return [] }
        return [
            finding(
                "The version `\(version)` is not a valid version. Write numbers separated by dots, such as `1.2.0` or `1.2.0-beta.1`.",
                at: member.keyLocation, in: file)
        ]
    }
}

/// compose: CocoaPods accepts any length; a version that no release process produces is refused.
struct VersionReasonableRule: LintRule {
    static let maximumLength = 64
    static let maximumDigits = 18
    static let description = RuleDescription(
        identifier: "version-reasonable", severity: .error, origin: .compose,
        summary: "The version has at most 64 characters and no number longer than 18 digits.",
        triggering: [.spec(["version": "\"" + String(repeating: "9", count: 400) + "\""])],
        nonTriggering: [
            .valid,
            .spec([
                "version": #""2026.11.23""#,
                "source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": "2026.11.23" }"#,
            ]),
        ])

    static func problem(with version: String) -> String? {
        if version.utf8.count > maximumLength { return "it is longer than \(maximumLength) characters" }
        var run = 0
        for character in version.utf8 {
            run = (character >= 0x30 && character <= 0x39) ? run + 1 : 0
            if run > maximumDigits { return "it has a number longer than \(maximumDigits) digits" }
        }
        return nil
    }

    func check(_ file: SpecFile) -> [Finding] {
        guard let (version, member) = file.rootString("version"), let problem = Self.problem(with: version) else {
            return []
        }
        let shown = version.count > 24 ? String(version.prefix(20)) + "…" : version
        return [finding("The version `\(shown)` is unreasonable: \(problem).", at: member.keyLocation, in: file)]
    }
}

/// CocoaPods: the version is above 0.
struct VersionAboveZeroRule: LintRule {
    static let description = RuleDescription(
        identifier: "version-above-zero", severity: .error, origin: .cocoapods,
        summary: "The version is higher than 0.",
        triggering: [.spec(["version": #""0""#]), .spec(["version": #""0.0.0""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (text, member) = file.rootString("version"), !text.allSatisfy(\.isWhitespace),
            VersionReasonableRule.problem(with: text) == nil,
            let version = try? Version(text), version <= Version.zero
        else { return [] }
        return [finding("The version of the spec should be higher than 0.", at: member.keyLocation, in: file)]
    }
}

/// compose: Swift versions parse as versions.
struct SwiftVersionsRule: LintRule {
    static let description = RuleDescription(
        identifier: "swift-versions", severity: .error, origin: .compose,
        summary:
            "Every entry of `swift_versions` (and `swift_version`) is a Swift version: numbers separated by dots, such as `5.9`.",
        triggering: [.spec(["swift_versions": #"["5.x"]"#]), .spec(["swift_version": #""""#])],
        nonTriggering: [.valid, .spec(["swift_versions": #""5""#, "swift_version": #""5""#])])

    func check(_ file: SpecFile) -> [Finding] {
        ["swift_versions", "swift_version"].flatMap { key -> [Finding] in
            guard let member = file.root.member(key) else { return [] }
            return member.value.stringList.compactMap { text, location in
                let parts = text.trimmed.split(separator: ".", omittingEmptySubsequences: false)
                let valid =
                    !parts.isEmpty
                    && parts.allSatisfy {
                        !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber)
                    }
                guard !valid else { return nil }
                return finding(
                    "Invalid Swift version `\(text)` in `\(key)`; write it like `5.9`.", at: location, in: file)
            }
        }
    }
}
