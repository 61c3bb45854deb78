extension RuleExample {
    /// The members of a spec that passes every rule, as raw JSON values in file order.
    static let validMembers: [(String, String)] = [
        ("name", #""Example""#),
        ("version", #""1.2.0""#),
        ("summary", #""Formats prices and dates for the shopping app.""#),
        (
            "description",
            #""Example formats prices, dates and quantities for every screen of the shopping app, with locale-aware rounding.""#
        ),
        ("homepage", #""https://git.example.com/ios/Example""#),
        ("license", #"{ "type": "MIT", "file": "LICENSE" }"#),
        ("authors", #"{ "iOS Team": "ios@example.com" }"#),
        ("source", #"{ "git": "https://git.example.com/ios/Example.git", "tag": "1.2.0" }"#),
        ("platforms", #"{ "ios": "13.0", "osx": "10.15" }"#),
        ("swift_versions", #"["5.9"]"#),
        ("source_files", #""Sources/Example/**/*.swift""#),
    ]

    /// A spec that passes every rule.
    package static let valid = RuleExample.spec([:])

    /// The valid spec with members replaced (in place), added (at the end) or removed (`nil`).
    static func spec(_ changes: KeyValuePairs<String, String?>, fileName: String = "Example.podspec.json")
        -> RuleExample
    {
        var members = validMembers.map { (key: $0.0, value: Optional($0.1)) }
        for (key, value) in changes {
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = value
            } else {
                members.append((key, value))
            }
        }
        let body = members.compactMap { member in member.value.map { "  \"\(member.key)\": \($0)" } }
        return RuleExample("{\n" + body.joined(separator: ",\n") + "\n}\n", fileName: fileName)
    }
}
