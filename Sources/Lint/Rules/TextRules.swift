import Specs

/// CocoaPods: the authors are not the template's placeholder.
struct AuthorsDefaultRule: LintRule {
    static let description = RuleDescription(
        identifier: "authors-default", severity: .error, origin: .cocoapods,
        summary: "The authors are not the template's `YOUR NAME HERE`.",
        triggering: [.spec(["authors": #"{ "YOUR NAME HERE": "YOUR EMAIL HERE" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let member = file.root.member("authors"), member.value.members.count == 1,
            let only = member.value.members.first, only.key == "YOUR NAME HERE",
            only.value.stringValue == "YOUR EMAIL HERE"
        else { return [] }
        return [finding("The authors have not been updated from default", at: member.keyLocation, in: file)]
    }
}

/// CocoaPods: the summary is at most 140 characters.
struct SummaryLengthRule: LintRule {
    static let description = RuleDescription(
        identifier: "summary-length", severity: .warning, origin: .cocoapods,
        summary: "The summary has at most 140 characters.",
        triggering: [.spec(["summary": "\"" + String(repeating: "sample ", count: 21) + ".\"", "description": nil])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (summary, member) = file.rootString("summary"), summary.count > 140 else { return [] }
        return [
            finding(
                "The summary should be a short version of `description` (max 140 characters).", at: member.keyLocation,
                in: file)
        ]
    }
}

/// CocoaPods: the summary is not the template's placeholder.
struct SummaryMeaningfulRule: LintRule {
    static let description = RuleDescription(
        identifier: "summary-meaningful", severity: .warning, origin: .cocoapods,
        summary: "The summary is not the template's `A short description of …`.",
        triggering: [.spec(["summary": #""A short description of Example.""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (summary, member) = file.rootString("summary"), summary.containsBytes("A short description of") else {
            return []
        }
        return [finding("The summary is not meaningful.", at: member.keyLocation, in: file)]
    }
}

/// CocoaPods: the description says more than the summary.
struct DescriptionEqualsSummaryRule: LintRule {
    static let description = RuleDescription(
        identifier: "description-equals-summary", severity: .warning, origin: .cocoapods,
        summary: "The description is not the summary again.",
        triggering: [.spec(["description": #""Formats prices and dates for the shopping app.""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (text, member) = file.rootString("description"), text == file.rootString("summary")?.value else {
            return []
        }
        return [finding("The description is equal to the summary.", at: member.keyLocation, in: file)]
    }
}

/// CocoaPods: a description, when given, is not blank.
struct DescriptionEmptyRule: LintRule {
    static let description = RuleDescription(
        identifier: "description-empty", severity: .error, origin: .cocoapods,
        summary: "A description, when present, is not blank.",
        triggering: [.spec(["description": #""\n  ""#])],
        nonTriggering: [.valid, .spec(["description": nil])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (text, member) = file.rootString("description"), text.allSatisfy(\.isWhitespace) else { return [] }
        return [finding("The description is empty.", at: member.keyLocation, in: file)]
    }
}

/// CocoaPods: the description is not shorter than the summary.
struct DescriptionShorterRule: LintRule {
    static let description = RuleDescription(
        identifier: "description-shorter-than-summary", severity: .warning, origin: .cocoapods,
        summary: "The description is at least as long as the summary.",
        triggering: [.spec(["description": #""Formats prices.""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (text, member) = file.rootString("description"), !text.allSatisfy(\.isWhitespace),
            let summary = file.rootString("summary")?.value, text.count < summary.count
        else { return [] }
        return [finding("The description is shorter than the summary.", at: member.keyLocation, in: file)]
    }
}

/// CocoaPods: template URLs (`http://EXAMPLE`, `https://twitter.com/EXAMPLE`) were replaced.
struct TemplateURLRule: LintRule {
    static let checks: [(key: String, marker: String, message: String)] = [
        ("homepage", "http://EXAMPLE", "The homepage has not been updated from default"),
        (
            "social_media_url", "https://twitter.com/EXAMPLE",
            "The social media URL has not been updated from the default."
        ),
        ("readme", "/EXAMPLE", "The readme has not been updated from the default."),
        ("changelog", "/EXAMPLE", "The changelog has not been updated from the default."),
    ]
    static let description = RuleDescription(
        identifier: "template-url", severity: .warning, origin: .cocoapods,
        summary: "homepage, social_media_url, readme and changelog are not the template's `EXAMPLE` URLs.",
        triggering: [
            .spec(["homepage": #""http://EXAMPLE/Example""#]),
            .spec(["social_media_url": #""https://twitter.com/EXAMPLE""#]),
            .spec(["readme": #""https://git.example.com/EXAMPLE/README.md""#]),
        ],
        nonTriggering: [.valid, .spec(["readme": #""https://git.example.com/ios/Example/README.md""#])])

    func check(_ file: SpecFile) -> [Finding] {
        Self.checks.compactMap { key, marker, message in
            guard let (value, member) = file.rootString(key), value.containsBytes(marker) else { return nil }
            return finding(message, at: member.keyLocation, in: file)
        }
    }
}
